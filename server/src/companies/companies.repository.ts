import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** A company's own data: what its owner may change. */
interface CompanyChanges {
  legalEntity: string;
  legalAddress: string | null;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  /** The company head: shown as the statement's companyDirector and on the certificate. */
  contactFio: string | null;
  contactPhone: string | null;
}

interface NewCompany extends CompanyChanges {
  createdAt: string;
  /** A registration's company is `pending` from the moment it registered; the console's is `active`. */
  registeredAt?: string;
}

/** The columns of a company's own data, for the insert and the update alike. */
function companyColumns(company: CompanyChanges) {
  return {
    legal_entity: company.legalEntity,
    legal_address: company.legalAddress,
    inn: company.inn,
    kpp: company.kpp,
    ogrn: company.ogrn,
    contact_fio: company.contactFio,
    contact_phone: company.contactPhone,
  };
}

export async function insertCompany(db: Db, company: NewCompany): Promise<number> {
  const row = await db
    .insertInto('companies')
    .values({
      ...companyColumns(company),
      created_at: company.createdAt,
      ...(company.registeredAt ? { state: 'pending' as const, registered_at: company.registeredAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Another company with this ИНН, if any (an ИНН names one legal entity). */
export function findOtherCompanyByInn(db: Db, inn: string, exceptId: number | null) {
  let query = db.selectFrom('companies').select('id').where('inn', '=', inn);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** The company with this ИНН, any state, with the e-mails of its owners: whom to tell that someone tried to register it. */
export async function findCompanyByInn(db: Db, inn: string) {
  const company = await db
    .selectFrom('companies')
    .select(['id', 'state', 'declined_at'])
    .where('inn', '=', inn)
    .executeTakeFirst();
  if (!company) return undefined;
  const owners = await db
    .selectFrom('users')
    .select('email')
    .where('company_id', '=', company.id)
    .where('role', '=', 'owner')
    .where('removed_at', 'is', null)
    .where('email', 'is not', null)
    .execute();
  return { ...company, ownerEmails: owners.map((owner) => owner.email as string) };
}

export function findCompanyById(db: Db, id: number) {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateCompany(db: Db, id: number, changes: CompanyChanges): Promise<void> {
  await db.updateTable('companies').set(companyColumns(changes)).where('id', '=', id).execute();
}

/** The registrations waiting for a head's decision (pending, not declined), oldest first, with their registrant. */
export function listPendingCompanies(db: Db) {
  return db
    .selectFrom('companies')
    .leftJoin('users', (join) =>
      join
        .onRef('users.company_id', '=', 'companies.id')
        .on('users.role', '=', 'owner')
        .on('users.removed_at', 'is', null),
    )
    .select([
      'companies.id',
      'companies.legal_entity',
      'companies.inn',
      'companies.kpp',
      'companies.ogrn',
      'companies.legal_address',
      'companies.registered_at',
      'users.fio',
      'users.position',
      'users.phone',
      'users.email',
    ])
    .where('companies.state', '=', 'pending')
    .where('companies.declined_at', 'is', null)
    .orderBy('companies.registered_at')
    .orderBy('companies.id')
    .execute();
}

/** A registration as a decision finds it, or undefined (never registered, or unknown). */
export function findRegisteredCompany(db: Db, id: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'legal_entity', 'inn', 'state', 'declined_at'])
    .where('id', '=', id)
    .where('registered_at', 'is not', null)
    .executeTakeFirst();
}

/**
 * Decides a waiting registration, only while it waits: confirmed (`active`, by the committee) or declined (it stays
 * `pending`, with why). False when another decision came first.
 */
export async function decideRegisteredCompany(
  db: Db,
  id: number,
  decision: { at: string; by: string; approve: true } | { at: string; by: string; approve: false; reason: string },
): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set(
      decision.approve
        ? { state: 'active', confirmation: 'committee', confirmed_at: decision.at, confirmed_by_name: decision.by }
        : { declined_at: decision.at, decline_reason: decision.reason, confirmed_by_name: decision.by },
    )
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('declined_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the registration statement's key, only when none is kept yet; false when another request kept one first. */
export async function keepStatementKey(
  db: Db,
  id: number,
  stored: { key: string; size: number; sha256: string },
): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set({ statement_key: stored.key, statement_size: stored.size, statement_sha256: stored.sha256 })
    .where('id', '=', id)
    .where('statement_key', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets a waiting registration's statement (its bytes, referred to by nothing, go with the orphan sweep). */
export async function forgetStatement(db: Db, id: number): Promise<void> {
  await db
    .updateTable('companies')
    .set({ statement_key: null, statement_size: null, statement_sha256: null })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * Confirms a waiting registration by its head's qualified signature (`active` at once), keeping the certificate's
 * organisation name beside the entered one; false when it no longer waits.
 */
export async function confirmBySignature(
  db: Db,
  id: number,
  confirmation: {
    at: string;
    by: string;
    certificateOrganization: string | null;
    signatureKey: string;
    signatureCheck: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set({
      state: 'active',
      confirmation: 'signature',
      confirmed_at: confirmation.at,
      confirmed_by_name: confirmation.by,
      certificate_organization: confirmation.certificateOrganization,
      statement_signature_key: confirmation.signatureKey,
      statement_signature_check: confirmation.signatureCheck,
    })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('declined_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A registration past its keeping at `before`: still `pending`, registered undecided before it, or declined before it. */
function expiredBefore(before: string) {
  return (eb: ExpressionBuilder<Database, 'companies'>) =>
    eb.and([
      eb('state', '=', 'pending'),
      eb('registered_at', 'is not', null),
      eb.or([
        eb.and([eb('declined_at', 'is', null), eb('registered_at', '<', before)]),
        eb('declined_at', '<', before),
      ]),
    ]);
}

/** The registrations kept past `before`: still `pending` and registered before it undecided, or declined before it. */
export function listExpiredRegistrations(db: Db, before: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'legal_entity', 'inn', 'registered_at', 'declined_at'])
    .where(expiredBefore(before))
    .orderBy('id')
    .execute();
}

/**
 * Claims an expired registration for its removal in the caller's transaction (a write that locks the row, so a head's
 * decision or a signature at the same moment waits and then finds nothing); false when it is no longer one.
 */
export async function claimExpiredRegistration(db: Db, id: number, before: string): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set({ state: 'pending' })
    .where('id', '=', id)
    .where(expiredBefore(before))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a registration's company (its people first, by the caller); cascades to its powers of attorney. */
export async function deletePendingCompany(db: Db, id: number): Promise<void> {
  await db.deleteFrom('companies').where('id', '=', id).where('state', '=', 'pending').execute();
}

/** Deletes a declined registration's company (its people first, by the caller); cascades to its powers of attorney. */
export async function deleteDeclinedCompany(db: Db, id: number): Promise<void> {
  await db
    .deleteFrom('companies')
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('declined_at', 'is not', null)
    .execute();
}
