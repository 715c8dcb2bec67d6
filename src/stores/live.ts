import { atom, type ReadableAtom } from 'nanostores';
import type { LiveEvent } from '#domain/contract.ts';
import { type EventStream, openEventStream } from '../lib/api/event-stream.ts';
import { API_BASE_URL, getFreshAccessToken, refreshAccessToken } from '../lib/api/session-core.ts';
import { $session } from './session.ts';

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
}

const $change = atom<LiveChange | null>(null);

/** The last change told to this tab's screens (null before the first). Listen, do not read. */
export const $liveChange: ReadableAtom<LiveChange | null> = $change;

/** Whether a change touches the statement lists (any statement, or everything). */
export const touchesLists = (change: LiveChange) => change.statements.size > 0 || change.lists || change.reset;

/** The channel the tab holding the stream tells the other tabs on, and the lock that makes one tab hold it. */
const CHANNEL = 'portal-live';
const LEADER_LOCK = 'portal-live-stream';

let pending: LiveChange | null = null;

function merge(into: LiveChange | null, event: LiveEvent): LiveChange {
  const statements = new Set(into?.statements ?? []);
  for (const id of event.statements) statements.add(id);
  return {
    statements,
    notifications: (into?.notifications ?? false) || event.notifications,
    lists: (into?.lists ?? false) || event.lists,
    reset: (into?.reset ?? false) || event.reset,
  };
}

/** Changes wait while the tab is hidden (nothing reloads in the background) and are told together when it shows. */
function flush(): void {
  if (!pending || (typeof document !== 'undefined' && document.hidden)) return;
  const change = pending;
  pending = null;
  $change.set(change);
}

let lastSeq: number | null = null;

function receive(event: LiveEvent): void {
  lastSeq = Math.max(lastSeq ?? 0, event.seq);
  pending = merge(pending, event);
  flush();
}

let running: { stop: () => void } | null = null;

/**
 * One stream per browser session: the tab that holds the lock reads GET /api/events and tells the other tabs on a
 * BroadcastChannel (a browser opens at most six HTTP/1.1 connections to a site; a stream per tab would use them up).
 * When that tab closes, another takes the lock and goes on from the last message any tab received.
 */
function start(): { stop: () => void } {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  channel?.addEventListener('message', (message: MessageEvent<LiveEvent>) => receive(message.data));
  const quit = new AbortController();
  let stream: EventStream | null = null;

  const lead = () =>
    new Promise<void>((release) => {
      if (quit.signal.aborted) {
        release();
        return;
      }
      stream = openEventStream({
        url: `${API_BASE_URL}/api/events`,
        lastEventId: lastSeq === null ? null : String(lastSeq),
        getToken: getFreshAccessToken,
        refresh: refreshAccessToken,
        onEvent: (event) => {
          channel?.postMessage(event);
          receive(event);
        },
        // The session is over or the user is gone: the session's own checks sign the tab out.
        onEnd: release,
      });
      quit.signal.addEventListener('abort', () => {
        stream?.close();
        release();
      });
    });

  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) {
    locks.request(LEADER_LOCK, { signal: quit.signal }, lead).catch(() => undefined);
  } else void lead();

  const onVisible = () => flush();
  document.addEventListener('visibilitychange', onVisible);
  return {
    stop() {
      quit.abort();
      channel?.close();
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}

/** Starts the live updates once a user is signed in, and stops them when the session ends (logout, expiry). */
let subscribed = false;

export function startLiveUpdates(): void {
  if (typeof window === 'undefined' || subscribed) return;
  subscribed = true;
  $session.subscribe((session) => {
    if (session.status === 'authenticated' && !running) running = start();
    else if (session.status === 'anonymous' && running) {
      running.stop();
      running = null;
      pending = null;
      lastSeq = null;
    }
  });
}
