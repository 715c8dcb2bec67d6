import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a stored file turned out to be, measured while it streamed in. */
export interface StoredFile {
  size: number;
  sha256: string;
}

/**
 * File bytes behind one interface (../shared/DESIGN.md "Files"): a directory (`FILES_DIR`) now, S3-compatible storage later.
 * Both stream; neither holds a whole file in memory. Keys are server-made and opaque.
 */
export interface FileStore {
  /** Streams `source` under `key`; `maxBytes` exceeded rejects with `FileTooLargeError` and keeps nothing. */
  put(key: string, source: Readable | Buffer | string, maxBytes?: number): Promise<StoredFile>;
  get(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class FileTooLargeError extends Error {
  constructor() {
    super('file too large');
  }
}

const KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** Keys are ours (base64url tokens): anything else is refused before it can reach a path. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** Counts and hashes bytes as they pass; fails past `maxBytes`. */
function measure(maxBytes: number, result: StoredFile): Transform {
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

/** Files in a directory: written to a temporary name, then renamed, so a half-written file never has a key. */
export function directoryFileStore(dir: string): FileStore {
  const file = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(dir, key);
  };
  return {
    async put(key, source, maxBytes = Number.POSITIVE_INFINITY) {
      const target = file(key);
      await mkdir(dir, { recursive: true });
      const partial = `${target}.part`;
      const result: StoredFile = { size: 0, sha256: '' };
      const input =
        typeof source === 'string' || Buffer.isBuffer(source) ? Readable.from([Buffer.from(source)]) : source;
      try {
        await pipeline(input, measure(maxBytes, result), createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return result;
    },
    async get(key) {
      return createReadStream(file(key));
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
    async exists(key) {
      return stat(file(key)).then(
        (info) => info.isFile(),
        () => false,
      );
    },
  };
}
