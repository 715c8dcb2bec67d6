import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { LIST_COLUMNS_TYPE } from '#domain/list-columns.ts';
import type { ServiceContext } from '../context.ts';
import { localDate } from '../deadlines/calendar.ts';
import { chooseEncoding } from '../http/compression.ts';
import type { listItems } from '../statements/statements.service.ts';
import { formatListRevision } from './list-revision.ts';
import { readListPosition } from './lists.repository.ts';

/** Whose statements a list shows (the statements service decides it from the caller: `listScope`). */
export type ListScope = Parameters<typeof listItems>[1];

/** How a whole list is written: the array of items, or column by column (domain/list-columns.ts), as asked. */
export type ListForm = 'json' | 'columns';

/** The media type of each form, sent with it. */
export const LIST_FORM_TYPE: Record<ListForm, string> = {
  json: 'application/json; charset=utf-8',
  columns: `${LIST_COLUMNS_TYPE}; charset=utf-8`,
};

/**
 * Statement lists as they were last sent, per scope and encoding, for as long as nothing they show has changed
 * (the examiner's list of 10,000 took 250–600 ms to query, check, serialise and compress on every call).
 *
 * An entry is keyed by the scope, the database's list revision (bumped by triggers in the transaction of every write
 * a list item could reflect, whichever API process or tool made it: migration 20261122T2300_list_revision) and the
 * committee's calendar day (the working days left change at midnight). The revision is read before the list, so a
 * list built while a write commits is filed under the older revision and never served after it. The first reply of
 * a key goes through the whole pipeline (contract check, serialisation, compression); its bytes are kept as sent.
 * The scope is decided after the caller's role is checked, so an entry only ever reaches callers of its scope.
 */
export interface ListCache {
  /**
   * Answers from the cache when it can (and returns the reply); otherwise returns what `load` gives (the reply it
   * sent, or the list to be sent the usual way), kept by `keep` (the route's onSend hook). Each form is kept apart.
   */
  answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: ListScope,
    form: ListForm,
    load: () => Promise<T>,
  ): Promise<T | FastifyReply>;
  /** A route onSend hook that keeps a list reply as sent (after compression). */
  keep: onSendHookHandler;
  /** What it holds and how it served (tests, metrics). */
  stats(): { entries: number; bytes: number; hits: number; misses: number; recompressed: number };
}

interface Entry {
  revision: string;
  /** The X-List-Revision sent with it (the change log's position read before the list was built). */
  token: string;
  body: string | Buffer;
  /** Its media type (the form). */
  type: string;
  encoding: string | null;
  bytes: number;
}

/** Entries beyond these are dropped oldest first; the examiner's list of 10,000 is ~0.5 MB compressed, 6.5 MB plain. */
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRIES = 256;

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);

/**
 * A kept brotli reply at least this big is compressed again, harder, off the request path: it is sent to every
 * examiner until the next write, so a one-off cost in the thread pool buys fewer bytes on each. The array of the
 * examiner's 10,000 (6.5 MB) at quality 7: 465 → 383 KB in 100–250 ms. Its columns (~1 MB) at quality 10: 175 →
 * ~134 KB in 0.5–2 s (quality 9 saves next to nothing). The first reply goes at the compression plugin's quality 4.
 */
export const RECOMPRESS_MIN_BYTES = 16 * 1024;
const HARDER_QUALITY: Record<string, number> = { [LIST_FORM_TYPE.json]: 7, [LIST_FORM_TYPE.columns]: 10 };

const scopeKey = (scope: ListScope) =>
  (scope.companyId !== undefined
    ? `company:${scope.companyId}`
    : scope.examinerId !== undefined
      ? `examiner:${scope.examinerId}`
      : 'all') + (scope.status === undefined ? '' : `:${scope.status}`);

/** The list cache of an app, which its company and examiner lists share (`app.listCache`, plugins/list-cache.ts). */
export function createListCache(ctx: ServiceContext): ListCache {
  const entries = new Map<string, Entry>();
  const pending = new WeakMap<FastifyRequest, { key: string; revision: string; token: string }>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let recompressed = 0;

  const recompress = async (key: string, entry: Entry) => {
    try {
      const plain = await unbrotli(entry.body);
      const harder = await brotli(plain, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: HARDER_QUALITY[entry.type] ?? 7,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        },
      });
      // Dropped or replaced meanwhile (a newer revision), or no smaller: keep what is there.
      if (entries.get(key) !== entry || harder.length >= entry.bytes) return;
      entries.set(key, { ...entry, body: harder, bytes: harder.length });
      bytes += harder.length - entry.bytes;
      recompressed += 1;
    } catch (error) {
      ctx.logError(error, 'list cache: compressing a list again');
    }
  };

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const store = (key: string, entry: Entry) => {
    drop(key);
    // Older revisions can never be asked for again once a newer one is read.
    for (const [other, held] of entries) if (held.revision !== entry.revision) drop(other);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= MAX_BYTES && entries.size <= MAX_ENTRIES) break;
      drop(oldest);
    }
  };

  return {
    async answer(request, reply, scope, form, load) {
      const { revision, seq, xmin } = await readListPosition(ctx.db);
      const encoding = chooseEncoding(request.headers['accept-encoding']) ?? 'identity';
      const now = ctx.now();
      const day = localDate(now, ctx.config.timeZone);
      const key = `${scopeKey(scope)}|${revision}|${day}|${form}|${encoding}`;
      const hit = entries.get(key);
      if (!hit) {
        misses += 1;
        const token = formatListRevision({ seq, xmin, day: day.replaceAll('-', '') });
        pending.set(request, { key, revision, token });
        reply.header('content-type', LIST_FORM_TYPE[form]);
        reply.header('vary', 'Accept');
        reply.header('x-list-revision', token);
        return load();
      }
      hits += 1;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, hit);
      reply.header('content-type', hit.type);
      reply.header('vary', 'Accept, Accept-Encoding');
      reply.header('x-list-revision', hit.token);
      if (hit.encoding) reply.header('content-encoding', hit.encoding);
      return reply.send(hit.body);
    },

    keep(request, reply, payload, done) {
      const miss = pending.get(request);
      if (miss && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const encoding = reply.getHeader('content-encoding');
        const entry: Entry = {
          revision: miss.revision,
          token: miss.token,
          body: payload,
          type: String(reply.getHeader('content-type') ?? LIST_FORM_TYPE.json),
          encoding: typeof encoding === 'string' ? encoding : null,
          bytes: typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length,
        };
        store(miss.key, entry);
        if (entry.encoding === 'br' && entry.bytes >= RECOMPRESS_MIN_BYTES) void recompress(miss.key, entry);
      }
      done(null, payload);
    },

    stats: () => ({ entries: entries.size, bytes, hits, misses, recompressed }),
  };
}
