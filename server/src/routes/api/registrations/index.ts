import cookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CODE_LIFETIME_MS } from '../../../auth/email-codes.ts';
import { openSession } from '../../../auth/session.service.ts';
import type { Config } from '../../../config.ts';
import { limitClientNetwork } from '../../../limits/limits.service.ts';
import { clientIp } from '../../../plugins/client-ip.ts';
import { REGISTRATION_TEXTS, register, startRegistration } from '../../../registration/registration.service.ts';
import { contractRoute } from '../../contract-route.ts';
import { answerWithSession } from '../authentication/session-cookie.ts';

/** The cookie naming the registration attempt this browser started; the same rules as the login attempt's. */
export function registrationAttemptCookieName(production: boolean): string {
  return production ? '__Secure-registration_attempt' : 'registration_attempt';
}

const COOKIE_PATH = '/api/registrations';

/**
 * Registration of an organisation (docs/product.md «Registration»), public: the e-mail's code, then the organisation
 * with its owner, who leaves logged in.
 */
const registrations: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  await app.register(cookie);
  const { ctx } = app;
  const attemptCookie = registrationAttemptCookieName(config.production);
  const cookieOptions = { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict' as const, secure: config.production };

  // Mass registrations from one network hit the login's per-IP limit on codes, counted apart.
  const limitAddress = (request: FastifyRequest) =>
    limitClientNetwork(ctx, clientIp(request, config.trustProxy), {
      name: 'registration-ip',
      limit: config.loginIpLimit,
      windowMs: config.loginIpWindowMs,
      message: 'Слишком много запросов на регистрацию с вашего адреса. Попробуйте позже.',
    });

  contractRoute(app, 'startRegistration', {}, async (request, reply) => {
    const bucket = await limitAddress(request);
    const attempt = await startRegistration(ctx, request.body.email, bucket, request.cookies[attemptCookie]);
    reply.setCookie(attemptCookie, attempt, { ...cookieOptions, maxAge: CODE_LIFETIME_MS / 1000 });
    return reply.code(202).send({ message: REGISTRATION_TEXTS.started });
  });

  // Guesses are bounded by the attempt's own limits, as a login's verify is.
  contractRoute(app, 'register', {}, async (request, reply) => {
    const userId = await register(ctx, request.body, {
      presented: request.cookies[attemptCookie],
      address: clientIp(request, config.trustProxy),
    });
    reply.clearCookie(attemptCookie, cookieOptions);
    const session = await answerWithSession(ctx, config, reply, { userId, ...(await openSession(ctx, userId)) });
    return reply.code(201).send(session);
  });
};

export default registrations;
