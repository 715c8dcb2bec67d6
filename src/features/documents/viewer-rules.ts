// Pure rules of the document viewer (docs/product.md «Plan review»): what opens in the portal, how it is zoomed and
// paged, which pages stay rendered, and how a file reads against the previous submission.
import type { FileChange, StageFile } from '#domain/contract.ts';
import { viewKind } from '#domain/files.ts';

/** The marks of a file against the company's previous submission, as the rounds and the viewer's title show them. */
export const fileChangeLabels: Readonly<Record<FileChange, string>> = {
  new: 'новый',
  changed: 'изменён',
  unchanged: 'без изменений',
};

/** The mark of a previous submission's file this round does not present again. */
export const ABSENT_FILE_LABEL = 'не представлен';

/** 'Сравнить с предыдущей версией' is offered for a changed PDF whose previous version is a PDF of the same name. */
export function canCompare(file: Pick<StageFile, 'fileName' | 'change' | 'previousUrl'>): boolean {
  return file.change === 'changed' && file.previousUrl !== null && viewKind(file.fileName) === 'pdf';
}

/** Zoom levels 'Увеличить' and 'Уменьшить' step through (1 is the page's own size at 96 dpi). */
const ZOOM_STEPS: readonly number[] = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4];

/** The next zoom level up from `scale` (a fitted scale between two steps goes to the next one), or `scale` at the top. */
export function zoomIn(scale: number): number {
  return ZOOM_STEPS.find((step) => step > scale + 1e-6) ?? scale;
}

/** The next zoom level down from `scale`, or `scale` at the bottom. */
export function zoomOut(scale: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - 1e-6) ?? scale;
}

/** The scale at which a page `pageWidth` points wide fills `available` pixels (never outside the zoom steps). */
export function fitWidthScale(pageWidth: number, available: number): number {
  const min = ZOOM_STEPS[0] ?? 0.25;
  const max = ZOOM_STEPS.at(-1) ?? 4;
  if (pageWidth <= 0 || available <= 0) return 1;
  return Math.min(max, Math.max(min, available / pageWidth));
}

/** A page number typed or stepped to, kept within 1..count; anything that is not a number stays at `current`. */
export function clampPage(value: number | string, count: number, current: number): number {
  const page = typeof value === 'number' ? value : Number.parseInt(value.trim(), 10);
  if (!Number.isFinite(page)) return current;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, count));
}

/**
 * The pages kept rendered: those in view and `neighbours` on each side; every other page is an empty placeholder
 * of its size, so a 300-page drawing set holds a handful of canvases, not 300.
 */
export function pagesToKeep(visible: Iterable<number>, count: number, neighbours = 1): Set<number> {
  const keep = new Set<number>();
  for (const page of visible) {
    for (let n = page - neighbours; n <= page + neighbours; n += 1) if (n >= 1 && n <= count) keep.add(n);
  }
  return keep;
}

/** The share of a page that differs, in whole percent for the comparison's line (at least 1 when anything does). */
export function differencePercent(differentPixels: number, totalPixels: number): number {
  if (differentPixels <= 0 || totalPixels <= 0) return 0;
  return Math.max(1, Math.round((differentPixels / totalPixels) * 100));
}
