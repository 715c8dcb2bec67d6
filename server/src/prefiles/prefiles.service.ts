import type { Readable } from 'node:stream';
import {
  boundFileName,
  fileTexts,
  finalExtension,
  isBlockedName,
  MAX_FILE_SIZE,
  visibleFileName,
} from '#domain/files.ts';
import { randomToken } from '../auth/tokens.ts';
import type { ServiceContext } from '../context.ts';
import { type Db, nowIso } from '../db/database.ts';
import { ApiError, apiError } from '../errors.ts';
import { type AttachedFileOwner, keepUploadsAsFiles } from '../files/stage-files.ts';
import { discardStored, FileTooLargeError } from '../storage/file-store.ts';
import {
  claimPrefiles,
  deletePrefilesByKeys,
  deleteUnattachedPrefile,
  findOwnPrefile,
  insertPrefile,
  listPendingUploads,
  listStalePrefiles,
} from './prefiles.repository.ts';

/** The caller's unattached uploads among `ids` (name, storage key, size): what a request is about to store. */
export function pendingUploads(db: Db, ownerId: number, ids: readonly number[]) {
  return listPendingUploads(db, ownerId, ids);
}

/** Claims the caller's uploads for what keeps them (once), in its transaction: false when any is not theirs. */
export function claimUploads(db: Db, ownerId: number, ids: readonly number[], at: string): Promise<boolean> {
  return claimPrefiles(db, ownerId, ids, at);
}

/**
 * The largest file a user may upload (docs/product.md «Constants and limits»); the same rule module as the site's
 * checks.
 */
export const MAX_FILE_BYTES = MAX_FILE_SIZE;
/** Unattached prefiles (an abandoned form) are removed with their bytes after this long. */
const PREFILE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * The largest upload request: a file of exactly 100 MB with its multipart framing (the limit nginx.conf sets on
 * `/api/prefiles`, 101m). A request declaring more is refused from its `Content-Length` before its body is read.
 */
export const MAX_UPLOAD_REQUEST_BYTES = 101 * 1024 * 1024;

/**
 * The refusal of an upload whose declared length is over the limit, or null: a 413 before the body is read; the rest
 * of the body is then read and dropped within a bound, so the client reads the answer (http/lingering-close.ts).
 */
export function oversizedUploadError(contentLength: string | undefined): ApiError | null {
  if (contentLength === undefined || !/^[0-9]+$/.test(contentLength)) return null;
  if (Number(contentLength) <= MAX_UPLOAD_REQUEST_BYTES) return null;
  return new ApiError('file_too_large');
}

/**
 * The name a browser put in a multipart header, as the user saw it: browsers escape `"`, CR and LF as %22, %0D and
 * %0A there (WHATWG multipart/form-data encoding), and nothing after a NUL is part of a name.
 */
function multipartFileName(raw: string): string {
  // No controls or bidirectional marks: a stored name shows what it is (domain/files.ts visibleFileName).
  const name = visibleFileName(raw.replace(/%0D|%0A/gi, ' '));
  return name
    .replace(/%22/g, '"')
    .replace(/%0D|%0A/gi, ' ')
    .trim();
}

/** A content type as a client declared it, if it looks like one; nothing a user sends is served inline anyway. */
function safeContentType(value: string): string {
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i.test(value) ? value.toLowerCase() : 'application/octet-stream';
}

interface IncomingFile {
  /** The name as the user gave it (Cyrillic included); never used as a storage path. */
  fileName: string;
  contentType: string;
  source: Readable | Buffer | string;
}

/** Streams a file into the store under a server-made key, measuring size and SHA-256 on the way; keeps nothing on failure. */
export async function storePrefile(
  ctx: ServiceContext,
  ownerId: number,
  file: IncomingFile,
): Promise<{ id: number; name: string; contentType: string; size: number }> {
  // Bounded before anything is decided on it: the extension checked is the one kept.
  const name = boundFileName(multipartFileName(file.fileName));
  if (isBlockedName(name)) throw apiError('blocked_extension', fileTexts.blockedType(finalExtension(name)));
  if (name === '') throw apiError('validation_error', 'У файла нет имени');
  const contentType = safeContentType(file.contentType);
  const key = randomToken(24);
  const stored = await ctx.files.put(key, file.source, MAX_FILE_BYTES).catch((error: unknown) => {
    if (error instanceof FileTooLargeError) throw apiError('file_too_large', fileTexts.tooLarge(name));
    throw error;
  });
  try {
    const id = await insertPrefile(ctx.db, {
      ownerId,
      storageKey: key,
      name,
      contentType,
      size: stored.size,
      sha256: stored.sha256,
      createdAt: nowIso(ctx.now()),
    });
    return { id, name, contentType, size: stored.size };
  } catch (error) {
    await discardStored(ctx.files, key);
    throw error;
  }
}

/** Deletes the caller's own unattached prefile and its bytes; someone else's is as missing as a wrong id. */
export async function removePrefile(ctx: ServiceContext, ownerId: number, id: number): Promise<void> {
  const prefile = await findOwnPrefile(ctx.db, ownerId, id);
  if (!prefile) throw apiError('not_found', 'Файл не найден');
  if (prefile.attached_at !== null || !(await deleteUnattachedPrefile(ctx.db, id))) throw apiError('already_attached');
  await ctx.files.remove(prefile.storage_key);
}

/** Removes prefiles left unattached for 24 h with their bytes; returns how many went. Safe to run on any API process. */
export async function removeStalePrefiles(ctx: ServiceContext): Promise<number> {
  const before = nowIso(new Date(ctx.now().getTime() - PREFILE_LIFETIME_MS));
  let removed = 0;
  for (;;) {
    const stale = await listStalePrefiles(ctx.db, before, 100);
    for (const prefile of stale) {
      // The conditional delete decides: a prefile attached meanwhile, or taken by another API process, stays.
      if (!(await deleteUnattachedPrefile(ctx.db, prefile.id))) continue;
      await ctx.files.remove(prefile.storage_key);
      removed += 1;
    }
    if (stale.length < 100) return removed;
  }
}

/**
 * Attaches the author's uploads to a round, in its transaction, once each: 400 `invalid_prefiles` when any is not
 * theirs to attach.
 */
export async function attachToStage(
  db: Db,
  ownerId: number,
  prefileIds: readonly number[],
  stageId: number,
  at: string,
  /**
   * What they are besides the round's files: shown with a correction or an appeal, or a document's signature (with
   * its verdict).
   */
  owner?: AttachedFileOwner,
): Promise<void> {
  if (!(await claimPrefiles(db, ownerId, prefileIds, at))) throw apiError('invalid_prefiles');
  await keepUploadsAsFiles(db, { stageId, prefileIds, at, ...(owner ? { owner } : {}) });
}

/** Forgets the uploads behind these stored files, in the transaction that deletes their statement. */
export function forgetUploads(db: Db, keys: readonly string[]): Promise<void> {
  return deletePrefilesByKeys(db, keys);
}
