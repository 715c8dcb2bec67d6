// Draws the remarks letter with jspdf and the certificate's embedded PT Serif. jspdf is imported here dynamically, and
// this module itself only from remarks-letter-download.ts, so neither reaches a page's initial JavaScript.
import type { Remark, Statement } from '#domain/contract.ts';
import { CERTIFICATE_PAGE } from './certificate.ts';
import type { CertificateFonts } from './certificate-pdf.ts';
import { layoutRemarksLetter, remarksLetterTexts } from './remarks-letter.ts';

const FAMILY = 'PTSerif';

/** Renders the letter (every published remark of the statement) and answers the PDF's bytes. */
export async function renderRemarksLetter(
  statement: Statement,
  remarks: readonly Remark[],
  made: Date,
  fonts: CertificateFonts,
): Promise<ArrayBuffer> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress: true });
  doc.addFileToVFS('PTSerif-Regular.ttf', fonts.regular);
  doc.addFileToVFS('PTSerif-Bold.ttf', fonts.bold);
  doc.addFont('PTSerif-Regular.ttf', FAMILY, 'normal');
  doc.addFont('PTSerif-Bold.ttf', FAMILY, 'bold');
  doc.setProperties({
    title: `${remarksLetterTexts.title} № ${statement.visibleId}`,
    subject: 'Перечень замечаний по заявлению',
  });
  doc.setFontSize(CERTIFICATE_PAGE.fontSize);
  const layout = layoutRemarksLetter(statement, remarks, made, (text, fontSize, bold) => {
    doc.setFont(FAMILY, bold ? 'bold' : 'normal');
    return doc.getStringUnitWidth(text) * fontSize;
  });
  for (let page = 2; page <= layout.pages; page += 1) doc.addPage('a4', 'portrait');
  for (const line of layout.lines) {
    doc.setPage(line.page);
    doc.setFont(FAMILY, line.bold ? 'bold' : 'normal');
    doc.setFontSize(CERTIFICATE_PAGE.fontSize);
    doc.text(line.text, line.x, line.y, { align: line.align, baseline: 'alphabetic' });
  }
  return doc.output('arraybuffer');
}
