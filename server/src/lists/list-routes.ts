import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StatementListDelta, StatementListItem } from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import { listItems } from '../statements/statements.service.ts';
import type { ListCache, ListScope } from './list-cache.ts';
import { listDelta } from './list-delta.ts';
import { parseListRevision } from './list-revision.ts';
import { readListPosition } from './lists.repository.ts';

/**
 * A statement list's answer (docs/decisions.md «Statement lists are loaded whole, and cached on the server»): with the
 * revision the client holds (`since`), only what changed since when a delta can say it (docs/product.md «Live
 * updates»); otherwise the whole list, from the cache while nothing it shows has changed.
 */
export async function answerStatementList(
  ctx: ServiceContext,
  cache: ListCache,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: ListScope,
  sinceText: string | undefined,
): Promise<StatementListDelta | StatementListItem[] | FastifyReply> {
  const since = parseListRevision(sinceText);
  if (since) {
    const delta = await listDelta(ctx, scope, since, await readListPosition(ctx.db));
    if (delta) {
      reply.header('x-list-revision', delta.revision);
      return delta;
    }
  }
  return cache.answer(request, reply, scope, () => listItems(ctx, scope));
}
