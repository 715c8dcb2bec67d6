import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StatementListDelta, StatementListItem } from '#domain/contract.ts';
import { encodeListColumns, LIST_COLUMNS_TYPE } from '#domain/list-columns.ts';
import type { ServiceContext } from '../context.ts';
import { listItems } from '../statements/statements.service.ts';
import { LIST_FORM_TYPE, type ListCache, type ListForm, type ListScope } from './list-cache.ts';
import { listDelta } from './list-delta.ts';
import { parseListRevision } from './list-revision.ts';
import { readListPosition } from './lists.repository.ts';

/**
 * The form a client asked for (docs/decisions.md «Compact list columns»): the columns when its Accept names them
 * (and does not refuse them with q=0), else the array every client has had.
 */
export function listForm(accept: string | undefined): ListForm {
  for (const part of (accept ?? '').split(',')) {
    const [type, ...params] = part.trim().split(';');
    if (type?.trim().toLowerCase() !== LIST_COLUMNS_TYPE) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    return q !== undefined && Number(q.slice(2)) === 0 ? 'json' : 'columns';
  }
  return 'json';
}

/**
 * A statement list's answer (docs/decisions.md «Statement lists are loaded whole, and cached on the server»): with the
 * revision the client holds (`since`), only what changed since when a delta can say it (docs/product.md «Live
 * updates»); otherwise the whole list, from the cache while nothing it shows has changed, in the form asked for.
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
      reply.header('vary', 'Accept');
      reply.type(LIST_FORM_TYPE.json);
      return delta;
    }
  }
  const form = listForm(request.headers.accept);
  return cache.answer(request, reply, scope, form, async () => {
    const items = await listItems(ctx, scope);
    return form === 'columns' ? reply.send(encodeListColumns(items)) : items;
  });
}
