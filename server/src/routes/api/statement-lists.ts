import type { FastifyInstance } from 'fastify';
import { readListPosition } from '../../db/list-revision.ts';
import { listCacheFor } from '../../http/list-cache.ts';
import { listDelta, parseListRevision } from '../../statements/list-delta.ts';
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
    // With the revision the client holds: only what changed since, when a delta can say it (docs/product.md
    // «Live updates»); otherwise the whole list as always.
    const since = parseListRevision(request.query.since);
    if (since) {
      const delta = await listDelta(ctx, scope, since, await readListPosition(ctx.db));
      if (delta) {
        reply.header('x-list-revision', delta.revision);
        return delta;
      }
    }
    return lists.answer(request, reply, scope, () => listItems(ctx, scope));
  });
}
