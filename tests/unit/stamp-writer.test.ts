// The stamped copy's writer (server/src/approved-sets/stamp.ts `writeDocument`): it hands the file on in pieces, so
// the stamping child never holds a second whole album, and its bytes are those pdf-lib's own save would make.
import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openDocument, stampDocument, writeDocument } from '../../server/src/approved-sets/stamp.ts';
import { committeeFonts } from '../../server/src/letters/letters.ts';

describe('writeDocument', () => {
  it('writes a stamped document in pieces, byte for byte as pdf-lib saves it', async () => {
    const source = await PDFDocument.create();
    source.addPage([595, 842]);
    source.addPage([842, 1191]).setRotation(degrees(90));
    // A raw stream of 3 MB, as a scanned sheet's image is: more than one piece to write.
    const scan = source.context.register(source.context.stream(new Uint8Array(3 * 1024 * 1024).fill(7)));
    source.getPage(0).node.newXObject('Scan', scan);
    const doc = await openDocument(await source.save(), 'pdf');
    if ('refused' in doc) throw new Error(`refused: ${doc.refused}`);
    const fonts = await committeeFonts();
    const stamped = await stampDocument(doc, {
      kind: 'pdf',
      lines: {
        title: 'СОГЛАСОВАНО',
        committee: 'Комитет',
        certificate: 'Свидетельство № 7 от 30.11.2026',
        examiner: 'Смирнова Ольга Викторовна',
      },
      checkUrl: 'https://portal.example/check/token',
      corner: 'bottom-right',
      fonts: { regular: Buffer.from(fonts.regular, 'base64'), bold: Buffer.from(fonts.bold, 'base64') },
    });
    expect(stamped).toEqual({ pages: 2 });
    const pieces: Buffer[] = [];
    await writeDocument(doc, async (bytes) => {
      pieces.push(Buffer.from(bytes));
    });
    expect(pieces.length).toBeGreaterThan(1);
    const written = Buffer.concat(pieces);
    expect(written.equals(Buffer.from(await doc.save({ useObjectStreams: false })))).toBe(true);
    expect((await PDFDocument.load(written)).getPageCount()).toBe(2);
  });
});
