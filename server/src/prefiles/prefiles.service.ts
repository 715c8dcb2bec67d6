import type { Readable } from 'node:stream';
import { randomToken } from '../auth/tokens.ts';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { FileTooLargeError } from '../files/file-store.ts';
import { insertPrefile } from './prefiles.repository.ts';

/** Spec §9: the largest file a user may upload. */
export const MAX_FILE_BYTES = 104_857_600;

export interface IncomingFile {
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
  const key = randomToken(24);
  const stored = await ctx.files.put(key, file.source, MAX_FILE_BYTES).catch((error: unknown) => {
    if (error instanceof FileTooLargeError) throw apiError('file_too_large', `Файл «${file.fileName}» больше 100 МБ`);
    throw error;
  });
  try {
    const id = await insertPrefile(ctx.db, {
      ownerId,
      storageKey: key,
      name: file.fileName,
      contentType: file.contentType,
      size: stored.size,
      sha256: stored.sha256,
      createdAt: nowIso(ctx.now()),
    });
    return { id, name: file.fileName, contentType: file.contentType, size: stored.size };
  } catch (error) {
    await ctx.files.remove(key);
    throw error;
  }
}
