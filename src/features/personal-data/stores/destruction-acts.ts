// The acts of destruction of personal data as a head reads them in the administration (docs/product.md «Personal
// data»): the list, and each act's PDF.
import { atom, type ReadableAtom } from 'nanostores';
import type { DestructionAct } from '#domain/contract.ts';
import { saveBlob } from '#lib/browser.ts';
import { api } from '#stores/api.ts';
import { dataOf } from '#stores/load.ts';
import { showToast } from '#stores/toasts.ts';
import { destructionTexts as t } from '../texts.ts';

const $acts = atom<DestructionAct[] | 'loading' | 'error'>('loading');
/** The acts, newest first. */
export const $destructionActs: ReadableAtom<DestructionAct[] | 'loading' | 'error'> = $acts;

/** Loads the acts (again). */
export async function loadDestructionActs(): Promise<void> {
  const acts = await dataOf(() => api.GET('/api/admin/destruction-acts'));
  $acts.set(acts ?? 'error');
}

/** Downloads one act's PDF. */
export async function downloadAct(act: DestructionAct): Promise<void> {
  try {
    const { data, response } = await api.GET('/api/admin/destruction-acts/{id}/pdf', {
      params: { path: { id: act.id } },
      parseAs: 'blob',
    });
    if (response.ok && data) saveBlob(data as Blob, t.fileName(act.id));
    else showToast('error', t.downloadFailed);
  } catch {
    showToast('error', t.downloadFailed);
  }
}
