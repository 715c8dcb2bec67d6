import { useEffect, useRef, useState } from 'react';
import type { Remark, StageFile } from '#domain/contract.ts';
import { QUIET } from '#lib/api/client.ts';
import { api } from '#stores/api.ts';
import { viewerTexts as texts } from '../texts.ts';
import type { PinLayer } from '../viewer.ts';
import { useFocusOnArrival } from './focus.ts';
import type { PlacedPin } from './placement.ts';
import { useRemarkLayer } from './remark-layer.tsx';
import Unavailable from './Unavailable.tsx';
import ViewerFrame, { useFittedZoom } from './ViewerFrame.tsx';
import { useViewerKeys } from './ViewerToolbar.tsx';

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
  pins = null,
}: {
  file: StageFile;
  toolbarEnd?: React.ReactNode;
  remarks?: readonly Remark[];
  selectedRemarkId?: number | null;
  place?: ((pin: PlacedPin) => void) | null;
  /** How the remarks are drawn (the page's PinLayer); none without it. */
  pins?: PinLayer | null;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
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

  const zoom = useFittedZoom(areaRef, natural?.width ?? null, 1);
  const scale = zoom.toolbar.scale;
  const bodyRef = useViewerKeys({ zoom: zoom.zoomBy });
  const layer = useRemarkLayer({ remarks, selectedRemarkId, place, page: 1, pins });
  useFocusOnArrival(areaRef, url !== null);
  if (failed) return <Unavailable file={file} />;
  return (
    <ViewerFrame
      bodyRef={bodyRef}
      areaRef={areaRef}
      label={file.fileName}
      zoom={zoom}
      layer={layer}
      toolbarEnd={toolbarEnd}
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
    </ViewerFrame>
  );
}
