import type { Db } from '../db/database.ts';

export interface NewLoginCode {
  email: string;
  userId: number | null;
  codeHash: string;
  createdAt: string;
  expiresAt: string;
}

/** The live challenge for an e-mail (there is at most one). */
export function findLoginCode(db: Db, email: string) {
  return db.selectFrom('login_codes').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * A new code replaces the old one for the same e-mail (attempts reset), in one conditional statement: only when the
 * old one was made before `resendAfter`. Two parallel requests therefore make one code; false means "too soon".
 */
export async function replaceLoginCode(db: Db, code: NewLoginCode, resendAfter: string): Promise<boolean> {
  const row = await db
    .insertInto('login_codes')
    .values({
      email: code.email,
      user_id: code.userId,
      code_hash: code.codeHash,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
      consumed_at: null,
    })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({
          user_id: code.userId,
          code_hash: code.codeHash,
          attempts: 0,
          created_at: code.createdAt,
          expires_at: code.expiresAt,
          consumed_at: null,
        })
        .where('login_codes.created_at', '<=', resendAfter),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
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
