import type { FastifyInstance } from 'fastify';
import type { ContractOperation } from '../contract/openapi.ts';
import { ApiError } from '../errors.ts';

/** Every contract operation without a handler yet answers 501, so the contract and the server never disagree silently. */
export function registerNotImplemented(scope: FastifyInstance, operations: ContractOperation[]): void {
  for (const operation of operations) {
    if (scope.hasRoute({ method: operation.method, url: operation.url })) continue;
    scope.route({
      method: operation.method,
      url: operation.url,
      handler: async () => {
        throw new ApiError(501, 'not_implemented', 'Эта функция портала ещё не реализована');
      },
    });
  }
}
