// Draws the certificate layout with jspdf and an embedded Cyrillic TTF. jspdf and the QR library are imported here
// dynamically, and this module itself is imported dynamically (certificate-download.ts), so none of them reaches a
// page's initial JavaScript.
import type { jsPDF as JsPdf } from 'jspdf';
import {
  CERTIFICATE_PAGE,
  type CertificateData,
  type CertificateQr,
  layoutCertificate,
  type TextMeasure,
} from '../certificate.ts';

/** The certificate's font files as base64 (what jspdf's virtual file system takes). */
export interface CertificateFonts {
  regular: string;
  bold: string;
}

const FAMILY = 'PTSerif';

/** A committee document as both of them start: A4 portrait in points, PT Serif embedded, and its title and subject. */
export interface CommitteeDocument {
  doc: JsPdf;
  /** The width of `text` in points, in the embedded font (what the pure layouts measure with). */
  measure: TextMeasure;
  /** Sets the embedded font, bold or regular. */
  font: (bold: boolean) => void;
}

/** Opens a committee document (the certificate, the remarks letter) with the embedded PT Serif. */
export async function openCommitteeDocument(
  fonts: CertificateFonts,
  properties: { title: string; subject: string },
): Promise<CommitteeDocument> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress: true });
  doc.addFileToVFS('PTSerif-Regular.ttf', fonts.regular);
  doc.addFileToVFS('PTSerif-Bold.ttf', fonts.bold);
  doc.addFont('PTSerif-Regular.ttf', FAMILY, 'normal');
  doc.addFont('PTSerif-Bold.ttf', FAMILY, 'bold');
  doc.setProperties(properties);
  const font = (bold: boolean) => doc.setFont(FAMILY, bold ? 'bold' : 'normal');
  const measure: TextMeasure = (text, fontSize, bold) => {
    font(bold);
    return doc.getStringUnitWidth(text) * fontSize;
  };
  return { doc, measure, font };
}

/** Renders the one-page A4 certificate and answers the PDF's bytes. */
export async function renderCertificate(data: CertificateData, fonts: CertificateFonts): Promise<ArrayBuffer> {
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

/** Base64 of binary data (jspdf's VFS wants a string), in chunks so a 200 KB font does not overflow the stack. */
export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000) {
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
