import type { ServiceContext } from '../context.ts';
import type { ChangeTable } from '../db/schema.ts';
import { changesKeptAfter, latestChangeSeq, readChangesAfter } from './events.repository.ts';

/** One row of the change log (migration 20261125T1400_changes), as the streams read it. */
export interface Change {
  seq: number;
  kind: ChangeTable['kind'];
  statementId: number | null;
  companyId: number | null;
  userId: number | null;
}

/**
 * The change log as it grows, told to this API process's open streams (docs/decisions.md «Live events»). While at
 * least one stream listens it reads the rows after the last it told, every `POLL_MS`; with no listener it reads
 * nothing. Every API process reads the same table, so a write through any process, the admin CLI or plain SQL reaches
 * every stream.
 *
 * On PostgreSQL a transaction that took its sequence number earlier may commit after a later one was read: the feed
 * reads again the rows of the last `LATE_MS` and tells only the ones it has not told yet, so such a row still comes
 * (late by at most one poll).
 */
export interface ChangeFeed {
  /** Tells `listener` every new change, in batches; returns the unsubscribe. */
  subscribe(listener: (changes: Change[]) => void): () => void;
  /** How many streams listen (the metrics). */
  listeners(): number;
  /** The changes after `seq`, or null when they are no longer all kept (the client then reloads whole). */
  since(seq: number): Promise<Change[] | null>;
  /** The newest change's position (0 when none). */
  latest(): Promise<number>;
}

/** How often the log is read while a stream listens: the live budget is a second, end to end. */
const POLL_MS = 200;
/** How long rows are read again for a late commit. */
const LATE_MS = 30_000;

type ChangeRow = Awaited<ReturnType<typeof readChangesAfter>>[number];

const toChange = (row: ChangeRow): Change => ({
  seq: Number(row.seq),
  kind: row.kind,
  statementId: row.statement_id,
  companyId: row.company_id,
  userId: row.user_id,
});

/** Rows read per poll at most; a burst larger than this is told over several polls. */
const BATCH = 2000;

/** The change feed of an app (decorated as `app.changeFeed`, plugins/live-events.ts). */
export function createChangeFeed(ctx: ServiceContext): ChangeFeed {
  const listeners = new Set<(changes: Change[]) => void>();
  /** Changes told, by seq, with when they were told: the window a late commit is looked for in. */
  const told = new Map<number, number>();
  /** The highest seq told before the window: rows at or below it are never read again. */
  let floor = -1;
  let timer: NodeJS.Timeout | null = null;
  let polling = false;

  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      if (floor < 0) floor = await latestChangeSeq(ctx.db);
      const rows = await readChangesAfter(ctx.db, floor, BATCH);
      const now = Date.now();
      const fresh = rows.map(toChange).filter((change) => !told.has(change.seq));
      for (const change of fresh) told.set(change.seq, now);
      // Move the floor over what left the window, keeping every seq since then to recognise it.
      for (const [seq, at] of told) {
        if (now - at < LATE_MS) break;
        told.delete(seq);
        floor = Math.max(floor, seq);
      }
      if (fresh.length > 0) for (const listener of listeners) listener(fresh);
    } catch (error) {
      ctx.logError(error, 'live events: reading the change log');
    } finally {
      polling = false;
    }
  };

  const start = () => {
    timer = setInterval(() => void poll(), POLL_MS);
    timer.unref();
    void poll();
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
    // Nobody listens: nothing is read, and the next listener starts from the newest change.
    told.clear();
    floor = -1;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    listeners: () => listeners.size,
    async since(seq) {
      if (!(await changesKeptAfter(ctx.db, seq))) return null;
      const latest = await latestChangeSeq(ctx.db);
      if (seq > latest) return null;
      const rows = await readChangesAfter(ctx.db, seq, BATCH);
      // Too far behind to tell in one message: the client reloads whole.
      return rows.length === BATCH ? null : rows.map(toChange);
    },
    latest: () => latestChangeSeq(ctx.db),
  };
}
