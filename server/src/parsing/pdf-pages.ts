// A sandboxed parser (run by sandbox.ts in a child process, never imported by the API): how many pages a PDF has, read
// by pdf.js through ranges of the file (a 100 MB drawing set costs its cross-reference table and page tree, not its
// bytes); none for a file pdf.js cannot open (broken, encrypted).
import { getDocument, PDFDataRangeTransport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type SandboxedFile, serveParser } from './sandbox-child.ts';

/** What is read of a PDF first; the rest comes in ranges as pdf.js asks (the page tree is near the end or the start). */
const FIRST_BYTES = 64 * 1024;

async function pageCount(file: SandboxedFile): Promise<number | null> {
  if (file.size <= 0) return null;
  const first = await file.read(0, Math.min(file.size, FIRST_BYTES));
  const transport = new PDFDataRangeTransport(file.size, first);
  transport.requestDataRange = (begin: number, end: number) => {
    file.read(begin, Math.min(end, file.size)).then(
      (chunk) => transport.onDataRange(begin, chunk),
      () => transport.abort(),
    );
  };
  const task = getDocument({
    range: transport,
    length: file.size,
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

serveParser(pageCount);
