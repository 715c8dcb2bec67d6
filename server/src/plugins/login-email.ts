import type { preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { contractOperation } from '../contract/openapi.ts';

/** The login calls whose `email` is typed by a person (and pasted, with a stray space or tab). */
const LOGIN_URLS = new Set([contractOperation('startEmailLogin').url, contractOperation('verifyEmailLogin').url]);

/**
 * ` Owner@Demo.Example\t` is the owner's e-mail: surrounding whitespace is dropped before the contract's `format:
 * email` check, and the services lower-case it (normalizeEmail), so every variant reaches one account, one code and
 * one resend limit (docs/product.md «Login codes and sessions»). Anything else that is not a plain ASCII address (a
 * Cyrillic 'а', fullwidth letters, invisible characters) is still refused by the format check.
 */
export default fp(
  async (app) => {
    const trimEmail: preValidationHookHandler = (request, _reply, done) => {
      const body = request.body as { email?: unknown } | null;
      if (body && typeof body === 'object' && typeof body.email === 'string') body.email = body.email.trim();
      done();
    };
    // On the two login routes only, added as they are registered: no hook on every other request.
    app.addHook('onRoute', (route) => {
      if (!LOGIN_URLS.has(route.url)) return;
      const own =
        route.preValidation === undefined
          ? []
          : Array.isArray(route.preValidation)
            ? route.preValidation
            : [route.preValidation];
      route.preValidation = [trimEmail, ...own];
    });
  },
  { name: 'login-email' },
);
