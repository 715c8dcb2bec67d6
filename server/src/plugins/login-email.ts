import fp from 'fastify-plugin';
import { contractOperation } from '../contract/openapi.ts';

/** The login calls whose `email` is typed by a person (and pasted, with a stray space or tab). */
const LOGIN_URLS = new Set([contractOperation('startEmailLogin').url, contractOperation('verifyEmailLogin').url]);

/**
 * ` Owner@Demo.Example\t` is the owner's e-mail: surrounding whitespace is dropped before the contract's `format:
 * email` check, and the services lower-case it (normalizeEmail), so every variant reaches one account, one code and
 * one resend limit (DESIGN.md). Anything else that is not a plain ASCII address (a Cyrillic 'а', fullwidth letters,
 * invisible characters) is still refused by the format check.
 */
export default fp(
  async (app) => {
    // A callback hook: synchronous, and on every request (issue 11).
    app.addHook('preValidation', (request, _reply, done) => {
      if (LOGIN_URLS.has(request.routeOptions.url ?? '')) {
        const body = request.body as { email?: unknown } | null;
        if (body && typeof body === 'object' && typeof body.email === 'string') body.email = body.email.trim();
      }
      done();
    });
  },
  { name: 'login-email' },
);
