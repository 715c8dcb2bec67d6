// Draws the certificate layout in a committee document (#domain/pdf/committee-document.ts: jspdf, imported there
// dynamically, with the embedded PT Serif). The QR library is imported here dynamically, and this module itself is
// imported dynamically (certificate-download.ts), so none of them reaches a page's initial JavaScript.
import type { jsPDF as JsPdf } from 'jspdf';
import { type CommitteeFonts, openCommitteeDocument } from '#domain/pdf/committee-document.ts';
import { CERTIFICATE_PAGE } from '#domain/pdf/page.ts';
import { type CertificateData, type CertificateQr, layoutCertificate } from '../certificate.ts';

/** Renders the one-page A4 certificate and answers the PDF's bytes. */
export async function renderCertificate(data: CertificateData, fonts: CommitteeFonts): Promise<ArrayBuffer> {
  const { doc, measure, font } = await openCommitteeDocument(fonts, {
    title: `Свидетельство ${data.number}`,
    subject: 'Свидетельство о согласовании АГР',
  });
  doc.setLineHeightFactor(CERTIFICATE_PAGE.lineHeight);

  const layout = layoutCertificate(data, measure);
  for (const line of layout.texts) {
    font(line.bold);
    doc.setFontSize(line.fontSize);
    doc.text(line.text, line.x, line.y, { align: line.align, baseline: 'alphabetic' });
  }
  doc.setLineWidth(0.75);
  for (const rule of layout.rules) doc.line(rule.x1, rule.y1, rule.x2, rule.y2);
  if (layout.qr) await drawQr(doc, layout.qr);
  return doc.output('arraybuffer');
}

/** The QR code of the check address as vector squares (one filled rectangle per run of dark modules in a row). */
async function drawQr(doc: JsPdf, qr: CertificateQr): Promise<void> {
  const { create } = await import('qrcode');
  const { modules } = create(qr.text, { errorCorrectionLevel: 'M' });
  const cell = qr.size / modules.size;
  doc.setFillColor(0, 0, 0);
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      doc.rect(qr.x + start * cell, qr.y + row * cell, (col - start) * cell, cell, 'F');
    }
  }
}
