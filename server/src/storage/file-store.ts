import { createHash } from 'node:crypto';
import { constants, createWriteStream, mkdirSync } from 'node:fs';
import { access, mkdir, open, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a stored file turned out to be, measured while it streamed in. */
export interface StoredFile {
  size: number;
  sha256: string;
}

/**
 * File bytes behind one interface (docs/product.md «Files»): a directory (`FILES_DIR`, this module) or
 * S3-compatible object storage (`s3-file-store.ts`). Both stream; neither holds a whole file in memory. Keys are
 * server-made and opaque.
 */
export interface FileStore {
  /** Where the bytes live, for logs and messages (a directory path or `s3://bucket`). */
  readonly description: string;
  /** Streams `source` under `key`; `maxBytes` exceeded rejects with `FileTooLargeError` and keeps nothing. */
  put(key: string, source: Readable | Buffer | string, maxBytes?: number): Promise<StoredFile>;
  /**
   * The bytes under `key` as a stream, or only `range` of them (inclusive offsets, already checked against the
   * size); a key with nothing stored rejects with `FileNotFoundError`.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the bytes under `key` (or a partial upload's leftover named by `list`); nothing there is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Everything the store holds, with when it was last written: keys, and (directory) partial uploads a killed
   * process left behind (`KEY.part`). For the orphan sweep, which compares it with the database.
   */
  list(): AsyncIterable<StoredEntry>;
  exists(key: string): Promise<boolean>;
  /** A cheap readiness check that writes nothing: the directory is usable, the bucket answers. */
  ready(): Promise<void>;
  /**
   * Whether removals wait now instead of removing (a backup runs: docs/operations.md «Резервные копии»), so the
   * orphan sweep leaves everything alone meanwhile. A store without it never holds removals.
   */
  holdsRemovals?(): Promise<boolean>;
  /**
   * Removes bytes no committed row has named (stored, then their row could not be written): at once, even while
   * removals wait, as no backup's snapshot can name them, and without asking the database, so it may run inside an
   * open transaction. A store without it removes them with `remove`. Callers use `discardStored`.
   */
  discard?(key: string): Promise<void>;
}

/** Removes bytes no committed row has named: the store's `discard`, else its `remove`. */
export function discardStored(store: FileStore, key: string): Promise<void> {
  return store.discard ? store.discard(key) : store.remove(key);
}

/** `store` with another `put` (one that records what it stores, or fails), everything else the store's own. */
export function withPut(store: FileStore, put: FileStore['put']): FileStore {
  return {
    description: store.description,
    put,
    get: (key, range) => store.get(key, range),
    remove: (key) => store.remove(key),
    list: () => store.list(),
    exists: (key) => store.exists(key),
    ready: () => store.ready(),
    ...(store.holdsRemovals && { holdsRemovals: () => store.holdsRemovals?.() ?? Promise.resolve(false) }),
    discard: (key) => discardStored(store, key),
  };
}

/** Bytes `start`..`end` of a file, both inclusive (as in HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** One entry of a store's listing. */
export interface StoredEntry {
  name: string;
  modifiedAt: Date;
}

/** The suffix of a file being written: renamed to its key once complete, left behind only by a killed process. */
export const PARTIAL_SUFFIX = '.part';

export class FileTooLargeError extends Error {
  constructor() {
    super('file too large');
  }
}

/** Nothing is stored under the key (a 404 for a download, never a 500). */
export class FileNotFoundError extends Error {
  constructor(key: string, where: string) {
    super(`no file ${key} in ${where}`);
  }
}

const KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** Keys are ours (base64url tokens): anything else is refused before it can reach a path or a bucket. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** A partial upload's name (`KEY.part`): never a key, never served; removed by the orphan sweep once old. */
export function isPartialName(name: string): boolean {
  return name.endsWith(PARTIAL_SUFFIX) && isStorageKey(name.slice(0, -PARTIAL_SUFFIX.length));
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
}

/** Counts and hashes bytes as they pass; fails past `maxBytes`. `result` is complete once the stream has ended. */
export function measure(maxBytes: number, result: StoredFile): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      result.size += chunk.length;
      if (result.size > maxBytes) return callback(new FileTooLargeError());
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      result.sha256 = hash.digest('hex');
      callback();
    },
  });
}

/** Size and SHA-256 of a stream, read to its end chunk by chunk. */
export async function measureStream(source: Readable): Promise<StoredFile> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    hash.update(bytes);
  }
  return { size, sha256: hash.digest('hex') };
}

/** What `put` accepts, as a stream. */
export function asStream(source: Readable | Buffer | string): Readable {
  return typeof source === 'string' || Buffer.isBuffer(source) ? Readable.from([Buffer.from(source)]) : source;
}

/** Files in a directory: written to a temporary name, then renamed, so a half-written file never has a key. */
export function directoryFileStore(dir: string): FileStore {
  const file = (key: string) => {
    assertStorageKey(key);
    return path.join(dir, key);
  };
  return {
    description: dir,
    async put(key, source, maxBytes = Number.POSITIVE_INFINITY) {
      const target = file(key);
      // Synchronously (one cheap call), so the source has the pipeline's error listener from this tick on: a client
      // going away meanwhile must not become an uncaught error.
      mkdirSync(dir, { recursive: true });
      const partial = `${target}${PARTIAL_SUFFIX}`;
      const result: StoredFile = { size: 0, sha256: '' };
      try {
        await pipeline(asStream(source), measure(maxBytes, result), createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return result;
    },
    async get(key, range) {
      // Opened first, so a missing file is a rejection here rather than an error after the reply has started.
      const handle = await open(file(key), 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new FileNotFoundError(key, dir) : error;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await rm(isPartialName(key) ? path.join(dir, key) : file(key), { force: true });
    },
    async *list() {
      // Streamed entry by entry (a directory may hold millions of files).
      const entries = await opendir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!entries) return;
      for await (const entry of entries) {
        if (!entry.isFile()) continue;
        const info = await stat(path.join(dir, entry.name)).catch(() => null);
        if (info) yield { name: entry.name, modifiedAt: info.mtime };
      }
    },
    async exists(key) {
      return stat(file(key)).then(
        (info) => info.isFile(),
        () => false,
      );
    },
    async ready() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    },
  };
}
