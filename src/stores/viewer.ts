import { atom } from 'nanostores';
import type { StageFile } from '#domain/contract.ts';

/** What the document viewer shows: a file, or a changed PDF against its previous version. */
export interface ViewerRequest {
  file: StageFile;
  mode: 'view' | 'compare';
}

/** The file open in the viewer, or null; both statement details share the one viewer. */
export const $viewer = atom<ViewerRequest | null>(null);

/** 'Просмотр' (or 'Сравнить с предыдущей версией'): opens the viewer on `file`. */
export function openViewer(file: StageFile, mode: ViewerRequest['mode'] = 'view'): void {
  $viewer.set({ file, mode });
}

export function closeViewer(): void {
  $viewer.set(null);
}
