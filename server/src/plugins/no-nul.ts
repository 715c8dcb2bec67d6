import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';

/** The first place in a JSON value where a string holds U+0000, as a field name ('' for the value itself), or null. */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, path);
      if (found !== null) return found || String(index);
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item, path || key);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * No text the portal keeps may hold U+0000: PostgreSQL cannot store it in `text` (the insert fails, which was a 500)
 * and SQLite would keep a string that every reader cuts short. A JSON body with one is refused with a 400 naming
 * the field, before the contract's own checks.
 */
export default fp(
  async (app) => {
    // A callback hook: synchronous, and on every request.
    app.addHook('preValidation', (request, _reply, done) => {
      // Bodies only: query strings reach no stored text, and a download's `path` with a NUL is as missing as any
      // other unknown key (404, docs/product.md «Files»), which its route decides.
      const field = request.body === undefined ? null : nulPath(request.body);
      if (field === null) {
        done();
        return;
      }
      done(
        new ApiError('validation_error', {
          message: 'Текст содержит недопустимый нулевой символ (U+0000)',
          ...(field ? { extra: { field } } : {}),
        }),
      );
    });
  },
  { name: 'no-nul' },
);
