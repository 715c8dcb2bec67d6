import type { components } from '#domain/api-schema.d.ts';
import { innProblem, kppProblem, ogrnProblem } from '#domain/requisites.ts';
import type { ServiceContext } from '../context.ts';
import { ApiError, apiError } from '../errors.ts';
import { optionalText } from '../text.ts';
import type { UserRow } from '../users/users.repository.ts';
import { findCompanyById, updateCompany } from './companies.repository.ts';

type Company = components['schemas']['Company'];
type CompanyInput = components['schemas']['CompanyInput'];

/** Checks ИНН, КПП and ОГРН when given: the first problem, named by its field, is a 400. */
export function checkRequisites(requisites: { inn: string | null; kpp: string | null; ogrn: string | null }): void {
  const checks = [
    ['inn', requisites.inn, innProblem],
    ['kpp', requisites.kpp, kppProblem],
    ['ogrn', requisites.ogrn, ogrnProblem],
  ] as const;
  for (const [field, value, problemOf] of checks) {
    const problem = value === null ? null : problemOf(value);
    if (problem) throw new ApiError('validation_error', { message: problem, extra: { field } });
  }
}

async function companyOf(ctx: ServiceContext, actor: UserRow) {
  const company = actor.company_id === null ? undefined : await findCompanyById(ctx.db, actor.company_id);
  if (!company) throw apiError('forbidden', 'Раздел доступен только пользователям компаний');
  return company;
}

/** The caller's company (spec §3 Company). */
export async function myCompany(ctx: ServiceContext, actor: UserRow): Promise<Company> {
  const company = await companyOf(ctx, actor);
  return {
    id: company.id,
    legalEntity: company.legal_entity,
    legalAddress: company.legal_address,
    inn: company.inn,
    kpp: company.kpp,
    ogrn: company.ogrn,
    contactFio: company.contact_fio,
    contactPhone: company.contact_phone,
  };
}

/** Replaces the company's data: the owner only; legal entity required, requisites checked, empty values null. */
export async function updateMyCompany(ctx: ServiceContext, actor: UserRow, input: CompanyInput): Promise<Company> {
  const company = await companyOf(ctx, actor);
  if (actor.role !== 'owner') throw apiError('forbidden', 'Изменять данные компании может только владелец');
  const legalEntity = optionalText(input.legalEntity);
  if (legalEntity === null) {
    throw new ApiError('validation_error', { message: 'Укажите юридическое лицо', extra: { field: 'legalEntity' } });
  }
  const changes = {
    legalEntity,
    legalAddress: optionalText(input.legalAddress),
    inn: optionalText(input.inn),
    kpp: optionalText(input.kpp),
    ogrn: optionalText(input.ogrn),
    contactFio: optionalText(input.contactFio),
    contactPhone: optionalText(input.contactPhone),
  };
  checkRequisites(changes);
  await updateCompany(ctx.db, company.id, changes);
  return myCompany(ctx, actor);
}
