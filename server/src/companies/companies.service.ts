import type { Company, CompanyInput } from '#domain/contract.ts';
import { innProblem, kppProblem, ogrnProblem } from '#domain/requisites.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { violatesUnique } from '../db/unique-violation.ts';
import { ApiError, apiError } from '../errors.ts';
import { optionalText, requiredText } from '../text.ts';
import { ROLE_REFUSALS, requireCompanyUser, requireOwner } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { deleteCompanyUsers, insertUser, withNewLogin } from '../users/users.service.ts';
import {
  claimExpiredRegistration,
  confirmBySignature,
  decideRegisteredCompany,
  deleteDeclinedCompany,
  deletePendingCompany,
  findCompanyById,
  findCompanyByInn,
  findOtherCompanyByInn,
  findRegisteredCompany,
  forgetStatement,
  insertCompany,
  keepStatementKey,
  listExpiredRegistrations,
  listPendingCompanies,
  updateCompany,
} from './companies.repository.ts';

/** An ИНН belongs to one company of the portal: another's is 409 `inn_taken`, named by its field. */
async function checkInnFree(db: Db, inn: string | null, companyId: number | null): Promise<void> {
  if (inn !== null && (await findOtherCompanyByInn(db, inn, companyId))) {
    throw new ApiError('inn_taken', { extra: { field: 'inn' } });
  }
}

/**
 * Whether a database error is the unique index on the ИНН (`companies_inn_unique`): of two saves of one ИНН at once
 * the other won. Such a save answers as a taken ИНН does.
 */
export function isInnConflict(error: unknown): boolean {
  return violatesUnique(error, 'companyInn');
}

/** Runs a company's write; the ИНН index's refusal is the 409 `inn_taken` of `checkInnFree`. */
async function innChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (!(error instanceof ApiError) && isInnConflict(error))
      throw new ApiError('inn_taken', { extra: { field: 'inn' } });
    throw error;
  }
}

