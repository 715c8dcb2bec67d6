import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';

/** How deep a JSON body may nest: the contract's deepest body is three levels; anything past this is an attack. */
const MAX_JSON_DEPTH = 32;

/** A JSON body nested deeper than MAX_JSON_DEPTH. */
class TooDeepError extends Error {}

/**
 * The first place in a JSON value where a string holds U+0000, as a field name ('' for the value itself), or null.
 * Walks with its own stack (a body nested thousands of levels deep cannot overflow the call stack) and throws
 * TooDeepError past MAX_JSON_DEPTH.
 */
export function nulPath(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, path, depth } = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) throw new TooDeepError();
    // Pushed in reverse, so the first field (or index) is looked at first, as a reader would.
    const entries = Array.isArray(item) ? item.map((v, i) => [String(i), v] as const) : Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i] as readonly [string, unknown];
      stack.push({ value: child, path: path || key, depth: depth + 1 });
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
      let field: string | null;
      try {
        field = request.body === undefined ? null : nulPath(request.body);
      } catch (error) {
        if (!(error instanceof TooDeepError)) throw error;
        done(
          new ApiError('validation_error', {
            message: `Слишком глубокая вложенность JSON: больше ${MAX_JSON_DEPTH} уровней`,
          }),
        );
        return;
      }
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
