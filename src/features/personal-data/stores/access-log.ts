// The log of reads of personal data as a head reads it in the administration (docs/product.md «Personal data»):
// filtered by person, reader, statement and period, 50 a page, and exported as CSV.
import { atom, type ReadableAtom } from 'nanostores';
import type { PersonalDataAccessPage } from '#domain/contract.ts';
import { saveBlob } from '#lib/browser.ts';
import { api } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { dataOf, latestRun } from '#stores/load.ts';
import { showToast } from '#stores/toasts.ts';
import { accessLogTexts as t } from '../texts.ts';

/** The filters as typed: a part of a person's name or e-mail, of a reader's name, a statement's number, two days. */
export interface AccessFilterValues extends Record<string, string> {
  person: string;
  user: string;
  statement: string;
  from: string;
  to: string;
}

/** The log on screen: loading, failed, or one page of the entries the filters keep. */
export interface AccessLogState {
  status: 'idle' | 'loading' | 'error' | 'ready';
  page: number;
  log: PersonalDataAccessPage | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters' form: the number must be a number, the days real days. */
export const accessFilters = createForm<AccessFilterValues>(
  { person: '', user: '', statement: '', from: '', to: '' },
  (values) => ({
    ...(values.statement.trim() && !/^\d{1,9}$/.test(values.statement.trim()) ? { statement: t.badNumber } : {}),
    ...(values.from && !DAY.test(values.from) ? { from: t.badDay } : {}),
    ...(values.to && !DAY.test(values.to) ? { to: t.badDay } : {}),
  }),
);

const $state = atom<AccessLogState>({ status: 'idle', page: 1, log: null });

/** GET /api/admin/personal-data-access: the page of the log on screen. */
export const $accessLog: ReadableAtom<AccessLogState> = $state;

/** The query the filters make (empty ones left out). */
function query() {
  const values = accessFilters.$values.get();
  const statement = values.statement.trim();
  return {
    ...(values.person.trim() ? { person: values.person.trim() } : {}),
    ...(values.user.trim() ? { user: values.user.trim() } : {}),
    ...(statement ? { statement: Number(statement) } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
  };
}

/** Loads the page asked for with the filters as they are. */
export const loadAccessLog = latestRun(async () => {
  const { page } = $state.get();
  $state.set({ ...$state.get(), status: 'loading' });
  const log = await dataOf(() =>
    api.GET('/api/admin/personal-data-access', { params: { query: { ...query(), page } } }),
  );
  if ($state.get().page !== page) return;
  // The same operation answers CSV when asked: JSON here, as asked.
  $state.set(log && typeof log !== 'string' ? { status: 'ready', page, log } : { ...$state.get(), status: 'error' });
});

/** 'Найти': the first page of what the filters keep (nothing when a filter is wrong). */
export function searchAccessLog(): Promise<void> {
  if (!accessFilters.validate()) return Promise.resolve();
  $state.set({ ...$state.get(), page: 1 });
  return loadAccessLog();
}

/** 'Новее', 'Старше': another page. */
export function showAccessPage(page: number): Promise<void> {
  $state.set({ ...$state.get(), page: Math.max(1, page) });
  return loadAccessLog();
}

/** 'Скачать CSV': every entry the filters keep, as the server writes it. */
export async function downloadAccessCsv(): Promise<void> {
  if (!accessFilters.validate()) return;
  try {
    const { data, response } = await api.GET('/api/admin/personal-data-access', {
      params: { query: { ...query(), format: 'csv' } },
      parseAs: 'blob',
    });
    if (response.ok && data) saveBlob(data, 'zhurnal-dostupa-pd.csv');
    else showToast('error', t.csvFailed);
  } catch {
    showToast('error', t.csvFailed);
  }
}
