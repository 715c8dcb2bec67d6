import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '#stores/prerendered.ts';
import { viewerTexts } from './texts.ts';
import { $viewer, closeViewer } from './viewer.ts';

// pdf.js and the viewer are their own chunk, loaded on the first 'Просмотр' (never in a page's initial JS).
const DocumentViewer = lazy(() => import('./components/DocumentViewer.tsx'));

/** The history entry the open viewer adds, so the browser's back button closes it and stays on the statement. */
const VIEWER_STATE = 'document-viewer';

/**
 * Where the document viewer opens on a statement detail: nothing until a file is chosen. Opening adds a history
 * entry; back (or Escape, or 'Закрыть') returns to the statement where it was.
 */
export default function ViewerHost() {
  const request = useStore($viewer);
  const open = request !== null;

  useEffect(() => {
    if (!open) return;
    window.history.pushState({ [VIEWER_STATE]: true }, '');
    const onPop = () => closeViewer();
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      // Closed by the viewer itself: take back the entry it added, so back leaves the statement as before.
      if ((window.history.state as Record<string, unknown> | null)?.[VIEWER_STATE]) window.history.back();
    };
  }, [open]);

  if (!request) return null;
  return (
    <Suspense
      fallback={
        <div className="viewer-loading" role="status">
          {viewerTexts.loadingViewer}
        </div>
      }
    >
      <DocumentViewer request={request} onClose={closeViewer} />
    </Suspense>
  );
}
