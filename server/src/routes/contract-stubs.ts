import type { FastifyInstance } from 'fastify';
import { loadContract } from '../contract/openapi.ts';
import { apiError } from '../errors.ts';

/**
 * Every contract operation of these tags without a handler yet answers 501 from inside its scope (so it sits behind
 * the same guards its handler will), and the contract and the server never disagree silently.
 */
export function registerNotImplemented(scope: FastifyInstance, tags: readonly string[]): void {
  for (const operation of loadContract()) {
    if (!operation.authenticated || !operation.tags.some((tag) => tags.includes(tag))) continue;
    if (scope.hasRoute({ method: operation.method, url: operation.url })) continue;
    scope.route({
      method: operation.method,
      url: operation.url,
      schema: operation.schema,
      handler: async () => {
        throw apiError('not_implemented');
      },
    });
  }
}
