import type { Db } from '../db/database.ts';
import type { DestructionActTable } from '../db/schema.ts';

// The destruction of personal data whose term is over (docs/product.md «Personal data»): the only writer that
// updates or deletes the access log, inside its own transaction with the log unlocked (migration 20261130T1200).

/**
 * Accounts whose contact data is still there and whose term is over: deactivated or removed before `cutoff`, or
 * whose consent was withdrawn before `withdrawnCutoff` (whichever comes first).
 */
export function listExpiredAccounts(db: Db, cutoff: string, withdrawnCutoff: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'fio', 'role', 'consent_withdrawn_at'])
    .where('removed_at', 'is not', null)
    .where((eb) => eb.or([eb('removed_at', '<', cutoff), eb('consent_withdrawn_at', '<', withdrawnCutoff)]))
    .where((eb) =>
      eb.or([
        eb('email', 'is not', null),
        eb('phone', 'is not', null),
        eb('position', 'is not', null),
        eb('consent_address', 'is not', null),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** Whether a decision or a letter names the account: it made a decision, answered an appeal, or submitted one decided. */
export async function namedInDecision(db: Db, userId: number): Promise<boolean> {
  const decided = await db
    .selectFrom('status_history')
    .select('id')
    .where('user_id', '=', userId)
    .where('to_status', 'in', ['approved', 'rejected', 'not_accepted'])
    .limit(1)
    .executeTakeFirst();
  if (decided) return true;
  const answered = await db
    .selectFrom('appeals')
    .select('id')
    .where('decided_by', '=', userId)
    .limit(1)
    .executeTakeFirst();
  if (answered) return true;
  const applicant = await db
    .selectFrom('stages')
    .innerJoin('statements', 'statements.id', 'stages.statement_id')
    .select('stages.id')
    .where('stages.applicant_id', '=', userId)
    .where('statements.status', 'in', ['approved', 'rejected', 'not_accepted'])
    .limit(1)
    .executeTakeFirst();
  return Boolean(applicant);
}

/** Clears an account's contact data (and its name unless kept); answers nothing. */
export async function clearAccount(db: Db, userId: number, keepName: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ email: null, phone: null, position: null, consent_address: null, ...(keepName ? {} : { fio: null }) })
    .where('id', '=', userId)
    .execute();
}

/** Removes an account's login history: its sessions, codes and failed attempts; answers how many rows went. */
export async function clearLoginHistory(db: Db, userId: number, email: string | null): Promise<number> {
  let removed = 0;
  const count = (result: { numDeletedRows: bigint }[]) => Number(result[0]?.numDeletedRows ?? 0);
  removed += count(await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute());
  removed += count(await db.deleteFrom('login_codes').where('user_id', '=', userId).execute());
  if (email) {
    removed += count(await db.deleteFrom('login_codes').where('email', '=', email).execute());
    removed += count(await db.deleteFrom('login_failures').where('email', '=', email).execute());
  }
  return removed;
}

/** Runs `work` with the access log unlocked, in the transaction `db` must be. */
export async function withAccessLogUnlocked<T>(db: Db, work: () => Promise<T>): Promise<T> {
  await db.insertInto('personal_data_access_unlock').values({ holder: 'destruction' }).execute();
  try {
    return await work();
  } finally {
    await db.deleteFrom('personal_data_access_unlock').execute();
  }
}

/** Keeps only the id of an account in the access log: its name and addresses go. Answers the entries changed. */
export async function anonymizeAccess(db: Db, userId: number): Promise<number> {
  const result = await db
    .updateTable('personal_data_access')
    .set({ user_name: null, address: null })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('user_name', 'is not', null), eb('address', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the access log's entries older than `before`; answers how many. */
export async function deleteAccessBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('personal_data_access').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes acts kept past their term; answers how many. */
export async function deleteActsBefore(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('destruction_acts').where('keep_until', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertAct(db: Db, act: Omit<DestructionActTable, 'id'>): Promise<number> {
  const row = await db.insertInto('destruction_acts').values(act).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function listActs(db: Db) {
  return db.selectFrom('destruction_acts').selectAll().orderBy('id', 'desc').limit(500).execute();
}

export function findAct(db: Db, id: number) {
  return db.selectFrom('destruction_acts').selectAll().where('id', '=', id).executeTakeFirst();
}
