import { atom, onMount } from 'nanostores';

/**
 * Whether the portal can be reached from this tab (docs/product.md «Session behaviour on the site»): lost while the
 * browser says it is offline, while the API's last answer was none or a gateway's 502/503/504, or while the live
 * stream has been down for longer than its reconnection takes. The banner shows it; it clears by itself once every
 * source is back.
 */
export const $connectionLost = atom(false);

/** What can tell this tab the portal is out of reach. */
export type ConnectionSource = 'browser' | 'api' | 'stream';

/** A stream that ends is reopened at once (an expired token, an API process restarting): a gap shorter than this is no loss. */
export const STREAM_GRACE_MS = 2000;

const lost = new Set<ConnectionSource>();
let streamTimer: ReturnType<typeof setTimeout> | null = null;

/** Records what `source` says now: reachable (`ok`) or not. */
export function reportConnection(source: ConnectionSource, ok: boolean): void {
  if (ok) lost.delete(source);
  else lost.add(source);
  if ($connectionLost.value !== lost.size > 0) $connectionLost.set(lost.size > 0);
}

/** The live stream is connected, or has dropped (counted as lost only when it stays down past the grace). */
export function reportStream(connected: boolean): void {
  if (connected) {
    if (streamTimer !== null) clearTimeout(streamTimer);
    streamTimer = null;
    reportConnection('stream', true);
    return;
  }
  streamTimer ??= setTimeout(() => {
    streamTimer = null;
    reportConnection('stream', false);
  }, STREAM_GRACE_MS);
}

/** Forgets the stream's state (the stream stopped because the session ended). */
export function forgetStream(): void {
  reportStream(true);
}

/** The statuses a gateway in front of the API answers when no API process answers it. */
const UNREACHABLE = new Set([502, 503, 504]);

/** What an API answer (its status) or its failure (no status) says about reaching the portal. */
export function reportApiAnswer(status: number | null): void {
  reportConnection('api', status !== null && !UNREACHABLE.has(status));
}

// The browser's own word, while the banner watches.
onMount($connectionLost, () => {
  if (typeof window === 'undefined') return;
  const online = () => reportConnection('browser', true);
  const offline = () => reportConnection('browser', false);
  if (navigator.onLine === false) offline();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
});
