// The stamp of the approved set (docs/product.md «The approved set»): every page of a document gets a block with
// 'СОГЛАСОВАНО', the committee, the certificate's number and date, the examiner and a QR code of the public check,
// drawn inside the page at a corner, as real text in PT Serif. Pure: a document in, bytes out; run by stamp-child.ts
// in the parsing sandbox, never on the API's event loop.

import fontkit from '@pdf-lib/fontkit';
import {
  concatTransformationMatrix,
  drawObject,
  EncryptedPDFError,
  PDFCrossRefSection,
  PDFDocument,
  type PDFEmbeddedPage,
  type PDFFont,
  PDFHeader,
  type PDFPage,
  type PDFRef,
  PDFTrailer,
  PDFTrailerDict,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import QRCode from 'qrcode';
import type { StampCorner } from '#domain/contract.ts';

/** Where the block goes: a corner of the page as it is seen (after its /Rotate). */
export type { StampCorner };

/** What a stamp says, and where. */
export interface StampInput {
  kind: 'pdf' | 'png' | 'jpeg';
  /** 'СОГЛАСОВАНО', the committee, 'Свидетельство № … от …', the examiner's full name: one line each. */
  lines: { title: string; committee: string; certificate: string; examiner: string };
  /** The public check's address the QR code holds. */
  checkUrl: string;
  corner: StampCorner;
  /** PT Serif regular and bold, as the API read them from the installed package. */
  fonts: { regular: Uint8Array; bold: Uint8Array };
}

/** A stamped document's page count, or why it cannot be stamped. */
export type StampResult = { pages: number } | { refused: 'encrypted' | 'damaged' };

/** What the sandbox's child is given (stamp-child.ts): the stamp, and the file to write the stamped copy to. */
export type StampJob = StampInput & { output: string };

const MM = 72 / 25.4;
/** The block's size and distance from the page's edges at full scale. */
const BLOCK = { width: 82 * MM, height: 30 * MM, margin: 10 * MM, padding: 2 * MM } as const;
/** The most of a page's width and height the block may take; a smaller page gets it scaled down. */
const SHARE = { width: 0.45, height: 0.3 } as const;
const INK = rgb(0.05, 0.2, 0.55);

/**
 * A PDF as pdf-lib reads it, or an image as a one-page PDF; why it cannot be stamped otherwise. The document keeps no
 * reference to `bytes`: a caller that drops them holds the file once, not twice, while it is stamped and written.
 */
export async function openDocument(
  bytes: Uint8Array,
  kind: StampInput['kind'],
): Promise<PDFDocument | { refused: 'encrypted' | 'damaged' }> {
  try {
    return kind === 'pdf' ? await PDFDocument.load(bytes, { updateMetadata: false }) : await imageDocument(bytes, kind);
  } catch (error) {
    return { refused: error instanceof EncryptedPDFError ? 'encrypted' : 'damaged' };
  }
}

/** Stamps every page of a document `openDocument` opened; `writeDocument` writes it. */
export async function stampDocument(doc: PDFDocument, input: StampInput): Promise<StampResult> {
  const pages = doc.getPages();
  if (pages.length === 0) return { refused: 'damaged' };
  const [block] = await doc.embedPdf(await blockDocument(input));
  if (!block) return { refused: 'damaged' };
  // One pair of q…Q streams wraps every page's own content (two objects in all, not two a page).
  const context = doc.context;
  const wrap = {
    before: context.register(context.flateStream('q\n')),
    after: context.register(context.flateStream('\nQ\n')),
  };
  for (const page of pages) stampPage(page, input.corner, block, wrap);
  return { pages: pages.length };
}

/** How many bytes `writeDocument` gathers before it hands them on. */
const WRITE_CHUNK = 1024 * 1024;

/**
 * Writes a document as pdf-lib's `save({ useObjectStreams: false })` does, byte for byte, but object by object into
 * `write`: `save` builds the whole file in one buffer, a 100 MB album's second copy in memory.
 */
export async function writeDocument(doc: PDFDocument, write: (bytes: Uint8Array) => Promise<void>): Promise<void> {
  await doc.flush();
  const context = doc.context;
  let offset = 0;
  let pending: Uint8Array[] = [];
  let pendingSize = 0;
  const put = async (bytes: Uint8Array) => {
    pending.push(bytes);
    pendingSize += bytes.length;
    offset += bytes.length;
    if (pendingSize < WRITE_CHUNK) return;
    await write(pending.length === 1 ? bytes : Buffer.concat(pending));
    pending = [];
    pendingSize = 0;
  };
  const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
  const serialized = (part: { sizeInBytes(): number; copyBytesInto(buffer: Uint8Array, at: number): number }) => {
    const bytes = new Uint8Array(part.sizeInBytes());
    part.copyBytesInto(bytes, 0);
    return bytes;
  };
  await put(serialized(PDFHeader.forVersion(1, 7)));
  await put(ascii('\n\n'));
  const xref = PDFCrossRefSection.create();
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    xref.addEntry(ref, offset);
    await put(ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
    await put(serialized(object));
    await put(ascii('\nendobj\n\n'));
  }
  const xrefOffset = offset;
  await put(serialized(xref));
  await put(ascii('\n'));
  const { Root, Encrypt, Info, ID } = context.trailerInfo;
  const trailer = context.obj({ Size: context.largestObjectNumber + 1, Root, Encrypt, Info, ID });
  await put(serialized(PDFTrailerDict.of(trailer)));
  await put(ascii('\n\n'));
  await put(serialized(PDFTrailer.forLastCrossRefSectionOffset(xrefOffset)));
  if (pendingSize > 0) await write(Buffer.concat(pending));
}

/**
 * The block drawn once, as a one-page PDF whose page every stamped page shows as a form XObject: its fonts, text and
 * QR code are written once per document, not once per page (drawn on each page of a 300-page album, the block's
 * operators took 360 MB of heap and 4.4 KB a page).
 */
async function blockDocument(input: StampInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(input.fonts.regular, { subset: false });
  const bold = await doc.embedFont(input.fonts.bold, { subset: false });
  const qr = QRCode.create(input.checkUrl, { errorCorrectionLevel: 'M' }).modules;
  drawBlock(doc.addPage([BLOCK.width, BLOCK.height]), input, { regular, bold }, qr);
  return doc.save({ useObjectStreams: false });
}

async function imageDocument(bytes: Uint8Array, kind: 'png' | 'jpeg'): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const image = kind === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  // A pixel as a point at 96 dpi, and never smaller than A6, so the stamp has room.
  const scale = Math.max(0.75, (105 * MM) / Math.min(image.width, image.height));
  const width = image.width * scale;
  const height = image.height * scale;
  doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  return doc;
}

