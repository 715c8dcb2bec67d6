import type { Readable } from 'node:stream';

/**
 * The most bytes one part's header block of an upload may take. A file name of several thousand characters fits
 * (it is cut to MAX_FILE_NAME_CHARS later); busboy's own limit cuts longer blocks short silently, so this watch is
 * what refuses them (docs/product.md «Files»).
 */
export const MAX_PART_HEADER_BYTES = 128 * 1024;

const BLANK_LINE = Buffer.from('\r\n\r\n');

/**
 * Watches a multipart body as it streams past (it listens beside the parser and reads nothing itself) and tells
 * whether any part's header block ran past `limit` bytes. `boundary` is the Content-Type's.
 */
export function watchPartHeaders(body: Readable, boundary: string, limit = MAX_PART_HEADER_BYTES): () => boolean {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const keep = delimiter.length + BLANK_LINE.length;
  // The body opens with the delimiter without its CRLF: a virtual CRLF before the first byte lets one search find it.
  let carry = Buffer.from('\r\n');
  let base = -carry.length; // the stream offset of carry's first byte
  let scanFrom = base; // no match may start before this offset (it was found already)
  let headerStart: number | null = null;
  let verdict: 'open' | 'too large' | 'closed' = 'open';

  const onData = (chunk: Buffer) => {
    const data = Buffer.concat([carry, chunk]);
    for (;;) {
      const at = Math.max(0, scanFrom - base);
      if (headerStart === null) {
        const found = data.indexOf(delimiter, at);
        if (found === -1) break;
        const after = found + delimiter.length;
        if (after + 2 <= data.length && data[after] === 0x2d && data[after + 1] === 0x2d) {
          verdict = 'closed'; // '--' after the delimiter: the last part has ended
          break;
        }
        headerStart = base + after;
        scanFrom = headerStart;
        continue;
      }
      const end = data.indexOf(BLANK_LINE, at);
      if (end === -1) {
        if (base + data.length - headerStart > limit + BLANK_LINE.length) verdict = 'too large';
        break;
      }
      if (base + end - headerStart > limit) {
        verdict = 'too large';
        break;
      }
      scanFrom = base + end + BLANK_LINE.length;
      headerStart = null;
    }
    if (verdict !== 'open') {
      body.off('data', onData);
      return;
    }
    const kept = Math.min(keep, data.length);
    base += data.length - kept;
    carry = Buffer.from(data.subarray(data.length - kept));
  };
  body.on('data', onData);
  return () => verdict === 'too large';
}
