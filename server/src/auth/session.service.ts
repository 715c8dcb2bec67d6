import type { ServiceContext } from '../context.ts';
import { type Db, nowIso } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { findUserById } from '../users/users.service.ts';
import {
  familyIsLive,
  findRefreshToken,
  insertRefreshToken,
  markRotated,
  retireUnusedSuccessor,
  revokeFamily,
  revokeUserSessions as revokeUserTokens,
} from './refresh-tokens.repository.ts';
import { randomToken, sha256 } from './tokens.ts';

const REFRESH_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
const REFRESH_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * How long a just-rotated token may be presented again when its successor was never used: every page of the static
 * site refreshes on load, and a navigation that cuts a refresh off loses the new cookie with the answer. Within
 * this window and only then, the lost successor is retired and another issued (Auth0's "reuse interval", Okta's
 * grace period); any other reuse is a replay and ends the whole login.
 */
export const REUSE_GRACE_MS = 15 * 1000;

const invalid = () => apiError('invalid_refresh_token');

/** Starts a login family and returns its first refresh token (raw: it goes only into the cookie). */
export async function openSession(
  ctx: ServiceContext,
  userId: number,
): Promise<{ token: string; expiresAt: string; familyId: string }> {
  const { db } = ctx;
  const now = ctx.now();
  const token = randomToken();
  const expiresAt = nowIso(new Date(now.getTime() + REFRESH_ABSOLUTE_MS));
  const familyId = randomToken(16);
  await insertRefreshToken(db, {
    userId,
    familyId,
    parentId: null,
    tokenHash: sha256(token),
    createdAt: nowIso(now),
    familyExpiresAt: expiresAt,
    idleExpiresAt: nowIso(new Date(now.getTime() + REFRESH_IDLE_MS)),
  });
  return { token, expiresAt, familyId };
}

/**
 * Rotates a refresh token: the presented one is spent and a new one of the same family returned.
 * A token presented again after rotation is a replay: the whole family is revoked (RFC 9700 §4.14.2), unless the
 * answer that carried its successor was evidently lost (`REUSE_GRACE_MS`).
 */
export async function rotateSession(
  ctx: ServiceContext,
  rawToken: string,
): Promise<{ userId: number; token: string; expiresAt: string; familyId: string }> {
  const { db } = ctx;
  const now = ctx.now();
  const at = nowIso(now);
  // The transaction decides; a family to revoke is revoked after it, so the revocation is not rolled back.
  type Outcome =
    | { session: { userId: number; token: string; expiresAt: string; familyId: string } }
    | { revoke: string | null };
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    const stored = await findRefreshToken(trx, sha256(rawToken));
    if (!stored || stored.revoked_at !== null) return { revoke: null };
    // Removal revokes sessions; this also covers a token presented while the removal commits.
    if (!(await findUserById(trx, stored.user_id))) return { revoke: stored.family_id };
    const expired =
      Date.parse(stored.family_expires_at) <= now.getTime() || Date.parse(stored.idle_expires_at) <= now.getTime();
    if (expired) return { revoke: stored.family_id };
    if (stored.rotated_at !== null) {
      const lostAnswer =
        now.getTime() - Date.parse(stored.rotated_at) <= REUSE_GRACE_MS &&
        (await retireUnusedSuccessor(trx, stored.id, at));
      if (!lostAnswer) return { revoke: stored.family_id };
    } else if (!(await markRotated(trx, stored.id, at))) {
      return { revoke: stored.family_id };
    }
    const token = randomToken();
    await insertRefreshToken(trx, {
      userId: stored.user_id,
      familyId: stored.family_id,
      parentId: stored.id,
      tokenHash: sha256(token),
      createdAt: at,
      familyExpiresAt: stored.family_expires_at,
      idleExpiresAt: nowIso(new Date(Math.min(now.getTime() + REFRESH_IDLE_MS, Date.parse(stored.family_expires_at)))),
    });
    return {
      session: { userId: stored.user_id, token, expiresAt: stored.family_expires_at, familyId: stored.family_id },
    };
  });
  if ('session' in outcome) return outcome.session;
  if (outcome.revoke) await revokeFamily(db, outcome.revoke, at);
  throw invalid();
}

/** Logout: revokes the whole family of the presented token, if it is one of ours; answers that family (the login). */
export async function closeSession(ctx: ServiceContext, rawToken: string): Promise<string | null> {
  const stored = await findRefreshToken(ctx.db, sha256(rawToken));
  if (!stored) return null;
  await revokeFamily(ctx.db, stored.family_id, nowIso(ctx.now()));
  return stored.family_id;
}

/** Whether a login (refresh family) still has a token that is not revoked: false once it was logged out or ended. */
export function sessionOpen(ctx: ServiceContext, familyId: string): Promise<boolean> {
  return familyIsLive(ctx.db, familyId);
}

/** Ends every login of a user (removal, a changed e-mail), in the caller's transaction. */
export function revokeUserSessions(db: Db, userId: number, at: string): Promise<void> {
  return revokeUserTokens(db, userId, at);
}
