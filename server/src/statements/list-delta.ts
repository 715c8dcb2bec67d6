import type { StatementListDelta, StatementListItem } from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import { localDate } from '../deadlines/calendar.ts';
import { deadlineClock } from '../deadlines/deadlines.service.ts';
import { changesKeptAfter } from '../events/change-feed.ts';
import { openRequiredCounts } from '../remarks/remarks.repository.ts';
import { listStatementsByIds, type StatementScope } from './statements.repository.ts';
import { toApiListItem } from './statements.service.ts';

/**
 * Where a list stands (`X-List-Revision`, docs/product.md «Live updates»): the change log's position when it was read,
 * the oldest transaction still running then (PostgreSQL: its changes may sit below that position; 0 on SQLite),
 * and the committee's day (the working days left an item shows change at midnight). Opaque to clients:
 * `<seq>.<xmin>.<yyyymmdd>`.
 */
export interface ListRevision {
  seq: number;
  xmin: number;
  day: string;
}

const TOKEN = /^(\d{1,15})\.(\d{1,15})\.(\d{8})$/;

export function formatListRevision(revision: ListRevision): string {
  return `${revision.seq}.${revision.xmin}.${revision.day}`;
}

/** A revision a client sent back, or null for anything else (answered with the whole list). */
export function parseListRevision(text: string | undefined): ListRevision | null {
  const match = text === undefined ? null : TOKEN.exec(text);
  if (!match) return null;
  return { seq: Number(match[1]), xmin: Number(match[2]), day: match[3] as string };
}

/** The committee's calendar day as the revision writes it. */
export function revisionDay(ctx: ServiceContext): string {
  return localDate(ctx.now(), ctx.config.timeZone).replaceAll('-', '');
}

/** More changed statements than this: the whole list is cheaper to send. */
const MAX_CHANGED = 2000;

/**
 * What changed in the scope's list since `since`, or null when only the whole list can say it (a change every item
 * shows, another day, a trimmed log, or too many changes). `now` is the log's position read before this.
 */
export async function listDelta(
  ctx: ServiceContext,
  scope: StatementScope,
  since: ListRevision,
  now: { seq: number; xmin: number },
): Promise<StatementListDelta | null> {
  const { seq } = now;
  const day = revisionDay(ctx);
  if (since.day !== day || since.seq > seq) return null;
  if (!(await changesKeptAfter(ctx.db, since.seq))) return null;
  let query = ctx.db
    .selectFrom('changes')
    .select(['kind', 'statement_id'])
    .where('kind', 'in', ['statement', 'lists'])
    // After the position read with the list, and whatever the transactions still running then wrote below it.
    .where((eb) =>
      since.xmin > 0 ? eb.or([eb('seq', '>', since.seq), eb('xid', '>=', since.xmin)]) : eb('seq', '>', since.seq),
    )
    .where('seq', '<=', seq);
  // A company's list changes only with its own statements and data (and with what every list shows).
  if (scope.companyId !== undefined) {
    const companyId = scope.companyId;
    query = query.where((eb) =>
      eb.or([eb.and([eb('kind', '=', 'lists'), eb('company_id', 'is', null)]), eb('company_id', '=', companyId)]),
    );
  }
  const rows = await query.limit(MAX_CHANGED * 4).execute();
  if (rows.length >= MAX_CHANGED * 4 || rows.some((row) => row.kind === 'lists')) return null;
  const ids = [...new Set(rows.map((row) => row.statement_id).filter((id): id is number => id !== null))];
  if (ids.length > MAX_CHANGED) return null;
  const revision = formatListRevision({ seq, xmin: now.xmin, day });
  if (ids.length === 0) return { revision, changed: [], removed: [] };
  const found = await listStatementsByIds(ctx.db, scope, ids);
  const clock = await deadlineClock(ctx);
  const remarks = await openRequiredCounts(ctx.db);
  const changed: StatementListItem[] = found.map((row) => {
    const item = toApiListItem(row, clock);
    const open = remarks.get(row.id);
    return open ? { ...item, openRequiredRemarks: open } : item;
  });
  const present = new Set(found.map((row) => row.id));
  return { revision, changed, removed: ids.filter((id) => !present.has(id)) };
}
