import type { PDFDocumentProxy } from 'pdfjs-dist';
import pixelmatch from 'pixelmatch';
import { useEffect, useRef, useState } from 'react';
import Button from '#components/ui/Button.tsx';
import type { StageFile } from '#domain/contract.ts';
import { viewerTexts as texts } from '../texts.ts';
import { differencePercent } from '../viewer-rules.ts';
import { useFocusOnArrival } from './focus.ts';
import { pagePixels } from './pdf-page.ts';
import Unavailable from './Unavailable.tsx';
import { useStoredPdf } from './use-stored-pdf.ts';
import ViewerToolbar, { useViewerKeys } from './ViewerToolbar.tsx';

/** Both versions of a page are drawn this many pixels wide, whatever the screen, so a difference reads the same. */
const COMPARE_WIDTH = 1400;

/** Both versions of one page, the same size, and where they differ. */
interface ComparedPage {
  previous: ImageData | null;
  current: ImageData;
  difference: ImageData | null;
  percent: number;
}

/**
 * 'Сравнить с предыдущей версией': the same page of the previous and the current version side by side ('Рядом'),
 * or one over the other with what differs in red ('Наложение', pixelmatch on the two drawn pages), page by page.
 */
export default function PdfCompare({ file, toolbarEnd }: { file: StageFile; toolbarEnd?: React.ReactNode }) {
  const current = useStoredPdf(file.url);
  const previous = useStoredPdf(file.previousUrl);
  if (current.status === 'failed' || previous.status === 'failed') return <Unavailable file={file} />;
  if (current.status === 'loading' || previous.status === 'loading') {
    return (
      <p className="viewer__status" role="status">
        {texts.loading}
      </p>
    );
  }
  return <ComparedPages current={current.document} previous={previous.document} toolbarEnd={toolbarEnd} />;
}

function ComparedPages({
  current,
  previous,
  toolbarEnd,
}: {
  current: PDFDocumentProxy;
  previous: PDFDocumentProxy;
  toolbarEnd?: React.ReactNode;
}) {
  const count = current.numPages;
  const [page, setPage] = useState(1);
  const [mode, setMode] = useState<'side' | 'overlay'>('overlay');
  const [compared, setCompared] = useState<ComparedPage | null>(null);

  useEffect(() => {
    let live = true;
    setCompared(null);
    void comparePage(previous, current, page).then(
      (result) => live && setCompared(result),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [previous, current, page]);

  const goTo = (target: number) => setPage(Math.min(Math.max(1, target), count));
  const bodyRef = useViewerKeys({ page: (delta) => goTo(page + delta) });
  const areaRef = useRef<HTMLElement>(null);
  useFocusOnArrival(areaRef, true);
  return (
    <div ref={bodyRef} className="viewer__body">
      <ViewerToolbar paging={{ page, count, onPage: goTo }}>
        <Button
          variant={mode === 'side' ? 'primary' : 'secondary'}
          aria-pressed={mode === 'side'}
          onClick={() => setMode('side')}
        >
          {texts.sideBySide}
        </Button>
        <Button
          variant={mode === 'overlay' ? 'primary' : 'secondary'}
          aria-pressed={mode === 'overlay'}
          onClick={() => setMode('overlay')}
        >
          {texts.overlay}
        </Button>
        {toolbarEnd}
      </ViewerToolbar>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area takes focus so the arrows scroll it */}
      <section ref={areaRef} className="viewer__pages" tabIndex={0} aria-label={texts.compare}>
        {compared ? (
          <>
            <p className="viewer__difference" role="status">
              {!compared.previous
                ? texts.pageMissing
                : compared.percent === 0
                  ? texts.noDifferences
                  : texts.differences(compared.percent)}
            </p>
            {mode === 'overlay' && compared.difference ? (
              <figure className="viewer__figure viewer__figure--wide">
                <PixelCanvas image={compared.difference} label={texts.overlayHint} />
                <figcaption>{texts.overlayHint}</figcaption>
              </figure>
            ) : (
              <div className="viewer__side-by-side">
                <figure className="viewer__figure">
                  <figcaption>{texts.previousVersion}</figcaption>
                  {compared.previous ? (
                    <PixelCanvas image={compared.previous} label={texts.previousVersion} />
                  ) : (
                    <p>{texts.pageMissing}</p>
                  )}
                </figure>
                <figure className="viewer__figure">
                  <figcaption>{texts.currentVersion}</figcaption>
                  <PixelCanvas image={compared.current} label={texts.currentVersion} />
                </figure>
              </div>
            )}
          </>
        ) : (
          <p className="viewer__status" role="status">
            {texts.loading}
          </p>
        )}
      </section>
    </div>
  );
}

/** Draws both versions of page `n` at one size and counts what differs (a missing previous page: nothing to count). */
async function comparePage(previous: PDFDocumentProxy, current: PDFDocumentProxy, n: number): Promise<ComparedPage> {
  const now = await pagePixels(current, n, COMPARE_WIDTH);
  if (n > previous.numPages) return { previous: null, current: now, difference: null, percent: 0 };
  const before = await pagePixels(previous, n, COMPARE_WIDTH);
  const height = Math.max(now.height, before.height);
  const a = onWhite(before, height);
  const b = onWhite(now, height);
  const difference = new ImageData(COMPARE_WIDTH, height);
  const differing = pixelmatch(a.data, b.data, difference.data, COMPARE_WIDTH, height, {
    threshold: 0.1,
    alpha: 0.2,
    diffColor: [204, 0, 0],
    diffColorAlt: [204, 0, 0],
  });
  return { previous: a, current: b, difference, percent: differencePercent(differing, COMPARE_WIDTH * height) };
}

/** The image on a white page `height` pixels tall (a shorter page of the other version is padded, not stretched). */
function onWhite(image: ImageData, height: number): ImageData {
  if (image.height === height) return image;
  const padded = new ImageData(image.width, height);
  padded.data.fill(255);
  padded.data.set(image.data);
  return padded;
}

function PixelCanvas({ image, label }: { image: ImageData; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    canvas.width = image.width;
    canvas.height = image.height;
    canvas.getContext('2d')?.putImageData(image, 0, 0);
  }, [image]);
  return <canvas ref={ref} className="viewer__compare-canvas" role="img" aria-label={label} />;
}
