import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import { findUserByEmail, insertUser, normalizeEmail, type UserRow } from './users.repository.ts';

/** The API shape of the current user (spec §3 User); rows never leave the server as they are. */
export function toApiUser(row: UserRow) {
  return {
    id: row.id,
    fio: row.fio,
    email: row.email,
    role: row.role,
    isOwner: row.role === 'owner',
    company: row.company_id !== null ? { id: row.company_id, legalEntity: row.company_legal_entity ?? '' } : null,
    instance: row.instance_id !== null ? { id: row.instance_id, name: row.instance_name ?? '' } : null,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requireFreeEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (!EMAIL.test(normalized)) throw new ApiError(400, 'invalid_email', `Некорректный email: ${email}`);
  return normalized;
}

export interface NewCompany {
  email: string;
  legalEntity: string;
  inn?: string | null;
  kpp?: string | null;
  ogrn?: string | null;
  fio?: string | null;
  legalAddress?: string | null;
  director?: string | null;
  directorPhone?: string | null;
  contactPhone?: string | null;
}

/** Creates a company together with its owner, in one transaction. */
export async function createCompanyWithOwner(
  db: Db,
  input: NewCompany,
): Promise<{ companyId: number; userId: number }> {
  const email = requireFreeEmail(input.email);
  if (!input.legalEntity.trim()) throw new ApiError(400, 'invalid_legal_entity', 'Укажите юридическое лицо');
  return db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, email)) throw new ApiError(409, 'email_taken', `Пользователь ${email} уже есть`);
    const createdAt = nowIso();
    const company = await trx
      .insertInto('companies')
      .values({
        legal_entity: input.legalEntity.trim(),
        legal_address: input.legalAddress ?? null,
        inn: input.inn ?? null,
        kpp: input.kpp ?? null,
        ogrn: input.ogrn ?? null,
        contact_fio: input.fio ?? null,
        contact_phone: input.contactPhone ?? null,
        director: input.director ?? null,
        director_phone: input.directorPhone ?? null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const userId = await insertUser(trx, {
      email,
      fio: input.fio ?? null,
      role: 'owner',
      companyId: company.id,
      createdAt,
    });
    return { companyId: company.id, userId };
  });
}

export interface NewExaminer {
  email: string;
  fio: string;
  phone?: string | null;
  instanceName?: string;
}

export const DEFAULT_INSTANCE_NAME = 'Комитет по архитектуре и градостроительству';

/** Creates an examiner in the committee (the single instance, created on first use). */
export async function createExaminer(db: Db, input: NewExaminer): Promise<{ instanceId: number; userId: number }> {
  const email = requireFreeEmail(input.email);
  if (!input.fio.trim()) throw new ApiError(400, 'invalid_fio', 'Укажите ФИО');
  return db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, email)) throw new ApiError(409, 'email_taken', `Пользователь ${email} уже есть`);
    const createdAt = nowIso();
    const name = input.instanceName ?? DEFAULT_INSTANCE_NAME;
    let instance = await trx.selectFrom('instances').select('id').where('name', '=', name).executeTakeFirst();
    if (!instance) {
      instance = await trx
        .insertInto('instances')
        .values({ name, created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    const userId = await insertUser(trx, {
      email,
      fio: input.fio.trim(),
      phone: input.phone ?? null,
      role: 'examiner',
      instanceId: instance.id,
      createdAt,
    });
    return { instanceId: instance.id, userId };
  });
}
