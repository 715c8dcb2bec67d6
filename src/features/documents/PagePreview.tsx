import { useEffect, useRef, useState } from 'react';
import type { StageFile } from '#domain/contract.ts';
import { viewKind } from '#domain/files.ts';
import { renderPage } from './components/pdf-page.ts';
import { useStoredPdf } from './components/use-stored-pdf.ts';

/**
 * The first page of a stored PDF, `width` CSS pixels wide, with `children` drawn over it (a mark placed
 * in fractions of the page). Loaded on its own (pdf.js) when a dialog first shows one; nothing while it cannot be drawn.
 */
interface PreviewProps {
  file: StageFile;
  width: number;
  label: string;
  children?: React.ReactNode;
}

export default function PagePreview(props: PreviewProps) {
  // An image is stamped on a page of its own shape: its preview is the corner choice itself.
  return viewKind(props.file.fileName) === 'pdf' ? <PdfFirstPage {...props} /> : null;
}

function PdfFirstPage({ file, width, label, children }: PreviewProps) {
  const pdf = useStoredPdf(file.url);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (pdf.status !== 'ready' || !canvas.current) return;
    const render = renderPage(pdf.document, 1, canvas.current, width);
    render.done.then(
      () => setDrawn(true),
      () => setDrawn(false),
    );
    return () => render.cancel();
  }, [pdf, width]);
  if (pdf.status === 'failed') return null;
  return (
    <div className="page-preview" style={{ width }}>
      <canvas ref={canvas} role="img" aria-label={label} className="page-preview__canvas" />
      {drawn && children}
    </div>
  );
}
