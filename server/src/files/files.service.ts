import type { FastifyReply } from 'fastify';
import parseRange from 'range-parser';
import type { ServiceContext } from '../context.ts';
import { memberReadsFile } from '../db/conclusion-requests.ts';
import type { Db } from '../db/database.ts';
import { ApiError, apiError } from '../errors.ts';
import { type ByteRange, FileNotFoundError, isPartialName, isStorageKey } from '../storage/file-store.ts';
import { seesCompany } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { findFileByKey, knownStorageKeys } from './files.repository.ts';

/** A stored file of a statement the actor may see, by its storage key; undefined for any other key. */
async function findStatementFileFor(db: Db, actor: UserRow, key: string) {
  const file = await findFileByKey(db, key);
  if (!file) return undefined;
  if (seesCompany(actor, file.company_id)) return file;
  // An outside body's staff read what was sent to their body (docs/product.md «Conclusions»).
  return actor.role === 'reviewer' && (await memberReadsFile(db, actor.id, file)) ? file : undefined;
}

/** RFC 6266: an ASCII fallback for old clients and the exact name, UTF-8 and percent-encoded, for the rest. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (docs/product.md «Files»): undefined for the
 * whole file (no header, a malformed one, another unit, or several ranges that do not merge into one), or 416 when
 * the range starts past the end.
 */
function requestedRange(size: number, header: string | undefined): ByteRange | undefined {
  if (header === undefined) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) {
    throw new ApiError('range_not_satisfiable', { headers: { 'Content-Range': `bytes */${size}` } });
  }
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  const [range] = ranges;
  return range && { start: range.start, end: range.end };
}

/**
 * Streams a stage file, or one byte range of it, to someone who may see its statement: the company's users or any
 * examiner. A key that is not ours, a traversal form, or a file of another company is the same 404 with no bytes,
 * ranged or not: rights are checked before the range is looked at.
 */
export async function downloadFile(
  ctx: ServiceContext,
  user: UserRow,
  key: string,
  rangeHeader: string | undefined,
  reply: FastifyReply,
  onRead?: (file: { statementId: number; fileName: string }) => void,
): Promise<FastifyReply> {
  const missing = () => apiError('not_found', 'Файл не найден');
  if (!isStorageKey(key)) throw missing();
  const file = await findStatementFileFor(ctx.db, user, key);
  if (!file) throw missing();
  // The read is recorded (the access log) once allowed; the entry is written as the bytes go.
  onRead?.({ statementId: file.statement_id, fileName: file.file_name });
  const size = Number(file.size);
  const range = requestedRange(size, rangeHeader);
  // Bytes gone from the store are the same 404; a store that fails (a bucket unreachable) is a logged 500.
  const stream = await ctx.files.get(key, range).catch((error: unknown) => {
    if (error instanceof FileNotFoundError) {
      ctx.logError(error, `file ${key} is in the database but not in the file store`);
      throw missing();
    }
    throw error;
  });
  reply
    .header('Content-Type', 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(file.file_name))
    .header('Accept-Ranges', 'bytes')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
  if (!range) return reply.header('Content-Length', String(size)).send(stream);
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', String(range.end - range.start + 1))
    .send(stream);
}

/**
 * Streams a whole stored file the caller has already been allowed to read (the public check's signed certificate),
 * with the same headers as a stage file's download; bytes gone from the store are a 404.
 */
export async function sendStoredFile(
  ctx: ServiceContext,
  file: { key: string; name: string; size: number },
  reply: FastifyReply,
): Promise<FastifyReply> {
  const stream = await ctx.files.get(file.key).catch((error: unknown) => {
    if (error instanceof FileNotFoundError) {
      ctx.logError(error, `file ${file.key} is in the database but not in the file store`);
      throw apiError('not_found', 'Файл не найден');
    }
    throw error;
  });
  return reply
    .header('Content-Type', 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Length', String(file.size))
    .send(stream);
}

/** Which of these storage keys the database still names (a stage file, a prefile, a registration's statement). */
export function namedStorageKeys(ctx: ServiceContext, keys: readonly string[]): Promise<Set<string>> {
  return knownStorageKeys(ctx.db, keys);
}

/**
 * Bytes in the store that no row refers to are left by a process killed between the two (an upload stored before
 * its prefile row, a deletion committed before its bytes went, a partial upload): they are removed once older than
 * this, long past any request that could still be about to write their row.
 */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes orphaned bytes (see ORPHAN_AGE_MS) from the store; returns how many went. Safe to run on any API process.
 * While a backup runs it does nothing: the backup may be copying bytes whose rows its snapshot still names.
 */
export async function removeOrphanFiles(ctx: ServiceContext): Promise<number> {
  if (await ctx.files.holdsRemovals?.()) return 0;
  const before = ctx.now().getTime() - ORPHAN_AGE_MS;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const known = await knownStorageKeys(ctx.db, batch);
    for (const key of batch) {
      if (known.has(key)) continue;
      await ctx.files.remove(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const entry of ctx.files.list()) {
    if (entry.modifiedAt.getTime() >= before) continue;
    if (isPartialName(entry.name)) {
      await ctx.files.remove(entry.name);
      removed += 1;
    } else if (isStorageKey(entry.name)) {
      batch.push(entry.name);
      if (batch.length >= 500) await flush();
    }
  }
  if (batch.length > 0) await flush();
  return removed;
}
