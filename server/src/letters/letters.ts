// What every committee letter the API makes needs, whatever it answers (docs/product.md «The regulation's
// procedures», «Appeals»): the fonts the kernel's letter layout draws with, read from the installed package as the
// site fetches them, and keeping the made bytes in the file store under the row that names them.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { CommitteeFonts } from '#domain/pdf/committee-document.ts';
import { randomToken } from '../auth/tokens.ts';
import type { ServiceContext } from '../context.ts';
import { discardStored } from '../storage/file-store.ts';

const require = createRequire(import.meta.url);
/** The font files the site fetches (certificate-download.ts), read here from the installed package. */
const FONT_FILES = {
  regular: '@expo-google-fonts/pt-serif/400Regular/PTSerif_400Regular.ttf',
  bold: '@expo-google-fonts/pt-serif/700Bold/PTSerif_700Bold.ttf',
} as const;

let fonts: Promise<CommitteeFonts> | null = null;

/** PT Serif from disk, read on the first letter and kept (the files never change while the process runs). */
export function committeeFonts(): Promise<CommitteeFonts> {
  fonts ??= Promise.all([readFont(FONT_FILES.regular), readFont(FONT_FILES.bold)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fonts = null;
      throw error;
    },
  );
  return fonts;
}

async function readFont(name: string): Promise<string> {
  return (await readFile(require.resolve(name))).toString('base64');
}

/** Where a letter's bytes went: the key, and the size and SHA-256 its row records. */
export interface StoredLetter {
  key: string;
  size: number;
  sha256: string;
}

/**
 * Keeps a letter's bytes in the file store under a new key, then writes its row with `record`, inside the caller's
 * transaction. When the row cannot be written the bytes go at once; when the transaction fails later they are left
 * unreferenced, and the orphan sweep removes them (files.service.ts:removeOrphanFiles).
 */
export async function keepLetter(
  ctx: ServiceContext,
  pdf: ArrayBuffer,
  record: (stored: StoredLetter) => Promise<void>,
  key = randomToken(24),
): Promise<void> {
  const stored = await ctx.files.put(key, Buffer.from(pdf));
  try {
    await record({ key, size: stored.size, sha256: stored.sha256 });
  } catch (error) {
    // Discarded, not removed: no row names them, and the caller's transaction may still hold the database.
    await discardStored(ctx.files, key).catch((removal: unknown) => ctx.logError(removal, 'letter removal'));
    throw error;
  }
}
