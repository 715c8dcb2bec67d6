import { createParser } from 'eventsource-parser';
import type { LiveEvent } from '#domain/contract.ts';

/**
 * GET /api/events read through `fetch` (an EventSource cannot send the bearer token), parsed by eventsource-parser
 * (docs/product.md «Live updates»). It reconnects by itself: at once when the server ends the stream (the token
 * expired: a fresh one is asked for), after a growing pause when the connection fails; each time with
 * `Last-Event-ID`, so nothing is missed. It stops for good when the server says the reader is gone (`event: end`),
 * when no token can be had (the session is over), or when closed.
 */
export interface EventStreamOptions {
  /** The stream's address (`/api/events` on the site's origin). */
  url: string;
  /** Go on from this message (another tab held the stream until now); null to start from now. */
  lastEventId?: string | null;
  /** A valid access token, refreshed when it is about to expire; null when the session is over. */
  getToken: () => Promise<string | null>;
  /** Refreshes the token after a 401; false when the session is over. */
  refresh: () => Promise<boolean>;
  /** Told each message. */
  onEvent: (event: LiveEvent) => void;
  /** Told once when the stream stops for good because the reader is gone or the session is over. */
  onEnd?: () => void;
  /** Told whether the stream is connected (a message or the opening arrived) or not. */
  onConnection?: (connected: boolean) => void;
  fetch?: typeof fetch;
  /** The pause before the n-th retry after a failure (default 1 s doubling to 30 s, with jitter). */
  retryDelay?: (attempt: number) => number;
}

export interface EventStream {
  close(): void;
  /** The id of the last message received (sent as Last-Event-ID on the next connection). */
  lastEventId(): string | null;
}

const defaultDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random());

/** A message's data as a LiveEvent, or null for anything else (a newer server's message this client ignores). */
function readEvent(data: string): LiveEvent | null {
  try {
    const value = JSON.parse(data) as Partial<LiveEvent>;
    if (typeof value.seq !== 'number' || !Array.isArray(value.statements)) return null;
    return {
      seq: value.seq,
      statements: value.statements.filter((id): id is number => typeof id === 'number'),
      notifications: value.notifications === true,
      lists: value.lists === true,
      reset: value.reset === true,
    };
  } catch {
    return null;
  }
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const delay = options.retryDelay ?? defaultDelay;
  let lastId: string | null = options.lastEventId ?? null;
  let closed = false;
  // One signal for the stream's whole life: closing aborts whichever connection is open or about to open.
  const lifetime = new AbortController();
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** One connection; resolves with what to do next. */
  async function connect(): Promise<'again' | 'retry' | 'stop'> {
    const token = await options.getToken();
    if (!token) return 'stop';
    if (closed) return 'again';
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
    if (lastId !== null) headers['last-event-id'] = lastId;
    const response = await doFetch(options.url, { headers, signal: lifetime.signal, cache: 'no-store' });
    if (response.status === 401) {
      await response.body?.cancel();
      return (await options.refresh()) ? 'again' : 'stop';
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return 'retry';
    }
    options.onConnection?.(true);
    let ended = false;
    const parser = createParser({
      onEvent(message) {
        if (message.event === 'end') {
          ended = true;
          return;
        }
        if (message.event !== 'change') return;
        const event = readEvent(message.data);
        if (!event) return;
        if (message.id !== undefined) lastId = message.id;
        options.onEvent(event);
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done || ended) break;
      parser.feed(value);
    }
    options.onConnection?.(false);
    if (ended) {
      await reader.cancel().catch(() => undefined);
      return 'stop';
    }
    // The server ended the stream (the token expired, the instance is shutting down): come back at once.
    return 'again';
  }

  void (async () => {
    let failures = 0;
    while (!closed) {
      let next: 'again' | 'retry' | 'stop';
      try {
        next = await connect();
      } catch {
        next = 'retry';
      }
      if (closed) break;
      if (next === 'stop') {
        closed = true;
        options.onEnd?.();
        break;
      }
      failures = next === 'retry' ? failures + 1 : 0;
      options.onConnection?.(false);
      // Even a clean end waits a moment, so a server that ends every stream at once is not hammered.
      await pause(next === 'retry' ? delay(failures - 1) : 200 + Math.random() * 300);
    }
  })();

  return {
    close() {
      closed = true;
      lifetime.abort();
      wake?.();
    },
    lastEventId: () => lastId,
  };
}
