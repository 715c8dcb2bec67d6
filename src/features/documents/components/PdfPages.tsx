import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Remark } from '#domain/contract.ts';
import { viewerTexts as texts } from '../texts.ts';
import type { PinLayer } from '../viewer.ts';
import { pagesToKeep } from '../viewer-rules.ts';
import { useFocusOnArrival } from './focus.ts';
import { type PageSize, pageSize, renderPage } from './pdf-page.ts';
import type { PlacedPin } from './placement.ts';
import { useRemarkLayer } from './remark-layer.tsx';
import ViewerFrame, { GUTTER, useFittedZoom } from './ViewerFrame.tsx';
import { useViewerKeys } from './ViewerToolbar.tsx';

/**
 * The pages of an open PDF, one under another, in a scroll area: only the pages in view and their neighbours are
 * drawn; the rest are placeholders of their size (page 1's until the page itself has been read). Opens fitted to
 * the width. `toolbarEnd` adds the view's own buttons to the toolbar.
 */
export default function PdfPages({
  document,
  fileName,
  toolbarEnd,
  initialPage = 1,
  remarks = [],
  selectedRemarkId = null,
  place = null,
  pins = null,
}: {
  document: PDFDocumentProxy;
  fileName: string;
  toolbarEnd?: React.ReactNode;
  /** The page to open at (a remark's). */
  initialPage?: number;
  /** The remarks pinned on this document. */
  remarks?: readonly Remark[];
  /** The remark shown selected when the viewer opens. */
  selectedRemarkId?: number | null;
  /** Places a new remark (the examiner who may write one): a page and a spot or area of it. */
  place?: ((pin: PlacedPin) => void) | null;
  /** How the remarks are drawn (the page's PinLayer); none without it. */
  pins?: PinLayer | null;
}) {
  const count = document.numPages;
  const scrollRef = useRef<HTMLElement>(null);
  const pageRefs = useRef<(HTMLDivElement | null)[]>([]);
  const [firstSize, setFirstSize] = useState<PageSize | null>(null);
  const [sizes, setSizes] = useState<ReadonlyMap<number, PageSize>>(new Map());
  const [visible, setVisible] = useState<number[]>([1]);
  const [current, setCurrent] = useState(1);

  useEffect(() => {
    let live = true;
    void document.getPage(1).then((page) => {
      if (live) setFirstSize(pageSize(page));
    });
    return () => {
      live = false;
    };
  }, [document]);

  const zoom = useFittedZoom(scrollRef, firstSize?.width ?? null);
  const scale = zoom.toolbar.scale;

  useFocusOnArrival(scrollRef, true);
  const pinnedRef = useRef<{ page: number; top: number } | null>(null);

  /** Which pages are in the scroll area now, and which one is "the" page (the first whose lower part is in view). */
  const measure = useCallback(() => {
    const area = scrollRef.current;
    if (!area) return;
    const top = area.scrollTop;
    const bottom = top + area.clientHeight;
    const inView: number[] = [];
    let first: number | null = null;
    pageRefs.current.forEach((element, index) => {
      if (!element) return;
      const pageTop = element.offsetTop;
      const pageBottom = pageTop + element.offsetHeight;
      if (pageBottom > top && pageTop < bottom) inView.push(index + 1);
      if (first === null && pageBottom > top + area.clientHeight * 0.3) first = index + 1;
    });
    setVisible((before) => (before.join() === inView.join() ? before : inView));
    // A page gone to stays "the" page while the view has not moved since, even when it cannot scroll to the top
    // (zoomed out so far that every page fits, or the last page).
    const pinned = pinnedRef.current;
    if (pinned && Math.abs(area.scrollTop - pinned.top) < 2) setCurrent(pinned.page);
    else {
      pinnedRef.current = null;
      setCurrent(first ?? count);
    }
  }, [count]);

  useEffect(() => {
    const area = scrollRef.current;
    if (!area) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    area.addEventListener('scroll', onScroll, { passive: true });
    measure();
    return () => {
      cancelAnimationFrame(frame);
      area.removeEventListener('scroll', onScroll);
    };
  }, [measure]);

  // A new scale changes every placeholder: keep the same page at the top, then measure again.
  const anchor = useRef(1);
  anchor.current = current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose after every change of scale
  useLayoutEffect(() => {
    const element = pageRefs.current[anchor.current - 1];
    const area = scrollRef.current;
    if (element && area && anchor.current > 1) {
      area.scrollTop = element.offsetTop - GUTTER / 2;
      if (pinnedRef.current) pinnedRef.current = { page: pinnedRef.current.page, top: area.scrollTop };
    }
    measure();
  }, [scale, measure]);

  const goTo = useCallback(
    (page: number) => {
      const target = Math.min(Math.max(1, page), count);
      const element = pageRefs.current[target - 1];
      const area = scrollRef.current;
      if (!element || !area) return;
      area.scrollTop = element.offsetTop - GUTTER / 2;
      pinnedRef.current = { page: target, top: area.scrollTop };
      setCurrent(target);
      measure();
    },
    [count, measure],
  );

  // Opened at a remark's page: go there once the pages have their size.
  const arrived = useRef(false);
  useLayoutEffect(() => {
    if (arrived.current || !firstSize) return;
    arrived.current = true;
    if (initialPage > 1) goTo(initialPage);
  }, [firstSize, initialPage, goTo]);

  const layer = useRemarkLayer({ remarks, selectedRemarkId, place, page: current, pins });
  const { placement } = layer;

  const bodyRef = useViewerKeys({ page: (delta) => goTo(current + delta), zoom: zoom.zoomBy });

  const keep = useMemo(() => pagesToKeep(visible, count, 1), [visible, count]);
  const onSize = useCallback((n: number, size: PageSize) => {
    setSizes((before) => {
      const known = before.get(n);
      if (known && known.width === size.width && known.height === size.height) return before;
      return new Map(before).set(n, size);
    });
  }, []);

  return (
    <ViewerFrame
      bodyRef={bodyRef}
      areaRef={scrollRef}
      label={`${texts.pages}: ${fileName}`}
      paging={{ page: current, count, onPage: goTo }}
      zoom={zoom}
      layer={layer}
      toolbarEnd={toolbarEnd}
    >
      {Array.from({ length: count }, (_, index) => {
        const n = index + 1;
        const size = sizes.get(n) ?? firstSize;
        const width = (size?.width ?? 600) * scale;
        const height = (size?.height ?? 850) * scale;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a page and the remark pins on it, named by the page
          <div
            key={n}
            ref={(element) => {
              pageRefs.current[index] = element;
            }}
            className="viewer__page"
            style={{ width, height }}
            role="group"
            aria-label={texts.page(n)}
            data-page={n}
            {...placement.pageHandlers(n)}
          >
            {firstSize && keep.has(n) && <PageCanvas document={document} n={n} width={width} onSize={onSize} />}
            {layer.overlay(n)}
          </div>
        );
      })}
    </ViewerFrame>
  );
}

/** One drawn page; unmounting it (the page left the kept window) empties its canvas and lets the page go. */
function PageCanvas({
  document,
  n,
  width,
  onSize,
}: {
  document: PDFDocumentProxy;
  n: number;
  width: number;
  onSize: (n: number, size: PageSize) => void;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    setDrawn(false);
    const render = renderPage(document, n, canvas, width);
    render.done.then(
      (size) => {
        onSize(n, size);
        setDrawn(true);
      },
      () => undefined,
    );
    return () => render.cancel();
  }, [document, n, width, onSize]);
  return <canvas ref={ref} className="viewer__canvas" data-drawn={drawn || undefined} />;
}
