import { atom } from 'nanostores';
import type { ComponentType } from 'react';
import type { Remark, RemarkPin, StageFile } from '#domain/contract.ts';

/** What the document viewer shows: a file, or a changed PDF against its previous version. */
export interface ViewerRequest {
  file: StageFile;
  mode: 'view' | 'compare';
  /** The page to open at (a remark's page); the first by default. */
  page?: number;
  /** The remark whose pin the viewer shows selected. */
  remarkId?: number;
}

/** The file open in the viewer, or null; both statement details share the one viewer. */
export const $viewer = atom<ViewerRequest | null>(null);

/** 'Просмотр' (or 'Сравнить с предыдущей версией'): opens the viewer on `file`. */
export function openViewer(file: StageFile, mode: ViewerRequest['mode'] = 'view'): void {
  $viewer.set({ file, mode });
}

/** 'Показать на листе': opens the viewer on the remark's document at its page, the remark's pin selected. */
export function openViewerAt(file: StageFile, page: number, remarkId: number): void {
  $viewer.set({ file, mode: 'view', page, remarkId });
}

export function closeViewer(): void {
  $placingRemark.set(false);
  $viewer.set(null);
}

/**
 * How the remarks capability draws its remarks over a page: the page's pins, each a button that selects its remark,
 * and the selected remark's title and severity for the panel under the toolbar. The page that opens the viewer
 * gives it (remarks/RemarkPins.tsx:remarkPinLayer), so the viewer knows no remark of its own.
 */
export interface PinLayer {
  Pins: ComponentType<{ remarks: readonly Remark[]; selectedId: number | null; onSelect: (remark: Remark) => void }>;
  describe: (remark: Remark) => { title: string; severity: string };
}

/** The remarks the open detail shows, for the viewer to pin on the pages; and whether (and how) a new one is placed. */
export interface ViewerRemarks {
  remarks: readonly Remark[];
  /** Set for the examiner who may write remarks now: a place chosen on a page opens the remark dialog. */
  place: ((pin: RemarkPin, fileName: string) => void) | null;
  /** How the remarks are drawn; null: none are. */
  layer: PinLayer | null;
}

/** Set by the statement detail (both sides): the viewer reads its pins here. */
export const $viewerRemarks = atom<ViewerRemarks>({ remarks: [], place: null, layer: null });

export function setViewerRemarks(remarks: ViewerRemarks): void {
  $viewerRemarks.set(remarks);
}

/** True while the examiner is choosing a place on a page for a new remark (Escape then leaves placing, not the viewer). */
export const $placingRemark = atom(false);