/** Checks ИНН, КПП and ОГРН when given: the first problem, named by its field, is a 400. */
function checkRequisites(requisites: { inn: string | null; kpp: string | null; ogrn: string | null }): void {
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

interface NewCompanyWithOwner {
  email: string;
  legalEntity: string;
  inn?: string | null;
  kpp?: string | null;
  ogrn?: string | null;
  legalAddress?: string | null;
  /** The owner's name; also the company head (contactFio) unless `headFio` is given. */
  fio?: string | null;
  headFio?: string | null;
  /** The head's phone (contactPhone). */
  phone?: string | null;
}

/** Creates a company together with its owner, in one transaction. */
export async function createCompanyWithOwner(
  ctx: ServiceContext,
  input: NewCompanyWithOwner,
): Promise<{ companyId: number; userId: number }> {
  const legalEntity = requiredText(input.legalEntity, 'Укажите юридическое лицо');
  return withNewLogin(ctx, input.email, async (trx, { email, createdAt }) => {
    const fio = optionalText(input.fio);
    const requisites = { inn: optionalText(input.inn), kpp: optionalText(input.kpp), ogrn: optionalText(input.ogrn) };
    checkRequisites(requisites);
    await checkInnFree(trx, requisites.inn, null);
    const companyId = await innChecked(
      insertCompany(trx, {
        legalEntity,
        legalAddress: optionalText(input.legalAddress),
        ...requisites,
        contactFio: optionalText(input.headFio) ?? fio,
        contactPhone: optionalText(input.phone),
        createdAt,
      }),
    );
    const userId = await insertUser(trx, { email, fio, role: 'owner', companyId, createdAt });
    return { companyId, userId };
  });
}

/** The company with this ИНН (any state) and its owners' e-mails, or undefined. */
export function companyWithInn(db: Db, inn: string) {
  return findCompanyByInn(db, inn);
}

/** A registered organisation, `pending` from `registeredAt`, inserted in the caller's transaction; its id. */
export function insertRegisteredCompany(
  trx: Db,
  company: {
    legalEntity: string;
    legalAddress: string;
    inn: string;
    kpp: string | null;
    ogrn: string;
    head: { fio: string; phone: string };
    registeredAt: string;
  },
): Promise<number> {
  return insertCompany(trx, {
    legalEntity: company.legalEntity,
    legalAddress: company.legalAddress,
    inn: company.inn,
    kpp: company.kpp,
    ogrn: company.ogrn,
    contactFio: company.head.fio,
    contactPhone: company.head.phone,
    createdAt: company.registeredAt,
    registeredAt: company.registeredAt,
  });
}

/** A company's ИНН and ОГРН (null when unknown): whose requisites its documents and powers of attorney must carry. */
export async function companyRequisites(ctx: ServiceContext, companyId: number) {
  const company = await findCompanyById(ctx.db, companyId);
  return { inn: company?.inn ?? null, ogrn: company?.ogrn ?? null };
}

async function companyOf(ctx: ServiceContext, actor: UserRow) {
  const company = await findCompanyById(ctx.db, requireCompanyUser(actor));
  if (!company) throw apiError('forbidden', ROLE_REFUSALS.companyUser);
  return company;
}

/** A company as the contract shows it. */
function companyView(company: Awaited<ReturnType<typeof companyOf>>): Company {
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

/** The caller's company (docs/product.md «Entities»). */
export async function myCompany(ctx: ServiceContext, actor: UserRow): Promise<Company> {
  return companyView(await companyOf(ctx, actor));
}

/** Replaces the company's data: the owner only; legal entity required, requisites checked, empty values null. */
export async function updateMyCompany(ctx: ServiceContext, actor: UserRow, input: CompanyInput): Promise<Company> {
  const company = await companyOf(ctx, actor);
  requireOwner(actor);
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
  await checkInnFree(ctx.db, changes.inn, company.id);
  // A save that changes nothing writes nothing: a company's row is on every examiner's list, and any write to it moves
  // every list's revision and tells every live stream (PostgreSQL's statement triggers fire even for no row).
  const stored = companyView(company);
  const same = (Object.keys(changes) as (keyof typeof changes)[]).every((key) => changes[key] === stored[key]);
  if (!same) await innChecked(updateCompany(ctx.db, company.id, changes));
  // A waiting registration's statement names the requisites: changed, it is made anew on the next download, and a
  // signature of the old one no longer confirms (docs/product.md «Registration»).
  if (!same && company.state === 'pending' && company.statement_key) await forgetStatement(ctx.db, company.id);
  return myCompany(ctx, actor);
}

/** The registrations waiting for a head's decision, oldest first, with their registrant. */
export function pendingRegistrations(db: Db) {
  return listPendingCompanies(db);
}

/** A registration by company id, for a decision; undefined when the company never registered. */
export function registeredCompany(db: Db, id: number) {
  return findRegisteredCompany(db, id);
}

/** Decides a waiting registration in the caller's transaction; false when another decision came first. */
export function decideRegistrationOf(db: Db, id: number, decision: Parameters<typeof decideRegisteredCompany>[2]) {
  return decideRegisteredCompany(db, id, decision);
}

/** The caller's registered company as it stands, for its registration statement and confirmation; undefined if none. */
export async function ownRegistration(ctx: ServiceContext, actor: UserRow) {
  const company = await findCompanyById(ctx.db, requireCompanyUser(actor));
  return company?.registered_at ? company : undefined;
}

/** Keeps the registration statement's key once (see keepStatementKey). */
export function keepRegistrationStatement(db: Db, id: number, stored: Parameters<typeof keepStatementKey>[2]) {
  return keepStatementKey(db, id, stored);
}

/** Confirms a waiting registration by signature in the caller's transaction (see confirmBySignature). */
export function confirmRegistrationBySignature(
  db: Db,
  id: number,
  confirmation: Parameters<typeof confirmBySignature>[2],
) {
  return confirmBySignature(db, id, confirmation);
}

/** The registrations kept past `before` (see listExpiredRegistrations). */
export function expiredRegistrations(db: Db, before: string) {
  return listExpiredRegistrations(db, before);
}

/**
 * Removes an expired registration with its people and their data, in the caller's transaction; false when it is no
 * longer one (confirmed, registered again, removed by another process).
 */
export async function removeExpiredRegistration(db: Db, id: number, before: string): Promise<boolean> {
  if (!(await claimExpiredRegistration(db, id, before))) return false;
  await deleteCompanyUsers(db, id);
  await deletePendingCompany(db, id);
  return true;
}

/** Removes a declined registration with its people and their data, in the caller's transaction. */
export async function removeDeclinedRegistration(db: Db, id: number): Promise<void> {
  const company = await findRegisteredCompany(db, id);
  if (!company || company.state !== 'pending' || company.declined_at === null) return;
  await deleteCompanyUsers(db, id);
  await deleteDeclinedCompany(db, id);
}
