import { atom } from 'nanostores';
import type { StageFile } from '#domain/contract.ts';
import { saveBlob } from '../lib/browser.ts';
import { api } from './api.ts';
import { showToast } from './toasts.ts';

/** Ids of the stage files being downloaded now (their buttons show busy). */
export const $downloading = atom<ReadonlySet<number>>(new Set());

/** The toast of a download that failed. */
const downloadFailedText = (fileName: string) => `Не удалось скачать «${fileName}»`;

/**
 * Downloads a stage file with the bearer token (GET /api/files?path=) and saves it under its original name; the
 * company's and the examiner's detail both use it.
 */
export async function downloadStageFile(file: Pick<StageFile, 'id' | 'url' | 'fileName'>): Promise<void> {
  if ($downloading.get().has(file.id)) return;
  $downloading.set(new Set([...$downloading.get(), file.id]));
  try {
    const { data, response } = await api.GET('/api/files', { params: { query: { path: file.url } }, parseAs: 'blob' });
    if (response.ok && data) saveBlob(data, file.fileName);
    else showToast('error', downloadFailedText(file.fileName));
  } catch {
    showToast('error', downloadFailedText(file.fileName));
  } finally {
    const next = new Set($downloading.get());
    next.delete(file.id);
    $downloading.set(next);
  }
}
