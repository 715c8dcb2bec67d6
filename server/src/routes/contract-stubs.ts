import type { FastifyInstance } from 'fastify';
import { loadContract, type RouteScope } from '../contract/openapi.ts';
import { apiError } from '../errors.ts';

/**
 * Every contract operation of this route scope (`x-scope`) without a handler yet answers 501 from inside the scope
 * (so it sits behind the same guards its handler will), and the contract and the server never disagree silently.
 */
export function registerNotImplemented(scope: FastifyInstance, routeScope: RouteScope): void {
  for (const operation of loadContract()) {
    if (operation.scope !== routeScope) continue;
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
