import type { Db } from '../db/database.ts';

interface NewRefreshToken {
  userId: number;
  familyId: string;
  /** The token this one replaces; null for a login's first. */
  parentId: number | null;
  tokenHash: string;
  createdAt: string;
  familyExpiresAt: string;
  idleExpiresAt: string;
}

export function insertRefreshToken(db: Db, token: NewRefreshToken) {
  return db
    .insertInto('refresh_tokens')
    .values({
      user_id: token.userId,
      family_id: token.familyId,
      parent_id: token.parentId,
      token_hash: token.tokenHash,
      created_at: token.createdAt,
      family_expires_at: token.familyExpiresAt,
      idle_expires_at: token.idleExpiresAt,
      rotated_at: null,
      revoked_at: null,
    })
    .execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks a token used; false when it was already rotated or revoked (a replay or a lost race). */
export function markRotated(db: Db, id: number, at: string): Promise<boolean> {
  return spendLiveToken(db, 'id', id, at);
}

/**
 * Spends the never-used successor of a token: true when there was one (so the presented predecessor may be answered
 * again), false when the successor was already used, i.e. the predecessor is being replayed.
 */
export function retireUnusedSuccessor(db: Db, parentId: number, at: string): Promise<boolean> {
  return spendLiveToken(db, 'parent_id', parentId, at);
}

/** Marks the one live (neither rotated nor revoked) token with this id or parent used: true when there was one. */
async function spendLiveToken(db: Db, by: 'id' | 'parent_id', value: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: at })
    .where(by, '=', value)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether a login (family) has a token not revoked. */
export async function familyIsLive(db: Db, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes every token of a login (family). */
export function revokeFamily(db: Db, familyId: string, at: string): Promise<void> {
  return revokeLiveTokens(db, 'family_id', familyId, at);
}

/** Revokes every live session of a user (removal, a changed e-mail). */
export function revokeUserSessions(db: Db, userId: number, at: string): Promise<void> {
  return revokeLiveTokens(db, 'user_id', userId, at);
}

/** Revokes the not yet revoked tokens of one family or of one user. */
async function revokeLiveTokens(
  db: Db,
  by: 'family_id' | 'user_id',
  value: string | number,
  at: string,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where(by, '=', value)
    .where('revoked_at', 'is', null)
    .execute();
}