interface QrModules {
  size: number;
  get(row: number, col: number): number | boolean;
}

/**
 * Shows the block on one page. The page's own content is wrapped in q…Q first, so whatever state it leaves does not
 * move the stamp; the block is placed in the coordinates of the page as seen, mapped to the page's space through its
 * crop box and /Rotate.
 */
function stampPage(
  page: PDFPage,
  corner: StampCorner,
  block: PDFEmbeddedPage,
  wrap: { before: PDFRef; after: PDFRef },
): void {
  page.node.normalize();
  page.node.wrapContentStreams(wrap.before, wrap.after);
  const box = page.getCropBox();
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const turned = rotation === 90 || rotation === 270;
  const seen = { width: turned ? box.height : box.width, height: turned ? box.width : box.height };
  const scale = Math.min(1, (seen.width * SHARE.width) / BLOCK.width, (seen.height * SHARE.height) / BLOCK.height);
  const margin = BLOCK.margin * Math.min(1, scale * 1.5);
  const width = BLOCK.width * scale;
  const height = BLOCK.height * scale;
  const left = corner.endsWith('left') ? margin : seen.width - margin - width;
  const bottom = corner.startsWith('bottom') ? margin : seen.height - margin - height;
  const { x, y, width: w, height: h } = box;
  const matrix: [number, number, number, number, number, number] =
    rotation === 0
      ? [1, 0, 0, 1, x, y]
      : rotation === 90
        ? [0, 1, -1, 0, x + w, y]
        : rotation === 180
          ? [-1, 0, 0, -1, x + w, y + h]
          : [0, -1, 1, 0, x, y + h];
  const name = page.node.newXObject('Stamp', block.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(...matrix),
    concatTransformationMatrix(scale, 0, 0, scale, left, bottom),
    drawObject(name),
    popGraphicsState(),
  );
}

/** The block at full scale with its lower left corner at the origin. */
function drawBlock(page: PDFPage, input: StampInput, fonts: { regular: PDFFont; bold: PDFFont }, qr: QrModules): void {
  const { width, height, padding } = BLOCK;
  page.drawRectangle({
    x: 0,
    y: 0,
    width,
    height,
    color: rgb(1, 1, 1),
    opacity: 0.92,
    borderColor: INK,
    borderWidth: 1.2,
  });
  const qrSide = height - 2 * padding;
  const cell = qrSide / qr.size;
  const qrLeft = width - padding - qrSide;
  for (let row = 0; row < qr.size; row += 1) {
    let run = -1;
    for (let col = 0; col <= qr.size; col += 1) {
      const dark = col < qr.size && Boolean(qr.get(row, col));
      if (dark && run < 0) run = col;
      if (!dark && run >= 0) {
        page.drawRectangle({
          x: qrLeft + run * cell,
          y: padding + (qr.size - row - 1) * cell,
          width: (col - run) * cell,
          height: cell,
          color: INK,
        });
        run = -1;
      }
    }
  }
  const textWidth = qrLeft - 2 * padding;
  let top = height - padding;
  const line = (text: string, font: PDFFont, size: number) => {
    const fitted = fitSize(text, font, size, textWidth);
    top -= fitted * 1.5;
    page.drawText(text, { x: padding, y: top + fitted * 0.2, size: fitted, font, color: INK });
  };
  line(input.lines.title, fonts.bold, 16);
  line(input.lines.committee, fonts.regular, 7);
  line(input.lines.certificate, fonts.regular, 9);
  line(input.lines.examiner, fonts.regular, 9);
}

/** The largest size up to `size` at which the text fits the width (a long committee name gets smaller). */
function fitSize(text: string, font: PDFFont, size: number, width: number): number {
  const natural = font.widthOfTextAtSize(text, size);
  return natural <= width ? size : Math.max(3, (size * width) / natural);
}
