// The correction of errors in an issued certificate (docs/product.md «The regulation's procedures»): its term and the
// texts the site shows and the API answers with, alike.
import type { Correction } from './contract.ts';

/** The correction's term in working days on the production calendar. */
export const CORRECTION_TERM_DAYS = 5;

/** The Russian words of a correction's status, the same on both sides. */
export const CORRECTION_STATUS_LABELS: Record<Correction['status'], string> = {
  requested: 'Ожидает исправления',
  corrected: 'Исправлено',
  declined: 'Отказано в исправлении',
};

export const CORRECTION_TEXTS = {
  /** A request without a description (the dialog and the API's 400 naming `text`). */
  textRequired: 'Опишите ошибку',
  /** A request for a statement that is not approved (the API's 409). */
  notApproved: 'Исправить опечатку можно только в выданном свидетельстве: заявление не согласовано',
  /** A decision on a correction already answered (the API's 409). */
  alreadyAnswered: 'На этот запрос уже ответили. Обновите страницу.',
  /** Someone other than the statement's examiner answers (the API's 403). */
  notTheExaminer: 'Ответить на запрос об исправлении может только эксперт, ведущий заявление',
  /** A decline without its reason (the dialog and the API's 400 naming `note`). */
  noteRequired: 'Укажите причину отказа: её получит заявитель',
  /** Correcting without the corrected certificate (the API's 400 naming `prefileIds`). */
  fileRequired: 'Приложите исправленное свидетельство',
  /** Files given with a decline (the API's 400 naming `prefileIds`). */
  filesOnlyWhenCorrected: 'Файлы прикладываются только к исправленному свидетельству',
  notFound: 'Запрос на исправление не найден',
  /** A second request while one waits (the API's 409): the open one is named by its day. */
  alreadyOpen: (day: string) =>
    `По заявлению уже есть запрос на исправление от ${day}: дождитесь ответа на него. Обновите страницу.`,
} as const;

/** The corrected certificate's line under its date: 'взамен ранее выданного от 22.11.2026'. */
export function replacesLine(date: string): string {
  return `взамен ранее выданного от ${date}`;
}

/** What the public check of a replaced certificate says: 'Свидетельство заменено исправленным от 27.11.2026'. */
export function replacedLine(date: string): string {
  return `Свидетельство заменено исправленным от ${date}`;
}
