import { parseStoredFile } from '../parsing/sandbox.ts';
import type { FileStore } from '../storage/file-store.ts';

/** What is known of a PDF's pages: their number, or why there is none. */
export type PageCount = number | 'unreadable' | 'too_complex';

const PDF_PAGES = new URL('../parsing/pdf-pages.ts', import.meta.url);

/**
 * How many pages the PDF stored under `key` has, counted by pdf.js in a sandboxed child process (parsing/sandbox.ts):
 * 'unreadable' for a file pdf.js cannot open (broken, encrypted), 'too_complex' for one that passed the sandbox's
 * limits (a decompression bomb).
 */
export async function pdfPageCount(files: FileStore, key: string, size: number): Promise<PageCount> {
  if (size <= 0) return 'unreadable';
  const outcome = await parseStoredFile<number>(PDF_PAGES, { files, key, size });
  return outcome.ok ? outcome.value : outcome.reason;
}
