import type { StatementListDelta } from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import { changesKept } from '../events/events.service.ts';
import { listItems } from '../statements/statements.service.ts';
import type { ListScope } from './list-cache.ts';
import { formatListRevision, type ListRevision, revisionDay } from './list-revision.ts';
import { listChangesSince } from './lists.repository.ts';

/** More changed statements than this: the whole list is cheaper to send. */
const MAX_CHANGED = 2000;

/**
 * What changed in the scope's list since `since`, or null when only the whole list can say it (a change every item
 * shows, another day, a trimmed log, or too many changes). `now` is the log's position read before this.
 */
export async function listDelta(
  ctx: ServiceContext,
  scope: ListScope,
  since: ListRevision,
  now: { seq: number; xmin: number },
): Promise<StatementListDelta | null> {
  const { seq } = now;
  const day = revisionDay(ctx);
  if (since.day !== day || since.seq > seq) return null;
  if (!(await changesKept(ctx, since.seq))) return null;
  const rows = await listChangesSince(
    ctx.db,
    { since: since.seq, xmin: since.xmin, seq },
    scope.companyId,
    MAX_CHANGED * 4,
  );
  if (rows.length >= MAX_CHANGED * 4 || rows.some((row) => row.kind === 'lists')) return null;
  const ids = [...new Set(rows.map((row) => row.statement_id).filter((id): id is number => id !== null))];
  if (ids.length > MAX_CHANGED) return null;
  const revision = formatListRevision({ seq, xmin: now.xmin, day });
  if (ids.length === 0) return { revision, changed: [], removed: [] };
  const changed = await listItems(ctx, scope, ids);
  const present = new Set(changed.map((item) => item.id));
  return { revision, changed, removed: ids.filter((id) => !present.has(id)) };
}
