// The browser's side of the certificate: fetch the font files, render, download. Import this module dynamically
// (only when an examiner approves): it pulls in jspdf, and the fonts are fetched as files, never bundled.

import regularFontUrl from '@expo-google-fonts/pt-serif/400Regular/PTSerif_400Regular.ttf?url';
import boldFontUrl from '@expo-google-fonts/pt-serif/700Bold/PTSerif_700Bold.ttf?url';
import { type CommitteeFonts, toBase64 } from '#domain/pdf/committee-document.ts';
import { saveBlob } from '#lib/browser.ts';
import { type CertificateData, certificateFileName } from './certificate.ts';
import { renderCertificate } from './layout/certificate-pdf.ts';

async function fetchFont(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Font ${url}: HTTP ${response.status}`);
  return toBase64(await response.arrayBuffer());
}

/** The committee documents' PT Serif, fetched as files (the certificate and the remarks letter print with it). */
export async function loadPdfFonts(): Promise<CommitteeFonts> {
  const [regular, bold] = await Promise.all([fetchFont(regularFontUrl), fetchFont(boldFontUrl)]);
  return { regular, bold };
}

/** Renders the certificate's PDF (a corrected one is uploaded as a file of its correction, not saved). */
export async function certificatePdf(data: CertificateData): Promise<ArrayBuffer> {
  return renderCertificate(data, await loadPdfFonts());
}

/** Renders the certificate and saves it as 'Свидетельство_{visibleId}.pdf'; rejects when the font or jspdf fails. */
export async function downloadCertificate(data: CertificateData, visibleId: number): Promise<void> {
  const pdf = await renderCertificate(data, await loadPdfFonts());
  saveBlob(new Blob([pdf], { type: 'application/pdf' }), certificateFileName(visibleId));
}
