import { atom, type ReadableAtom } from 'nanostores';
import { committeeTime } from '#domain/committee-time.ts';
import type { TermsReport } from '#domain/contract.ts';
import { reportFileName } from '#domain/terms-report.ts';
import { isHeadUser } from '#lib/roles.ts';
import { api } from '#stores/api.ts';
import { latestRun, loadWhenSignedIn } from '#stores/load.ts';
import { recordExport } from '#stores/personal-data-exports.ts';
import { showToast } from '#stores/toasts.ts';
import { quarterOf } from '../lib/quarter.ts';
import { reportsTexts } from '../texts.ts';

/** The range the report covers: committee days, null while one end is cleared. */
export interface ReportRange {
  from: string | null;
  to: string | null;
}

export type ReportState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; report: TermsReport }
  | { status: 'error'; message: string }
  | { status: 'refused' };

/** The current quarter of the committee's calendar. */
export function currentQuarter(now: Date = new Date()): { from: string; to: string } {
  return quarterOf(committeeTime(now)?.day ?? now.toISOString().slice(0, 10));
}

const $rangeAtom = atom<ReportRange>(currentQuarter());
const $state = atom<ReportState>({ status: 'idle' });

export const $reportRange: ReadableAtom<ReportRange> = $rangeAtom;
export const $report: ReadableAtom<ReportState> = $state;

/** Loads the report for the current range (GET /api/instance/reports); a later range wins over an earlier answer. */
export const loadReport = latestRun(async () => {
  const { from, to } = $rangeAtom.get();
  if (from === null || to === null) {
    $state.set({ status: 'idle' });
    return;
  }
  $state.set({ status: 'loading' });
  try {
    const { data, error, response } = await api.GET('/api/instance/reports', { params: { query: { from, to } } });
    const range = $rangeAtom.get();
    if (range.from !== from || range.to !== to) return;
    if (response.ok && data && typeof data === 'object') {
      $state.set({ status: 'ready', report: data as TermsReport });
      return;
    }
    if (response.status === 403) {
      $state.set({ status: 'refused' });
      return;
    }
    const message = (error as { message?: string } | undefined)?.message ?? reportsTexts.loadFailed;
    $state.set({ status: 'error', message });
  } catch {
    $state.set({ status: 'error', message: reportsTexts.loadFailed });
  }
});

/** Sets one end of the range and loads the report again when both ends are set. */
export function setReportRange(range: Partial<ReportRange>): void {
  $rangeAtom.set({ ...$rangeAtom.get(), ...range });
  void loadReport();
}

/** Who may read the report: the committee's head; anyone else sees the refusal without asking the API. */
loadWhenSignedIn($state, isHeadUser, () => $state.get().status === 'idle', loadReport);

/** Saves the report on the screen as a CSV file: the API's own layout (domain/terms-report.ts), loaded on demand. */
export async function downloadReportCsv(): Promise<void> {
  const state = $state.get();
  if (state.status !== 'ready') return;
  try {
    // The report names examiners: the access log records the export first; unrecorded, no file is saved.
    if (!(await recordExport('report', state.report.examiners.length))) throw new Error('the export was not recorded');
    const [{ reportCsv }, { saveCsv }] = await Promise.all([
      import('#domain/terms-report-csv.ts'),
      import('#lib/csv.ts'),
    ]);
    saveCsv(reportCsv(state.report), reportFileName(state.report.from, state.report.to));
  } catch {
    showToast('error', reportsTexts.loadFailed);
  }
}
