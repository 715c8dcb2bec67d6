import type { LiveEvent } from '#domain/contract.ts';
import { API_BASE_URL } from '#lib/api/base.ts';
import { type EventStream, openEventStream } from '#lib/api/event-stream.ts';
import { getFreshAccessToken, refreshAccessToken } from '#lib/api/session-core.ts';
import { forgetStream, reportStream } from '#stores/connection.ts';
import { $session } from '#stores/session.ts';
import { flushLiveChanges, forgetLiveChanges, lastLiveSeq, receiveLiveEvent } from './changes.ts';

/** The channel the tab holding the stream tells the other tabs on, and the lock that makes one tab hold it. */
const CHANNEL = 'portal-live';
const LEADER_LOCK = 'portal-live-stream';

let running: { stop: () => void } | null = null;

/**
 * One stream per browser session: the tab that holds the lock reads GET /api/events and tells the other tabs on a
 * BroadcastChannel (a browser opens at most six HTTP/1.1 connections to a site; a stream per tab would use them up).
 * When that tab closes, another takes the lock and goes on from the last message any tab received.
 */
function start(): { stop: () => void } {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  // The holding tab tells the others each change and whether its stream is connected.
  channel?.addEventListener('message', (message: MessageEvent<LiveEvent | { connected: boolean }>) => {
    if ('connected' in message.data) reportStream(message.data.connected);
    else receiveLiveEvent(message.data);
  });
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
        lastEventId: lastLiveSeq() === null ? null : String(lastLiveSeq()),
        getToken: getFreshAccessToken,
        refresh: refreshAccessToken,
        onEvent: (event) => {
          channel?.postMessage(event);
          receiveLiveEvent(event);
        },
        onConnection: (connected) => {
          channel?.postMessage({ connected });
          reportStream(connected);
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

  const onVisible = () => flushLiveChanges();
  document.addEventListener('visibilitychange', onVisible);
  return {
    stop() {
      quit.abort();
      forgetStream();
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
      forgetLiveChanges();
    }
  });
}
