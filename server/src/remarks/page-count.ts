import type { Readable } from 'node:stream';
import { getDocument, PDFDataRangeTransport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FileStore } from '../storage/file-store.ts';

/** What is read of a PDF first; the rest comes in ranges as pdf.js asks (the page tree is near the end or the start). */
const FIRST_BYTES = 64 * 1024;

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * How many pages the PDF stored under `key` has, read by pdf.js through ranges of the store (a 100 MB drawing set
 * costs its cross-reference table and page tree, not its bytes); null for a file pdf.js cannot open (broken,
 * encrypted).
 */
export async function pdfPageCount(files: FileStore, key: string, size: number): Promise<number | null> {
  if (size <= 0) return null;
  const first = await bytesOf(await files.get(key, { start: 0, end: Math.min(size, FIRST_BYTES) - 1 }));
  const transport = new PDFDataRangeTransport(size, first);
  transport.requestDataRange = (begin: number, end: number) => {
    void files
      .get(key, { start: begin, end: Math.min(end, size) - 1 })
      .then(bytesOf)
      .then(
        (chunk) => transport.onDataRange(begin, chunk),
        () => transport.abort(),
      );
  };
  const task = getDocument({
    range: transport,
    length: size,
    rangeChunkSize: FIRST_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    enableXfa: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    return document.numPages;
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}
