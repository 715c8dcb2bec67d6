import { type ReactNode, type RefObject, useCallback, useLayoutEffect, useState } from 'react';
import { fitWidthScale, zoomIn, zoomOut } from '../viewer-rules.ts';
import type { RemarkLayer } from './remark-layer.tsx';
import ViewerToolbar, { type ToolbarPaging, type ToolbarZoom } from './ViewerToolbar.tsx';

/** Room around the pages inside the scroll area (matches .viewer__pages padding). */
export const GUTTER = 32;

/** A view's zoom: the toolbar's scale and buttons, and a step in or out (the keys). */
export interface FittedZoom {
  toolbar: ToolbarZoom;
  zoomBy: (direction: 1 | -1) => void;
}

/**
 * Fitted to the area's width until the user zooms; a fitted view follows the window's size. `width` is the document's
 * own width (null until known); `maxFit` caps the fitted scale (an image is never blown up past its own size).
 */
export function useFittedZoom(
  areaRef: RefObject<HTMLElement | null>,
  width: number | null,
  maxFit = Number.POSITIVE_INFINITY,
): FittedZoom {
  const [scale, setScale] = useState(1);
  const [fitted, setFitted] = useState(true);

  const fitToWidth = useCallback(() => {
    const area = areaRef.current;
    if (!area || width === null) return;
    setScale(Math.min(maxFit, fitWidthScale(width, area.clientWidth - GUTTER)));
  }, [areaRef, width, maxFit]);

  useLayoutEffect(() => {
    if (!fitted) return;
    fitToWidth();
    const area = areaRef.current;
    if (!area) return;
    const observer = new ResizeObserver(() => fitToWidth());
    observer.observe(area);
    return () => observer.disconnect();
  }, [fitted, fitToWidth, areaRef]);

  const zoomBy = (direction: 1 | -1) => {
    setFitted(false);
    setScale((before) => (direction > 0 ? zoomIn(before) : zoomOut(before)));
  };
  return {
    toolbar: { scale, onZoomIn: () => zoomBy(1), onZoomOut: () => zoomBy(-1), onFitWidth: () => setFitted(true) },
    zoomBy,
  };
}

/**
 * The frame of a document view, the same for an image and a PDF: the toolbar (paging, zoom, the remark button, the
 * view's own buttons), the remark panels, and the scroll area that takes focus (the arrows scroll it) and places pins.
 */
export default function ViewerFrame({
  bodyRef,
  areaRef,
  label,
  paging,
  zoom,
  layer,
  toolbarEnd,
  children,
}: {
  bodyRef: RefObject<HTMLDivElement | null>;
  areaRef: RefObject<HTMLElement | null>;
  /** The scroll area's accessible name. */
  label: string;
  paging?: ToolbarPaging;
  zoom: FittedZoom;
  layer: RemarkLayer;
  toolbarEnd?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div ref={bodyRef} className="viewer__body">
      <ViewerToolbar paging={paging} zoom={zoom.toolbar}>
        {layer.button}
        {toolbarEnd}
      </ViewerToolbar>
      {layer.panels}
      <div className="viewer__stage">
        {layer.hint}
        <section
          ref={areaRef}
          className={layer.placement.active ? 'viewer__pages viewer__pages--placing' : 'viewer__pages'}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area takes focus so arrows and PageUp/PageDown work
          tabIndex={0}
          aria-label={label}
          onKeyDown={layer.placement.onKeyDown}
        >
          {children}
        </section>
      </div>
    </div>
  );
}
