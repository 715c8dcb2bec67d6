import type { Db } from '../db/database.ts';

// The withdrawal of a consent to the processing of personal data (docs/product.md «Personal data»): what it reads;
// the users' rows are written by `users`.

/** An account by id, active or not, with what a withdrawal needs; undefined for an unknown id. */
export function findAccount(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'fio', 'email', 'role', 'company_id', 'removed_at', 'consent_withdrawn_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}
