import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type LoginDeps, startEmailLogin, verifyEmailLogin } from '../../../auth/login.service.ts';
import { closeSession, openSession, rotateSession } from '../../../auth/session.service.ts';
import { signAccessToken } from '../../../auth/tokens.ts';
import type { Config } from '../../../config.ts';
import { contractOperation } from '../../../contract/openapi.ts';
import { ApiError } from '../../../errors.ts';
import { clientIp } from '../../../plugins/client-ip.ts';
import { WindowLimiter } from '../../../plugins/rate-limit.ts';

interface Options {
  config: Config;
  now: () => Date;
}

const COOKIE_PATH = '/api/authentication';

/** `__Secure-` prefix and Secure in production, where the portal is served over HTTPS. */
export function refreshCookieName(production: boolean): string {
  return production ? '__Secure-refresh_token' : 'refresh_token';
}

const authentication: FastifyPluginAsync<Options> = async (app, { config, now }) => {
  const cookieName = refreshCookieName(config.production);
  const ipLimiter = new WindowLimiter(config.loginIpLimit, config.loginIpWindowMs);
  const deps: LoginDeps = {
    db: app.db,
    secret: config.jwtSecret,
    mailer: app.mailer,
    now,
    logError: (error) => app.log.error({ err: error }, 'login mail failed'),
  };

  // The cookie lives as long as the login (family) it belongs to, never longer.
  const setRefreshCookie = (reply: FastifyReply, token: string, expiresAt: string) =>
    reply.setCookie(cookieName, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: config.production,
      maxAge: Math.max(1, Math.floor((Date.parse(expiresAt) - now().getTime()) / 1000)),
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(cookieName, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: config.production });

  const answerWithToken = async (
    reply: FastifyReply,
    session: { userId: number; token: string; expiresAt: string },
  ) => {
    setRefreshCookie(reply, session.token, session.expiresAt);
    reply.header('Cache-Control', 'no-store');
    return { access_token: await signAccessToken(config.jwtSecret, session.userId) };
  };

  // Cookie-authenticated calls: refuse cross-site requests (a SameSite=Strict cookie is the first line, this the second).
  const sameOriginOnly = async (request: FastifyRequest) => {
    if (request.headers['sec-fetch-site'] === 'cross-site') throw foreignOrigin();
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const allowed = config.publicOrigin ? origin === config.publicOrigin : safeHost(origin) === request.headers.host;
    if (!allowed) throw foreignOrigin();
  };

  const start = contractOperation('POST', '/api/authentication/start-email-login');
  app.post<{ Body: { email: string } }>(start.url, { schema: start.schema }, async (request, reply) => {
    const retryAfter = ipLimiter.hit(clientIp(request, config.trustProxy));
    if (retryAfter > 0) {
      throw new ApiError(
        429,
        'too_many_requests',
        'Слишком много запросов кода с вашего адреса. Попробуйте позже.',
        {},
        { 'Retry-After': String(retryAfter) },
      );
    }
    await startEmailLogin(deps, request.body.email);
    return reply.code(204).send();
  });

  const verify = contractOperation('POST', '/api/authentication/verify-email-login');
  app.post<{ Body: { email: string; code: string } }>(verify.url, { schema: verify.schema }, async (request, reply) => {
    const userId = await verifyEmailLogin(deps, request.body.email, request.body.code);
    return answerWithToken(reply, { userId, ...(await openSession(app.db, userId, now())) });
  });

  const refresh = contractOperation('POST', '/api/authentication/refresh');
  app.post(refresh.url, { onRequest: sameOriginOnly }, async (request, reply) => {
    const presented = request.cookies[cookieName];
    if (!presented) throw new ApiError(401, 'invalid_refresh_token', 'Сессия истекла. Войдите снова.');
    try {
      return await answerWithToken(reply, await rotateSession(app.db, presented, now()));
    } catch (error) {
      clearRefreshCookie(reply);
      throw error;
    }
  });

  const logout = contractOperation('POST', '/api/authentication/logout');
  app.post(logout.url, { onRequest: sameOriginOnly }, async (request, reply) => {
    const presented = request.cookies[cookieName];
    if (presented) await closeSession(app.db, presented, now());
    clearRefreshCookie(reply);
    return reply.code(204).send();
  });

  for (const url of [refresh.url, logout.url]) {
    app.get(url, async (_request, reply) => {
      reply.header('Allow', 'POST');
      throw new ApiError(405, 'method_not_allowed', 'Метод не поддерживается: используйте POST');
    });
  }
};

function foreignOrigin(): ApiError {
  return new ApiError(403, 'forbidden_origin', 'Запрос с чужого сайта отклонён');
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export default authentication;
