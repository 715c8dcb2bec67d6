// Opens a stored PDF with pdf.js, reading only the byte ranges it needs (docs/product.md «Plan review»). This module
// is in the viewer's own chunk: no page loads pdf.js until someone presses 'Просмотр'.
import {
  GlobalWorkerOptions,
  getDocument,
  PDFDataRangeTransport,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
} from 'pdfjs-dist';
// Bundled as a file of our own origin (the CSP allows scripts from 'self' only, and nothing needs eval).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { QUIET } from '#lib/api/client.ts';
import { api } from '#stores/api.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Bytes per range request: the first one also tells the file's size. */
const RANGE_CHUNK_BYTES = 256 * 1024;

/** The first part of a file and its whole size. */
interface FirstPart {
  bytes: Uint8Array;
  size: number;
}

/** A part of a file that could not be read (network, rights, a server error): the viewer says so. */
class RangeReadError extends Error {}

/** Bytes `start`..`end` (inclusive) of a stored file, with the bearer token of the session. */
async function readRange(key: string, start: number, end: number): Promise<{ bytes: Uint8Array; response: Response }> {
  const { data, response } = await api.GET('/api/files', {
    params: { query: { path: key }, header: { Range: `bytes=${start}-${end}` } },
    parseAs: 'arrayBuffer',
    headers: QUIET,
  });
  if (!data || (response.status !== 206 && response.status !== 200)) {
    throw new RangeReadError(`bytes ${start}-${end} of ${key}: ${response.status}`);
  }
  return { bytes: new Uint8Array(data), response };
}

/** The first chunk and, from its `Content-Range`, the size; a server that ignores ranges sends it all at once. */
async function readFirstPart(key: string): Promise<FirstPart> {
  const { bytes, response } = await readRange(key, 0, RANGE_CHUNK_BYTES - 1);
  if (response.status === 200) return { bytes, size: bytes.length };
  const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  if (!total) throw new RangeReadError(`no size in the answer for ${key}`);
  return { bytes, size: Number(total[1]) };
}

/** Hands pdf.js the parts it asks for, one ranged request each. */
class StoredFileTransport extends PDFDataRangeTransport {
  readonly #key: string;
  readonly #failed: (error: unknown) => void;
  constructor(key: string, first: FirstPart, failed: (error: unknown) => void) {
    super(first.size, first.bytes);
    this.#key = key;
    this.#failed = failed;
  }

  override requestDataRange(begin: number, end: number): void {
    readRange(this.#key, begin, end - 1).then(
      ({ bytes }) => this.onDataRange(begin, bytes),
      (error: unknown) => this.#failed(error),
    );
  }
}

/** An opened PDF and the way to let it go (its worker and memory). */
export interface OpenedPdf {
  document: PDFDocumentProxy;
  close(): Promise<void>;
}

/**
 * Opens the stored PDF under `key`. Rejects for a broken or password-protected file (pdf.js says which) and for a
 * part that could not be read; pdf.js never fetches the rest of the file by itself (`disableAutoFetch`).
 */
export async function openStoredPdf(key: string): Promise<OpenedPdf> {
  const first = await readFirstPart(key);
  let task: PDFDocumentLoadingTask | null = null;
  let failure: unknown = null;
  const transport = new StoredFileTransport(key, first, (error) => {
    failure = error;
    void task?.destroy();
  });
  task = getDocument({
    range: transport,
    length: first.size,
    rangeChunkSize: RANGE_CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    // Form fields and scripts of a document never run here: the viewer draws pages, nothing else.
    enableXfa: false,
  });
  transport.transportReady();
  try {
    const document = await task.promise;
    const opened = task;
    return { document, close: () => opened.destroy() };
  } catch (error) {
    throw failure ?? error;
  }
}
