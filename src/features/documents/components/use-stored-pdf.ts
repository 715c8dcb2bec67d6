import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { type OpenedPdf, openStoredPdf } from './pdf-document.ts';

/** A stored PDF being opened, open, or impossible to show (broken, password-protected, unreadable). */
export type StoredPdf = { status: 'loading' } | { status: 'ready'; document: PDFDocumentProxy } | { status: 'failed' };

/** Opens the stored PDF under `key` for as long as the component shows it; closes it (worker and memory) after. */
export function useStoredPdf(key: string | null): StoredPdf {
  const [state, setState] = useState<StoredPdf>({ status: 'loading' });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    let opened: OpenedPdf | null = null;
    setState({ status: 'loading' });
    openStoredPdf(key).then(
      (pdf) => {
        if (!live) return void pdf.close();
        opened = pdf;
        setState({ status: 'ready', document: pdf.document });
      },
      () => {
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
      void opened?.close();
    };
  }, [key]);
  return state;
}
