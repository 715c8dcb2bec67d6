import type { Db } from '../db/database.ts';

// The withdrawal of a consent to the processing of personal data (docs/product.md «Personal data»).

/** An account by id, active or not, with what a withdrawal needs; undefined for an unknown id. */
export function findAccount(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'fio', 'email', 'role', 'company_id', 'removed_at', 'consent_withdrawn_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Keeps when and how the consent was withdrawn; false when it already was. */
export async function markConsentWithdrawn(db: Db, id: number, at: string, via: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ consent_withdrawn_at: at, consent_withdrawal_via: via })
    .where('id', '=', id)
    .where('consent_withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
