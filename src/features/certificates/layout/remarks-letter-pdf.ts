// Draws the remarks letter in a committee document (certificate-pdf.ts: jspdf, imported there dynamically, with the
// certificate's embedded PT Serif). This module is imported only from remarks-letter-download.ts, so neither reaches a
// page's initial JavaScript.
import type { Remark, Statement } from '#domain/contract.ts';
import { CERTIFICATE_PAGE } from '../certificate.ts';
import { type CertificateFonts, openCommitteeDocument } from './certificate-pdf.ts';
import { layoutRemarksLetter, remarksLetterTexts } from './remarks-letter.ts';

/** Renders the letter (every published remark of the statement) and answers the PDF's bytes. */
export async function renderRemarksLetter(
  statement: Statement,
  remarks: readonly Remark[],
  made: Date,
  fonts: CertificateFonts,
): Promise<ArrayBuffer> {
  const { doc, measure, font } = await openCommitteeDocument(fonts, {
    title: `${remarksLetterTexts.title} № ${statement.visibleId}`,
    subject: 'Перечень замечаний по заявлению',
  });
  doc.setFontSize(CERTIFICATE_PAGE.fontSize);
  const layout = layoutRemarksLetter(statement, remarks, made, measure);
  for (let page = 2; page <= layout.pages; page += 1) doc.addPage('a4', 'portrait');
  for (const line of layout.lines) {
    doc.setPage(line.page);
    font(line.bold);
    doc.setFontSize(CERTIFICATE_PAGE.fontSize);
    doc.text(line.text, line.x, line.y, { align: line.align, baseline: 'alphabetic' });
  }
  return doc.output('arraybuffer');
}
