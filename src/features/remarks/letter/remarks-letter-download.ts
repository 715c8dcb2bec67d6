// The browser's side of the remarks letter: the certificate's fonts, render, download. Imported dynamically (on
// 'Перечень замечаний' only): it pulls in jspdf.
import type { Remark, Statement } from '#domain/contract.ts';
import { saveBlob } from '#lib/browser.ts';
import { loadPdfFonts } from '../../certificates/certificate-download.ts';
import { remarksLetterFileName } from './remarks-letter.ts';
import { renderRemarksLetter } from './remarks-letter-pdf.ts';

/** Renders the letter and saves it as 'Замечания_{visibleId}.pdf'; rejects when the font or jspdf fails. */
export async function downloadRemarksLetter(statement: Statement, remarks: readonly Remark[]): Promise<void> {
  const pdf = await renderRemarksLetter(statement, remarks, new Date(), await loadPdfFonts());
  saveBlob(new Blob([pdf], { type: 'application/pdf' }), remarksLetterFileName(statement.visibleId));
}
