import cookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_LIFETIME_MS, startEmailLogin, verifyEmailLogin } from '../../../auth/login.service.ts';
import { closeSession, openSession, rotateSession } from '../../../auth/session.service.ts';
import type { Config } from '../../../config.ts';
import { type ApiError, apiError } from '../../../errors.ts';
import { limitClientNetwork } from '../../../limits/limits.service.ts';
import { clientIp } from '../../../plugins/client-ip.ts';
import { contractRoute } from '../../contract-route.ts';
import {
  answerWithSession,
  SESSION_COOKIE_PATH as COOKIE_PATH,
  type OpenedSession,
  refreshCookieName,
} from './session-cookie.ts';

interface Options {
  config: Config;
}

/** The cookie naming the login attempt this browser started (its code, its guesses); the same rules as refresh's. */
export function loginAttemptCookieName(production: boolean): string {
  return production ? '__Secure-login_attempt' : 'login_attempt';
}

const authentication: FastifyPluginAsync<Options> = async (app, { config }) => {
  // Cookies are read and set by these calls only: the parser's hooks run in this scope, not on every request.
  await app.register(cookie);
  const cookieName = refreshCookieName(config.production);
  const attemptCookie = loginAttemptCookieName(config.production);
  const { ctx } = app;
  const cookieOptions = { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict' as const, secure: config.production };

  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(cookieName, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: config.production });
  const answerWithToken = (reply: FastifyReply, session: OpenedSession) =>
    answerWithSession(ctx, config, reply, session);

  // Cookie-authenticated calls: refuse cross-site requests (a SameSite=Strict cookie is the first line, this the second).
  const sameOriginOnly = async (request: FastifyRequest) => {
    if (request.headers['sec-fetch-site'] === 'cross-site') throw foreignOrigin();
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const allowed = config.publicOrigin ? origin === config.publicOrigin : safeHost(origin) === request.headers.host;
    if (!allowed) throw foreignOrigin();
  };

  contractRoute(app, 'startEmailLogin', {}, async (request, reply) => {
    // Shared through the database, so every API process behind nginx counts the same requests.
    const bucket = await limitClientNetwork(ctx, clientIp(request, config.trustProxy), {
      name: 'login-ip',
      limit: config.loginIpLimit,
      windowMs: config.loginIpWindowMs,
      message: 'Слишком много запросов кода с вашего адреса. Попробуйте позже.',
    });
    const attempt = await startEmailLogin(ctx, request.body.email, bucket, request.cookies[attemptCookie]);
    reply.setCookie(attemptCookie, attempt, { ...cookieOptions, maxAge: CODE_LIFETIME_MS / 1000 });
    return reply.code(204).send();
  });

  contractRoute(app, 'verifyEmailLogin', {}, async (request, reply) => {
    const userId = await verifyEmailLogin(ctx, request.body.email, request.body.code, request.cookies[attemptCookie]);
    reply.clearCookie(attemptCookie, cookieOptions);
    return answerWithToken(reply, { userId, ...(await openSession(ctx, userId)) });
  });

  contractRoute(app, 'refreshToken', { onRequest: [sameOriginOnly] }, async (request, reply) => {
    const presented = request.cookies[cookieName];
    if (!presented) throw apiError('invalid_refresh_token');
    try {
      return await answerWithToken(reply, await rotateSession(ctx, presented));
    } catch (error) {
      clearRefreshCookie(reply);
      throw error;
    }
  });

  contractRoute(app, 'logout', { onRequest: [sameOriginOnly] }, async (request, reply) => {
    const presented = request.cookies[cookieName];
    const ended = presented ? await closeSession(ctx, presented) : null;
    // The login's live streams end with it: here at once, on the other API processes at their next heartbeat.
    if (ended) app.liveStreams.endSession(ended);
    clearRefreshCookie(reply);
    return reply.code(204).send();
  });

  // Not in the contract: a GET of a cookie-authenticated call is refused, never served.
  for (const url of ['/api/authentication/refresh', '/api/authentication/logout']) {
    app.get(url, async (_request, reply) => {
      reply.header('Allow', 'POST');
      throw apiError('method_not_allowed', 'Метод не поддерживается: используйте POST');
    });
  }
};

function foreignOrigin(): ApiError {
  return apiError('forbidden_origin');
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export default authentication;
