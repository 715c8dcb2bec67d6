import type { FastifyReply } from 'fastify';
import { signAccessToken } from '../../../auth/tokens.ts';
import type { Config } from '../../../config.ts';
import type { ServiceContext } from '../../../context.ts';
import { apiError } from '../../../errors.ts';
import { sessionUser } from '../../../personal-data/consent.ts';

// The session a login or a registration opens: the refresh cookie (only `/api/authentication` ever reads it) and the
// answer with the access token and the user.

export const SESSION_COOKIE_PATH = '/api/authentication';

/** `__Secure-` prefix and Secure in production, where the portal is served over HTTPS. */
export function refreshCookieName(production: boolean): string {
  return production ? '__Secure-refresh_token' : 'refresh_token';
}

/** An opened or rotated session, as the session service hands it over. */
export interface OpenedSession {
  userId: number;
  token: string;
  expiresAt: string;
  familyId: string;
}

/** Sets the refresh cookie for as long as the login (family) it belongs to, never longer. */
export function setRefreshCookie(ctx: ServiceContext, config: Config, reply: FastifyReply, session: OpenedSession) {
  reply.setCookie(refreshCookieName(config.production), session.token, {
    path: SESSION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.production,
    maxAge: Math.max(1, Math.floor((Date.parse(session.expiresAt) - ctx.now().getTime()) / 1000)),
  });
}

/**
 * The answer that opens a session: the refresh cookie, and the access token with the user, so a page needs no
 * `GET /api/users/me` after it.
 */
export async function answerWithSession(
  ctx: ServiceContext,
  config: Config,
  reply: FastifyReply,
  session: OpenedSession,
) {
  const user = await sessionUser(ctx, session.userId);
  if (!user) throw apiError('invalid_refresh_token');
  setRefreshCookie(ctx, config, reply, session);
  reply.header('Cache-Control', 'no-store');
  return { access_token: await signAccessToken(config.jwtSecret, session.userId, session.familyId), user };
}
