// A committee document drawn with jspdf and the embedded PT Serif, the same in the browser and on the server: the
// font is set up here once, and a letter's lines (letter.ts) are drawn here once. jspdf is imported dynamically, and
// the site imports this module only from modules it imports dynamically, so jspdf never reaches a page's initial
// JavaScript. The font files come from the caller: fetched by the site, read from disk by the API.
import type { jsPDF as JsPdf } from 'jspdf';
import { type LetterBlock, layoutLetter } from './letter.ts';
import { CERTIFICATE_PAGE, type TextMeasure } from './page.ts';

/** The documents' font files (PT Serif regular and bold) as base64, what jspdf's virtual file system takes. */
export interface CommitteeFonts {
  regular: string;
  bold: string;
}

/** What a document says about itself: its title and subject, and when it was made (fixes its bytes). */
export interface DocumentProperties {
  title: string;
  subject: string;
  /** The moment of the decision it records: written as the PDF's creation date and file id instead of the clock's. */
  madeAt?: Date;
}

const FAMILY = 'PTSerif';

/** A committee document as all of them start: A4 portrait in points, PT Serif embedded, and its title and subject. */
export interface CommitteeDocument {
  doc: JsPdf;
  /** The width of `text` in points, in the embedded font (what the pure layouts measure with). */
  measure: TextMeasure;
  /** Sets the embedded font, bold or regular. */
  font: (bold: boolean) => void;
}

/** Opens a committee document (the certificate, a letter) with the embedded PT Serif. */
export async function openCommitteeDocument(
  fonts: CommitteeFonts,
  properties: DocumentProperties,
): Promise<CommitteeDocument> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress: true });
  doc.addFileToVFS('PTSerif-Regular.ttf', fonts.regular);
  doc.addFileToVFS('PTSerif-Bold.ttf', fonts.bold);
  doc.addFont('PTSerif-Regular.ttf', FAMILY, 'normal');
  doc.addFont('PTSerif-Bold.ttf', FAMILY, 'bold');
  doc.setProperties({ title: properties.title, subject: properties.subject });
  if (properties.madeAt) {
    doc.setCreationDate(properties.madeAt);
    doc.setFileId(fileIdOf(`${properties.title}\n${properties.madeAt.toISOString()}`));
  }
  const font = (bold: boolean) => doc.setFont(FAMILY, bold ? 'bold' : 'normal');
  const measure: TextMeasure = (text, fontSize, bold) => {
    font(bold);
    return doc.getStringUnitWidth(text) * fontSize;
  };
  return { doc, measure, font };
}

/** Renders a letter (paragraphs flowed onto numbered A4 pages) and answers the PDF's bytes. */
export async function renderLetter(
  blocks: readonly LetterBlock[],
  properties: DocumentProperties,
  fonts: CommitteeFonts,
): Promise<ArrayBuffer> {
  const { doc, measure, font } = await openCommitteeDocument(fonts, properties);
  doc.setFontSize(CERTIFICATE_PAGE.fontSize);
  const layout = layoutLetter(blocks, measure);
  for (let page = 2; page <= layout.pages; page += 1) doc.addPage('a4', 'portrait');
  for (const line of layout.lines) {
    doc.setPage(line.page);
    font(line.bold);
    doc.setFontSize(CERTIFICATE_PAGE.fontSize);
    doc.text(line.text, line.x, line.y, { align: line.align, baseline: 'alphabetic' });
  }
  return doc.output('arraybuffer');
}

/** A PDF file id (32 hex digits) from a text: the same document made twice gets the same id. FNV-1a, four lanes. */
function fileIdOf(text: string): string {
  let hex = '';
  for (let lane = 0; lane < 4; lane += 1) {
    let hash = 0x811c9dc5 ^ lane;
    for (let i = 0; i < text.length; i += 1) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    hex += (hash >>> 0).toString(16).padStart(8, '0');
  }
  return hex.toUpperCase();
}

/** Base64 of binary data (jspdf's VFS wants a string), in chunks so a 200 KB font does not overflow the stack. */
export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000) {
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
