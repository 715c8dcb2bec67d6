import { atom, type ReadableAtom } from 'nanostores';
import type { AdminLogPage } from '#domain/contract.ts';
import { isHeadUser } from '#lib/roles.ts';
import { api } from '#stores/api.ts';
import { dataOf, latestRun, loadWhenSignedIn } from '#stores/load.ts';
import { showToast } from '#stores/toasts.ts';
import { logTexts } from '../texts.ts';

/** The log as the page sees it: the page asked for, and loading, failed, or its entries (newest first). */
export interface LogState {
  status: 'loading' | 'error' | 'ready';
  page: number;
  log: AdminLogPage | null;
}

const $state = atom<LogState>({ status: 'loading', page: 1, log: null });

/** GET /api/admin/log?page=: one page of the administration log, loaded for the head when first watched. */
export const $adminLog: ReadableAtom<LogState> = $state;

/** How many pages the log has (at least one). */
export function pageCount(log: Pick<AdminLogPage, 'total' | 'pageSize'>): number {
  return Math.max(1, Math.ceil(log.total / Math.max(1, log.pageSize)));
}

/** Loads the page asked for (again), keeping the one on screen meanwhile. */
export const loadAdminLog = latestRun(async () => {
  const { page } = $state.get();
  const log = await dataOf(() => api.GET('/api/admin/log', { params: { query: { page } } }));
  if ($state.get().page !== page) return;
  if (log) {
    $state.set({ status: 'ready', page, log });
    return;
  }
  $state.set({ ...$state.get(), status: 'error' });
  showToast('error', logTexts.loadFailed);
});
loadWhenSignedIn(
  $state,
  isHeadUser,
  () => $state.get().log === null && $state.get().status === 'loading',
  loadAdminLog,
);

/** Opens another page of the log ('Новее', 'Старше'). */
export function showLogPage(page: number): Promise<void> {
  const state = $state.get();
  const last = state.log ? pageCount(state.log) : 1;
  const next = Math.min(Math.max(1, page), last);
  $state.set({ ...state, status: 'loading', page: next });
  return loadAdminLog();
}
