import type { Db } from '../db/database.ts';

interface NewLoginCode {
  /** What the code confirms: a login, or a registration's e-mail. */
  purpose: 'login' | 'registration';
  /** SHA-256 of the attempt token the starting browser holds. */
  attemptHash: string;
  email: string;
  userId: number | null;
  codeHash: string;
  createdAt: string;
  expiresAt: string;
}

/** The attempt of this purpose a browser's token names, or undefined. */
export function findLoginCode(db: Db, purpose: NewLoginCode['purpose'], attemptHash: string) {
  return db
    .selectFrom('login_codes')
    .selectAll()
    .where('attempt_hash', '=', attemptHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** A new attempt with its code; other attempts for the same e-mail (other browsers) are left as they are. */
export async function insertLoginCode(db: Db, code: NewLoginCode): Promise<void> {
  await db
    .insertInto('login_codes')
    .values({
      purpose: code.purpose,
      attempt_hash: code.attemptHash,
      email: code.email,
      user_id: code.userId,
      code_hash: code.codeHash,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
      consumed_at: null,
    })
    .execute();
}

/** Ends a browser's previous attempt when it starts anew (its code can no longer log in). */
export async function endAttempt(db: Db, attemptHash: string): Promise<void> {
  await db.deleteFrom('login_codes').where('attempt_hash', '=', attemptHash).execute();
}

/**
 * Counts one attempt before the code is compared, atomically: the row is updated only while it still holds the same
 * code, fewer than `max` attempts were made and the code is unused, so parallel guesses cannot exceed the limit.
 * Returns the attempt number, or null when no attempt is left (or the code is gone).
 */
export async function countAttempt(db: Db, id: number, codeHash: string, max: number): Promise<number | null> {
  const row = await db
    .updateTable('login_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('code_hash', '=', codeHash)
    .where('attempts', '<', max)
    .where('consumed_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  return row ? Number(row.attempts) : null;
}

/** Marks the code used; only one of several parallel verifies of the same code gets true. */
export async function consumeLoginCode(db: Db, id: number, codeHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('login_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('code_hash', '=', codeHash)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Remembers a wrong code for the per-account budget that survives resends. */
export async function recordLoginFailure(db: Db, email: string, at: string): Promise<void> {
  await db.insertInto('login_failures').values({ email, created_at: at }).execute();
}

/** Wrong codes for an e-mail since a moment. */
export async function countLoginFailuresSince(db: Db, email: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Drops failures older than the budget window and codes long expired. */
export async function pruneLoginData(db: Db, failuresBefore: string, codesBefore: string): Promise<void> {
  await db.deleteFrom('login_failures').where('created_at', '<', failuresBefore).execute();
  await db.deleteFrom('login_codes').where('expires_at', '<', codesBefore).execute();
}
