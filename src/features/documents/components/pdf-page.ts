import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';

/** PDF points to CSS pixels: zoom 1 shows a page at its printed size on a 96 dpi screen. */
const PDF_TO_CSS = 96 / 72;

/** A canvas never holds more pixels than this (about 16 megapixels, as browsers allow): a large zoom renders softer. */
const MAX_CANVAS_PIXELS = 16_777_216;

/** A page's size in CSS pixels at zoom 1. */
export interface PageSize {
  width: number;
  height: number;
}

export function pageSize(page: PDFPageProxy): PageSize {
  const viewport = page.getViewport({ scale: PDF_TO_CSS });
  return { width: viewport.width, height: viewport.height };
}

/** A page drawn (or being drawn) into a canvas; `cancel` stops it and lets the page's memory go. */
export interface PageRender {
  done: Promise<PageSize>;
  cancel(): void;
}

/**
 * Draws page `n` into `canvas`, `cssWidth` CSS pixels wide, sharp on high-density screens within MAX_CANVAS_PIXELS.
 * Resolves with the page's size at zoom 1; rejects when cancelled (RenderingCancelledException) or broken.
 */
export function renderPage(
  document: PDFDocumentProxy,
  n: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
): PageRender {
  let task: RenderTask | null = null;
  let page: PDFPageProxy | null = null;
  let cancelled = false;
  const done = document.getPage(n).then(async (loaded) => {
    page = loaded;
    if (cancelled) throw new Error('cancelled');
    const size = pageSize(loaded);
    const cssScale = cssWidth / size.width;
    const cssHeight = size.height * cssScale;
    const density = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (cssWidth * cssHeight)));
    const viewport = loaded.getViewport({ scale: PDF_TO_CSS * cssScale * density });
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    canvas.style.width = `${cssWidth}px`;
    canvas.style.height = `${cssHeight}px`;
    task = loaded.render({ canvas, viewport });
    await task.promise;
    return size;
  });
  return {
    done,
    cancel() {
      cancelled = true;
      task?.cancel();
      page?.cleanup();
      // An emptied canvas gives its pixel memory back at once.
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}

/** Page `n` drawn `pixelWidth` pixels wide on a white background, for comparing two versions pixel by pixel. */
export async function pagePixels(document: PDFDocumentProxy, n: number, pixelWidth: number): Promise<ImageData> {
  const page = await document.getPage(n);
  try {
    const size = pageSize(page);
    const viewport = page.getViewport({ scale: PDF_TO_CSS * (pixelWidth / size.width) });
    const canvas = window.document.createElement('canvas');
    canvas.width = pixelWidth;
    canvas.height = Math.max(1, Math.round(viewport.height));
    await page.render({ canvas, viewport, background: 'white' }).promise;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d context');
    return context.getImageData(0, 0, canvas.width, canvas.height);
  } finally {
    page.cleanup();
  }
}
