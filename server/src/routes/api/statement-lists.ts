import type { FastifyInstance } from 'fastify';
import type { ListScope } from '../../lists/list-cache.ts';
import { answerStatementList } from '../../lists/list-routes.ts';
import { type ContractRequest, contractRoute } from '../contract-route.ts';

type ListOperation = 'listCompanyStatements' | 'listAllInstanceStatements' | 'listMyInstanceStatements';

/** A statement list route; `scopeOf` decides what the caller may see, so it checks the role. */
export function statementListRoute(
  app: FastifyInstance,
  operationId: ListOperation,
  scopeOf: (request: ContractRequest<ListOperation>) => ListScope,
): void {
  const { ctx, listCache } = app;
  contractRoute(app, operationId, { onSend: listCache.keep }, async (request, reply) =>
    answerStatementList(ctx, listCache, request, reply, scopeOf(request), request.query.since),
  );
}
