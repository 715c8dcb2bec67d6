import { atom, type ReadableAtom } from 'nanostores';
import type { CalendarImportPreview, CalendarYearInfo } from '#domain/contract.ts';
import { unusualYearWarning } from '#domain/production-calendar.ts';
import { isHeadUser } from '#lib/roles.ts';
import type { FieldErrors } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { type SaveOutcome, saveForm } from '#stores/form-save.ts';
import { dataOf, latestRun, loadWhenSignedIn } from '#stores/load.ts';
import { computed } from '#stores/prerendered.ts';
import { createServerFeedback } from '#stores/server-feedback.ts';
import { submit } from '#stores/submit.ts';
import { showToast } from '#stores/toasts.ts';
import { adminTexts, calendarTexts } from '../texts.ts';

/** The longest file text the API reads (`CalendarImportInput.text`). */
export const CALENDAR_TEXT_MAX = 100_000;

/** The production calendar as the section sees it: loading, failed, or its years, oldest first. */
export interface CalendarState {
  status: 'loading' | 'error' | 'ready';
  years: CalendarYearInfo[];
}

const $state = atom<CalendarState>({ status: 'loading', years: [] });

/** GET /api/admin/calendar: every year with data, and the current and next year in any case. */
export const $calendar: ReadableAtom<CalendarState> = $state;

/** Loads the years (again). */
export const loadCalendar = latestRun(async () => {
  const answer = await dataOf(() => api.GET('/api/admin/calendar'));
  if (answer) {
    $state.set({ status: 'ready', years: answer.years });
    return;
  }
  if ($state.get().status !== 'ready') $state.set({ status: 'error', years: [] });
  showToast('error', calendarTexts.loadFailed);
});
loadWhenSignedIn($state, isHeadUser, () => $state.get().status === 'loading', loadCalendar);

interface ImportValues extends Record<string, string> {
  /** The chosen file's name, shown beside the field. */
  fileName: string;
  /** Its text, as the API and `npm run admin -- calendar-import` read it. */
  text: string;
}

function validateImport(values: ImportValues): FieldErrors<ImportValues> {
  if (values.text.trim() === '') return { text: calendarTexts.fileRequired };
  if (values.text.length > CALENDAR_TEXT_MAX) return { text: adminTexts.tooLong(CALENDAR_TEXT_MAX) };
  return {};
}

const $year = atom<number | null>(null);
/** The year whose official calendar is being loaded in the dialog, or null while it is closed. */
export const $importYear: ReadableAtom<number | null> = $year;

/** The import dialog's file: its name and text; the browser asks before leaving while one is chosen. */
export const importForm = createForm<ImportValues>({ fileName: '', text: '' }, validateImport, {
  askBeforeLeaving: { when: () => $year.get() !== null },
});
const feedback = createServerFeedback(importForm, ['text']);

/** The file's errors: none chosen, too long, or what the API found wrong in it (every problem, one per line). */
export const $importErrors = feedback.$fieldErrors;
/** The API's refusal that names no field. */
export const $importAlert = feedback.$alert;

const $previewAtom = atom<CalendarImportPreview | null>(null);
/** What the chosen file would change (days and running terms), once checked; null before, and after a new file. */
export const $importPreview: ReadableAtom<CalendarImportPreview | null> = $previewAtom;

/**
 * What looks wrong about the previewed year's count of working days (fewer than 200 or more than 300), in Russian; null
 * when it is usual or nothing is previewed. Such a year is applied only once the head confirms it.
 */
export const $unusualYear = computed($previewAtom, (preview) =>
  preview ? unusualYearWarning(preview.year, preview.after.workingDays) : null,
);

const $confirmedAtom = atom(false);
/** Whether the head confirmed the unusual year ('Да, так и задумано'); forgotten with the preview. */
export const $unusualConfirmed: ReadableAtom<boolean> = $confirmedAtom;
const $confirmErrorAtom = atom<string | null>(null);
/** The checkbox's error: 'Применить' pressed without the confirmation of an unusual year. */
export const $unusualConfirmError: ReadableAtom<string | null> = $confirmErrorAtom;

/** Forgets the preview and its confirmation. */
function forgetPreview(): void {
  $previewAtom.set(null);
  $confirmedAtom.set(false);
  $confirmErrorAtom.set(null);
}

/** Ticks or unticks the confirmation of an unusual year. */
export function confirmUnusualYear(confirmed: boolean): void {
  $confirmedAtom.set(confirmed);
  if (confirmed) $confirmErrorAtom.set(null);
}

/** Opens the dialog for a year: no file yet. */
export function startImport(year: number): void {
  importForm.reset();
  feedback.clear();
  forgetPreview();
  $year.set(year);
}

/** Closes the dialog (not while a call runs). */
export function closeImport(): void {
  if (!importForm.$status.get().busy) $year.set(null);
}

/** Takes the chosen file's text; the preview of another file is forgotten. */
export async function chooseFile(file: File | null): Promise<void> {
  forgetPreview();
  feedback.clearAlert();
  if (!file) {
    importForm.setValue('fileName', '');
    importForm.setValue('text', '');
    return;
  }
  let text: string;
  try {
    text = await file.text();
  } catch {
    showToast('error', calendarTexts.fileUnreadable);
    return;
  }
  importForm.setValue('fileName', file.name);
  importForm.setValue('text', text);
  importForm.touch('text');
}

/** 'Проверить': POST /api/admin/calendar/{year}/preview; the file's problems beside the field, or the preview. */
export function checkImport(): Promise<SaveOutcome> {
  const year = $year.get();
  if (year === null) return Promise.resolve('failed');
  forgetPreview();
  return saveForm(importForm, {
    send: (values) =>
      api.POST('/api/admin/calendar/{year}/preview', { params: { path: { year } }, body: { text: values.text } }),
    failureText: calendarTexts.checkFailed,
    feedback,
    saved: (preview) => {
      if ($year.get() === year) $previewAtom.set(preview);
    },
  });
}

/**
 * 'Применить': POST /api/admin/calendar/{year} with the file checked (an unusual year only once confirmed, and then
 * with the confirmation); the dialog closes and the years load again.
 */
export async function applyImport(): Promise<boolean> {
  const year = $year.get();
  if (year === null || $previewAtom.get() === null) return false;
  const unusual = $unusualYear.get() !== null;
  if (unusual && !$confirmedAtom.get()) {
    $confirmErrorAtom.set(calendarTexts.unusualConfirmRequired);
    return false;
  }
  const { text } = importForm.$values.get();
  const body = unusual ? { text, confirmUnusualYear: true } : { text };
  const result = await submit(
    importForm.$status,
    () => api.POST('/api/admin/calendar/{year}', { params: { path: { year } }, body }),
    {
      failureText: calendarTexts.applyFailed,
      describe: (failure) => (failure.status !== null && failure.status < 500 ? failure.body?.message : null),
      successText: calendarTexts.applied(year),
    },
  );
  if (!result.ok) {
    feedback.remember(result.failure);
    forgetPreview();
    return false;
  }
  // Saved: the file is no longer something to lose.
  importForm.reset();
  $year.set(null);
  await loadCalendar();
  return true;
}
