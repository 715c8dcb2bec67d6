import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import Button from '#components/ui/Button.tsx';
import { viewerTexts as texts } from '../texts.ts';
import { clampPage } from '../viewer-rules.ts';

/** Paging of a toolbar: the page shown, how many there are, and where to go. */
export interface ToolbarPaging {
  page: number;
  count: number;
  onPage: (page: number) => void;
}

/** Zoom of a toolbar: the current scale and the three ways to change it. */
export interface ToolbarZoom {
  scale: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
}

/**
 * The viewer's toolbar: 'Предыдущая', 'Страница N из M' with the page input, 'Следующая'; 'Уменьшить', the scale,
 * 'Увеличить', 'По ширине'; then the view's own buttons (download, compare, the comparison's modes).
 */
export default function ViewerToolbar({
  paging,
  zoom,
  children,
}: {
  paging?: ToolbarPaging;
  zoom?: ToolbarZoom;
  children?: ReactNode;
}) {
  return (
    <div className="viewer__toolbar">
      {paging && <Paging {...paging} />}
      {zoom && (
        <div className="viewer__group">
          <Button variant="secondary" onClick={zoom.onZoomOut} aria-keyshortcuts="-">
            {texts.zoomOut}
          </Button>
          <span className="viewer__scale">{texts.zoomLevel(Math.round(zoom.scale * 100))}</span>
          <Button variant="secondary" onClick={zoom.onZoomIn} aria-keyshortcuts="+">
            {texts.zoomIn}
          </Button>
          <Button variant="secondary" onClick={zoom.onFitWidth}>
            {texts.fitWidth}
          </Button>
        </div>
      )}
      {children && <div className="viewer__group">{children}</div>}
    </div>
  );
}

function Paging({ page, count, onPage }: ToolbarPaging) {
  const [draft, setDraft] = useState(String(page));
  const input = useRef<HTMLInputElement>(null);
  // A number being typed is the user's until Enter or leaving the field: a page change meanwhile (the view scrolled)
  // does not overwrite it.
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) setDraft(String(page));
  }, [page]);
  const go = () => {
    if (!typing.current) return;
    typing.current = false;
    // What the field holds now (a render may not have caught up with the last keystroke yet).
    const target = clampPage(input.current?.value ?? draft, count, page);
    setDraft(String(target));
    if (target !== page) onPage(target);
  };
  return (
    <div className="viewer__group">
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-keyshortcuts="PageUp">
        {texts.previous}
      </Button>
      <span className="viewer__page-of" aria-live="polite">
        {texts.pageOf(page, count)}
      </span>
      <label className="viewer__page-input">
        <span className="visually-hidden">{texts.pageInput}</span>
        <input
          ref={input}
          className="input"
          type="text"
          inputMode="numeric"
          size={4}
          value={draft}
          onChange={(event) => {
            typing.current = true;
            setDraft(event.target.value);
          }}
          onBlur={go}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              go();
            }
          }}
        />
      </label>
      <Button
        variant="secondary"
        onClick={() => onPage(page + 1)}
        disabled={page >= count}
        aria-keyshortcuts="PageDown"
      >
        {texts.next}
      </Button>
    </div>
  );
}

/** What the viewer's keys do: PageUp/PageDown page by `delta`, + and − zoom by one step. */
export interface ViewerKeyHandlers {
  page?: (delta: number) => void;
  zoom?: (direction: 1 | -1) => void;
}

/**
 * The viewer's keys on the element the returned ref is set on: PageUp/PageDown page, + and − zoom (not while typing
 * a page number, and never with Ctrl, which is the browser's own zoom). Escape is the dialog's.
 */
export function useViewerKeys(handlers: ViewerKeyHandlers): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      const { page, zoom } = latest.current;
      const typing = event.target instanceof HTMLInputElement;
      if (page && (event.key === 'PageDown' || event.key === 'PageUp')) {
        event.preventDefault();
        page(event.key === 'PageDown' ? 1 : -1);
      } else if (zoom && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (event.key === '+' || event.key === '=') {
          event.preventDefault();
          zoom(1);
        } else if (event.key === '-' || event.key === '−') {
          event.preventDefault();
          zoom(-1);
        }
      }
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, []);
  return ref;
}
