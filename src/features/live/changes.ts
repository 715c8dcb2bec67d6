import { atom, type ReadableAtom } from 'nanostores';
import type { LiveEvent } from '#domain/contract.ts';

// What the screens listen to; the stream itself (live.ts, with its parser) is loaded apart, after the page's own code.

/**
 * What changed under the screens of this tab (docs/product.md «Live updates»): the statements, whether the
 * notifications changed, whether every list must be read again (`lists`, or `reset` when the changes missed were no
 * longer kept). Lists, counters, the bell and an open detail each listen and reload what concerns them.
 */
export interface LiveChange {
  statements: ReadonlySet<number>;
  notifications: boolean;
  lists: boolean;
  reset: boolean;
  /** Told by this tab's own action (announceStatementChange), not by the stream. */
  own: boolean;
}

const $change = atom<LiveChange | null>(null);

/** The last change told to this tab's screens (null before the first). Listen, do not read. */
export const $liveChange: ReadableAtom<LiveChange | null> = $change;

/** Whether a change touches the statement lists (any statement, or everything). */
export const touchesLists = (change: LiveChange) => change.statements.size > 0 || change.lists || change.reset;

let pending: LiveChange | null = null;

function merge(into: LiveChange | null, event: LiveEvent): LiveChange {
  const statements = new Set(into?.statements ?? []);
  for (const id of event.statements) statements.add(id);
  return {
    statements,
    notifications: (into?.notifications ?? false) || event.notifications,
    lists: (into?.lists ?? false) || event.lists,
    reset: (into?.reset ?? false) || event.reset,
    own: false,
  };
}

/** Changes wait while the tab is hidden (nothing reloads in the background) and are told together when it shows. */
export function flushLiveChanges(): void {
  if (!pending || (typeof document !== 'undefined' && document.hidden)) return;
  const change = pending;
  pending = null;
  $change.set(change);
}

let lastSeq: number | null = null;

/** A message of the stream (this tab's, or another tab's through the channel): told to the screens. */
export function receiveLiveEvent(event: LiveEvent): void {
  lastSeq = Math.max(lastSeq ?? 0, event.seq);
  pending = merge(pending, event);
  flushLiveChanges();
}

/** The last message any tab told this one of (the next stream goes on from it). */
export const lastLiveSeq = (): number | null => lastSeq;

/**
 * Tells this tab's screens at once that the signed-in user changed a statement's status (taking it into work,
 * replying): the counters and the lists that ask for it reload without waiting for the stream. The feature that made
 * the change and the lists that must reload never import each other, so they meet here.
 */
export function announceStatementChange(): void {
  $change.set({ statements: new Set(), notifications: false, lists: true, reset: false, own: true });
}

/** Forgets what was told (the session ended). */
export function forgetLiveChanges(): void {
  pending = null;
  lastSeq = null;
}
