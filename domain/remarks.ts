// Remarks of an examiner on a statement (docs/product.md «Remarks»): the rules and words both halves share.
import { pluralForm } from './russian.ts';

/** Longest text of a remark, an answer or a note. */
export const REMARK_TEXT_MAX = 4000;

/**
 * True when a remark's text is longer than `REMARK_TEXT_MAX`, counted as the contract's `maxLength` counts (Unicode
 * code points: an emoji or a rare CJK character is one, not the two UTF-16 units of `String.length`), the same on the
 * server and in the dialog.
 */
export function remarkTextTooLong(text: string): boolean {
  let length = 0;
  for (const _ of text) {
    length += 1;
    if (length > REMARK_TEXT_MAX) return true;
  }
  return false;
}

/** Statuses of a published remark that still wait for something (an answer or a resolution). */
export const UNSETTLED_REMARK_STATUSES = ['open', 'reopened', 'answered'] as const;

/** Statuses in which the applicant owes an answer to a required remark with the next version. */
export const AWAITING_ANSWER_STATUSES = ['open', 'reopened'] as const;

/** '1 замечание', '3 замечания', '5 замечаний'. */
export function remarksCount(count: number): string {
  return `${count} ${pluralForm(count, ['замечание', 'замечания', 'замечаний'])}`;
}

/** A pin's rectangle must stay on its page: `start + size` at most 1 (with rounding room). */
export function fitsOnPage(start: number, size: number | null | undefined): boolean {
  return size === null || size === undefined || start + size <= 1 + 1e-9;
}

/**
 * The remarks one statement may hold, drafts and published together: as many as a new version can answer (the
 * `answers` of a company stage, openapi.yaml), so a statement can never ask more answers than can be given.
 */
export const REMARKS_PER_STATEMENT_MAX = 1000;

/** Russian texts of the remarks' refusals, the same on the server and beside the fields. */
export const remarkRefusals = {
  blankText: 'Введите текст замечания',
  blankNote: 'Укажите, что осталось не исправлено',
  fileNotHere: 'Такого документа в заявлении нет',
  fileNotPinnable: 'Закрепить замечание можно только на PDF или изображении',
  fileUnreadable: 'Документ не открывается: добавьте замечание без места на листе',
  fileTooComplex: 'Документ не удалось прочитать: слишком сложная структура',
  noSuchPage: (pages: number) => `В документе ${pages} ${pluralForm(pages, ['страница', 'страницы', 'страниц'])}`,
  offPage: 'Область замечания выходит за край страницы',
  answerMissing: (number: number) => `Ответьте на замечание № ${number}`,
  answerUnknown: 'Ответ относится к замечанию, которого нет среди открытых замечаний заявления',
  answerTwice: (number: number) => `На замечание № ${number} дано два ответа`,
} as const;
