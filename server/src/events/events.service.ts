import type { LiveEvent } from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import { statementsAskedOfMember } from '../db/conclusion-requests.ts';
import { nowIso } from '../db/database.ts';
import type { UserRow } from '../users/user.ts';
import { findUserById } from '../users/users.service.ts';
import type { Change } from './change-feed.ts';
import { changesKeptAfter, deleteChangesBefore } from './events.repository.ts';

/** How long the log keeps its rows (the scheduled work trims it); a client away longer reloads whole. */
const CHANGES_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * What of a batch of changes one reader may learn (docs/product.md «Live updates»): the statements they may read
 * (a company user: their company's; an examiner: every statement; an outside body's staff: those asked of their
 * body), their own notifications, and that their lists
 * changed (another company's data is no company user's concern).
 * A change of the reader's own row is checked again: a removed user's stream ends (null). Nothing else: no other
 * company's statement id, no other user's notification.
 */
export async function eventFor(
  ctx: ServiceContext,
  reader: UserRow,
  changes: readonly Change[],
): Promise<{ event: LiveEvent | null; reader: UserRow } | null> {
  let current = reader;
  if (changes.some((change) => change.kind === 'user' && change.userId === reader.id)) {
    const found = await findUserById(ctx.db, reader.id);
    // Removed, or moved to another role or company: this stream was opened for someone else.
    if (!found || found.role !== reader.role || found.company_id !== reader.company_id) return null;
    current = found;
  }
  // An outside body's staff learn of the statements asked of their body only (a request made, answered, withdrawn).
  const asked =
    current.role === 'reviewer'
      ? await statementsAskedOfMember(
          ctx.db,
          current.id,
          changes.flatMap((change) =>
            change.kind === 'statement' && change.statementId !== null ? [change.statementId] : [],
          ),
        )
      : null;
  const statements = new Set<number>();
  let notifications = false;
  let lists = false;
  for (const change of changes) {
    if (change.kind === 'statement' && change.statementId !== null && mayRead(current, change, asked)) {
      statements.add(change.statementId);
    } else if (change.kind === 'notification' && change.userId === current.id) notifications = true;
    else if (change.kind === 'lists' && mayReadList(current, change)) lists = true;
  }
  const seq = changes.reduce((max, change) => Math.max(max, change.seq), 0);
  const event =
    statements.size > 0 || notifications || lists
      ? { seq, statements: [...statements].sort((a, b) => a - b), notifications, lists, reset: false }
      : null;
  return { event, reader: current };
}

/**
 * A statement change a reader may learn of: an examiner every one, a company user their company's, an outside body's
 * staff those asked of their body (`asked`).
 */
function mayRead(reader: UserRow, change: Change, asked: ReadonlySet<number> | null): boolean {
  if (reader.role === 'examiner') return true;
  if (reader.role === 'reviewer') return change.statementId !== null && (asked?.has(change.statementId) ?? false);
  return reader.company_id !== null && change.companyId === reader.company_id;
}

/**
 * A change of what lists show that concerns the reader: one every list shows (a catalogue, the calendar), or a
 * company's own data, which only that company's lists and the examiners' show.
 */
function mayReadList(reader: UserRow, change: Change): boolean {
  return change.companyId === null || reader.role === 'examiner' || change.companyId === reader.company_id;
}

/** The message that tells a reader to reload whatever they show: what changed is no longer kept. */
export function resetEvent(seq: number): LiveEvent {
  return { seq, statements: [], notifications: true, lists: true, reset: true };
}

/** Whether the change log still holds every change after `seq`: what happened since can still be told. */
export function changesKept(ctx: ServiceContext, seq: number): Promise<boolean> {
  return changesKeptAfter(ctx.db, seq);
}

/** Removes the log's rows older than a day (the scheduled work); returns how many. */
export function trimChanges(ctx: ServiceContext): Promise<number> {
  return deleteChangesBefore(ctx.db, nowIso(new Date(ctx.now().getTime() - CHANGES_KEPT_MS)));
}
