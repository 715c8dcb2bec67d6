import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PowerOfAttorneyTable } from '../db/schema.ts';

export type PowerOfAttorneyRow = Awaited<ReturnType<typeof findPowerOfAttorney>> & {};

/** A power of attorney by id (any company's: the caller checks whose). */
export function findPowerOfAttorney(db: Db, id: number) {
  return db.selectFrom('powers_of_attorney').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A company's powers of attorney, newest first. */
export function listCompanyPowersOfAttorney(db: Db, companyId: number) {
  return db
    .selectFrom('powers_of_attorney')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('added_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Whether an МЧД of this number is kept already (any company's). */
export async function powerOfAttorneyExists(db: Db, number: string): Promise<boolean> {
  const row = await db
    .selectFrom('powers_of_attorney')
    .select('id')
    .where('number', '=', number.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPowerOfAttorney(
  db: Db,
  row: Omit<Insertable<PowerOfAttorneyTable>, 'id'>,
): Promise<number> {
  const inserted = await db.insertInto('powers_of_attorney').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Revokes it unless it is revoked already: false when another revocation came first. */
export async function revokePowerOfAttorneyRow(
  db: Db,
  id: number,
  revocation: { at: string; reason: string; by: string },
): Promise<boolean> {
  const result = await db
    .updateTable('powers_of_attorney')
    .set({ revoked_at: revocation.at, revoked_reason: revocation.reason, revoked_by_name: revocation.by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordRegistryCheckRow(
  db: Db,
  id: number,
  check: { at: string; by: string; result: 'not_revoked' | 'revoked'; note: string | null },
): Promise<void> {
  await db
    .updateTable('powers_of_attorney')
    .set({
      registry_checked_at: check.at,
      registry_checked_by: check.by,
      registry_result: check.result,
      registry_note: check.note,
    })
    .where('id', '=', id)
    .execute();
}
