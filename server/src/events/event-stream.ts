import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveEvent } from '#domain/contract.ts';
import { sessionOpen } from '../auth/session.service.ts';
import { accessTokenExpiry, accessTokenSession } from '../auth/tokens.ts';
import type { ServiceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { SECURITY_HEADERS } from '../site/headers.ts';
import type { Change, ChangeFeed } from './change-feed.ts';
import { eventFor, resetEvent } from './events.service.ts';
import type { LiveStreams } from './streams.ts';

/** A comment line this often keeps the stream open through proxies and tells a dead client apart. */
const HEARTBEAT_MS = 20_000;
/** The `Last-Event-ID` a client may send: a change's position. */
const EVENT_ID = /^\d{1,15}$/;

/** Who reads a stream: the signed-in user, read again when their row changes. */
type Reader = Parameters<typeof eventFor>[1];

const message = (event: LiveEvent) => `event: change\nid: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`;

export interface EventStreams {
  /** Answers GET /api/events for `reader` with a stream that stays open (the reply is hijacked). */
  open(request: FastifyRequest, reply: FastifyReply, reader: Reader): Promise<FastifyReply>;
  /** Ends every stream open here (shutting down). */
  endAll(): void;
}

/**
 * The streams of GET /api/events (docs/product.md «Live updates», docs/decisions.md «Live events»): the changes the
 * reader may see, as Server-Sent Events, until the access token expires, the reader is removed or logs out, or the
 * process shuts down.
 */
export function createEventStreams(ctx: ServiceContext, feed: ChangeFeed, sessions: LiveStreams): EventStreams {
  const { config } = ctx;
  const open = new Map<number, number>();
  const closers = new Set<() => void>();
  return {
    endAll() {
      for (const close of [...closers]) close();
    },

    async open(request, reply, first) {
      let reader = first;
      const token = /^bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const expiresAt = accessTokenExpiry(config.jwtSecret, token);
      if (expiresAt === null) throw apiError('unauthorized');
      const session = accessTokenSession(config.jwtSecret, token);
      const held = open.get(reader.id) ?? 0;
      // Streams one user may hold open on one API process (EVENT_STREAMS_PER_USER): more is refused, 429.
      if (held >= config.eventStreamsPerUser) {
        throw apiError(
          'too_many_requests',
          'Открыто слишком много вкладок портала. Закройте лишние и обновите страницу.',
        );
      }
      const lastId = request.headers['last-event-id'];
      const since = typeof lastId === 'string' && EVENT_ID.test(lastId) ? Number(lastId) : null;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...SECURITY_HEADERS,
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
        'X-Request-Id': request.id,
      });
      open.set(reader.id, held + 1);

      // Changes that come while the backlog is read wait, so the order holds and nothing is told twice.
      let queue: Promise<void> = Promise.resolve();
      let ended = false;
      const told = new Set<number>();
      /** Tells the reader what of these changes they may see; ends the stream when the reader is gone. */
      const tell = async (changes: readonly Change[]) => {
        const result = await eventFor(ctx, reader, changes);
        if (!result) {
          raw.write('event: end\ndata: {}\n\n');
          end();
          return;
        }
        reader = result.reader;
        if (result.event) raw.write(message(result.event));
      };
      const send = (changes: readonly Change[]) => {
        queue = queue.then(async () => {
          if (ended) return;
          const fresh = changes.filter((change) => !told.has(change.seq));
          if (fresh.length > 0) await tell(fresh);
        });
      };

      const unsubscribe = feed.subscribe(send);
      /** The reader's login ended (logout): the stream says so and ends, as for a removed reader. */
      const loggedOut = () => {
        if (ended) return;
        raw.write('event: end\ndata: {}\n\n');
        end();
      };
      const forget = session ? sessions.add(session, loggedOut) : () => {};
      const heartbeat = setInterval(() => {
        raw.write(': ping\n\n');
        // A logout on another API process is seen here at the next heartbeat.
        if (session) {
          void sessionOpen(ctx, session).then(
            (open) => open || loggedOut(),
            () => undefined,
          );
        }
      }, HEARTBEAT_MS);
      // The stream ends with the token; the client refreshes it and comes back with Last-Event-ID.
      const expiry = setTimeout(() => end(), Math.max(0, expiresAt * 1000 - Date.now()));
      const end = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        forget();
        clearInterval(heartbeat);
        clearTimeout(expiry);
        closers.delete(end);
        const left = (open.get(reader.id) ?? 1) - 1;
        if (left > 0) open.set(reader.id, left);
        else open.delete(reader.id);
        raw.end();
      };
      closers.add(end);
      raw.on('close', end);

      // A client that lost the stream tries again after 2 s (its own backoff grows from there).
      raw.write('retry: 2000\n: connected\n\n');
      if (since !== null) {
        queue = queue.then(async () => {
          const backlog = await feed.since(since);
          if (ended) return;
          if (backlog === null) {
            raw.write(message(resetEvent(await feed.latest())));
            return;
          }
          for (const change of backlog) told.add(change.seq);
          if (backlog.length > 0) await tell(backlog);
        });
      }
      return reply;
    },
  };
}
