import type { FastifyInstance } from 'fastify';
import { listCacheFor } from '../../http/list-cache.ts';
import type { StatementScope } from '../../statements/statements.repository.ts';
import { listItems } from '../../statements/statements.service.ts';
import { type ContractRequest, contractRoute } from '../contract-route.ts';

type ListOperation = 'listCompanyStatements' | 'listAllInstanceStatements' | 'listMyInstanceStatements';

/**
 * A statement list, answered from the cache while nothing it shows has changed (docs/decisions.md «Statement lists
 * are loaded whole, and cached on the server»). `scopeOf` decides what the caller may see, so it checks the role.
 */
export function statementListRoute(
  app: FastifyInstance,
  operationId: ListOperation,
  scopeOf: (request: ContractRequest<ListOperation>) => StatementScope,
): void {
  const { ctx } = app;
  const lists = listCacheFor(ctx);
  contractRoute(app, operationId, { onSend: lists.keep }, async (request, reply) => {
    const scope = scopeOf(request);
    return lists.answer(request, reply, scope, () => listItems(ctx, scope));
  });
}
