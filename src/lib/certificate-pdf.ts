// Draws the certificate layout with jspdf and an embedded Cyrillic TTF. jspdf is imported here dynamically, and this
// module itself is imported dynamically (certificate-download.ts), so neither reaches a page's initial JavaScript.
import { CERTIFICATE_PAGE, type CertificateData, layoutCertificate } from './certificate.ts';

/** The certificate's font files as base64 (what jspdf's virtual file system takes). */
export interface CertificateFonts {
  regular: string;
  bold: string;
}

const FAMILY = 'PTSerif';

/** Renders the one-page A4 certificate and answers the PDF's bytes. */
export async function renderCertificate(data: CertificateData, fonts: CertificateFonts): Promise<ArrayBuffer> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress: true });
  doc.addFileToVFS('PTSerif-Regular.ttf', fonts.regular);
  doc.addFileToVFS('PTSerif-Bold.ttf', fonts.bold);
  doc.addFont('PTSerif-Regular.ttf', FAMILY, 'normal');
  doc.addFont('PTSerif-Bold.ttf', FAMILY, 'bold');
  doc.setProperties({ title: `Свидетельство ${data.number}`, subject: 'Свидетельство о согласовании АГР' });
  doc.setLineHeightFactor(CERTIFICATE_PAGE.lineHeight);

  const layout = layoutCertificate(data, (text, fontSize, bold) => {
    doc.setFont(FAMILY, bold ? 'bold' : 'normal');
    return doc.getStringUnitWidth(text) * fontSize;
  });
  for (const line of layout.texts) {
    doc.setFont(FAMILY, line.bold ? 'bold' : 'normal');
    doc.setFontSize(line.fontSize);
    doc.text(line.text, line.x, line.y, { align: line.align, baseline: 'alphabetic' });
  }
  doc.setLineWidth(0.75);
  for (const rule of layout.rules) doc.line(rule.x1, rule.y1, rule.x2, rule.y2);
  return doc.output('arraybuffer');
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
