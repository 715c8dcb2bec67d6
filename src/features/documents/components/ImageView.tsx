import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Remark, StageFile } from '#domain/contract.ts';
import { api, QUIET } from '#stores/api.ts';
import { viewerTexts as texts } from '../texts.ts';
import { fitWidthScale, zoomIn, zoomOut } from '../viewer-rules.ts';
import { useFocusOnArrival } from './focus.ts';
import type { PlacedPin } from './placement.ts';
import { useRemarkLayer } from './remark-layer.tsx';
import Unavailable from './Unavailable.tsx';
import ViewerToolbar, { useViewerKeys } from './ViewerToolbar.tsx';

const GUTTER = 32;

/**
 * An image file (png, jpg, gif), fetched whole (images are small next to drawing sets), fitted to the width; its
 * remarks are pinned on it as on page 1 of a PDF.
 */
export default function ImageView({
  file,
  toolbarEnd,
  remarks = [],
  selectedRemarkId = null,
  place = null,
}: {
  file: StageFile;
  toolbarEnd?: React.ReactNode;
  remarks?: readonly Remark[];
  selectedRemarkId?: number | null;
  place?: ((pin: PlacedPin) => void) | null;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [scale, setScale] = useState(1);
  const [fitted, setFitted] = useState(true);
  const areaRef = useRef<HTMLElement>(null);

  useEffect(() => {
    let live = true;
    let objectUrl: string | null = null;
    api
      .GET('/api/files', { params: { query: { path: file.url } }, parseAs: 'blob', headers: QUIET })
      .then(({ data, response }) => {
        if (!live) return;
        if (!response.ok || !data) return setFailed(true);
        objectUrl = URL.createObjectURL(data);
        setUrl(objectUrl);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file.url]);

  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!fitted || !natural || !area) return;
    const fitToWidth = () => setScale(Math.min(1, fitWidthScale(natural.width, area.clientWidth - GUTTER)));
    fitToWidth();
    const observer = new ResizeObserver(fitToWidth);
    observer.observe(area);
    return () => observer.disconnect();
  }, [fitted, natural]);

  const zoomBy = (direction: 1 | -1) => {
    setFitted(false);
    setScale((before) => (direction > 0 ? zoomIn(before) : zoomOut(before)));
  };
  const bodyRef = useViewerKeys({ zoom: zoomBy });
  const layer = useRemarkLayer({ remarks, selectedRemarkId, place, page: 1 });
  useFocusOnArrival(areaRef, url !== null);
  if (failed) return <Unavailable file={file} />;
  return (
    <div ref={bodyRef} className="viewer__body">
      <ViewerToolbar
        zoom={{ scale, onZoomIn: () => zoomBy(1), onZoomOut: () => zoomBy(-1), onFitWidth: () => setFitted(true) }}
      >
        {layer.button}
        {toolbarEnd}
      </ViewerToolbar>
      {layer.panels}
      <div className="viewer__stage">
        {layer.hint}
        <section
          ref={areaRef}
          className={layer.placement.active ? 'viewer__pages viewer__pages--placing' : 'viewer__pages'}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area takes focus so the arrows scroll it
          tabIndex={0}
          aria-label={file.fileName}
          onKeyDown={layer.placement.onKeyDown}
        >
          {url ? (
            <div
              className="viewer__page viewer__image-page"
              style={natural ? { width: natural.width * scale } : undefined}
              data-page={1}
              {...layer.placement.pageHandlers(1)}
            >
              <img
                className="viewer__image"
                src={url}
                alt={file.fileName}
                style={natural ? { width: natural.width * scale } : undefined}
                onLoad={(event) =>
                  setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
                }
                onError={() => setFailed(true)}
                draggable={false}
              />
              {layer.overlay(1)}
            </div>
          ) : (
            <p className="viewer__status" role="status">
              {texts.loading}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
