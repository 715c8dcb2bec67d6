// Pre-trial appeals (docs/product.md «Appeals»): their subjects, terms and the texts the site shows and the API
// answers with, alike.
import type { AppealStatus, AppealSubject } from './contract.ts';

/** Every subject in the order the dialog offers them and `appealSubjects` lists them. */
export const APPEAL_SUBJECTS = [
  'decision_refusal',
  'acceptance_refusal',
  'missed_term',
  'correction_refusal',
  'other',
] as const satisfies readonly AppealSubject[];

/** The Russian words of a subject, the same on both sides and in the answer letter. */
export const APPEAL_SUBJECT_LABELS: Record<AppealSubject, string> = {
  decision_refusal: 'Отказ в согласовании',
  acceptance_refusal: 'Отказ в приёме документов',
  missed_term: 'Нарушение срока',
  correction_refusal: 'Отказ в исправлении опечатки',
  other: 'Иное',
};

/** The Russian words of an appeal's status, the same on both sides. */
export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  filed: 'На рассмотрении',
  upheld: 'Удовлетворена',
  dismissed: 'Отказано в удовлетворении',
};

/** The answer's term in working days on the production calendar: 15, or 5 against a refusal to accept or a declined correction. */
export function appealTermDays(subject: AppealSubject): number {
  return subject === 'acceptance_refusal' || subject === 'correction_refusal' ? 5 : 15;
}

/** The history's words for the change an upheld appeal made. */
export const APPEAL_HISTORY_LABEL = 'Решение отменено по жалобе';

export const APPEAL_TEXTS = {
  /** An appeal without its text (the dialog and the API's 400 naming `text`). */
  textRequired: 'Опишите, с чем вы не согласны',
  /** A subject the statement gives no ground for now (the API's 400 naming `subject`). */
  subjectNotAllowed: 'По этому заявлению сейчас нельзя подать жалобу на это',
  /** A second open appeal on the same subject (the API's 409). */
  alreadyOpen: 'Жалоба на это уже подана и ещё не рассмотрена',
  /** An answer without its reasoning (the dialog and the API's 400 naming `text`). */
  answerRequired: 'Напишите ответ заявителю: он войдёт в письмо',
  /** A decision on an appeal already answered (the API's 409). */
  alreadyDecided: 'На эту жалобу уже ответили. Обновите страницу.',
  /** An examiner id that names no active examiner (the API's 400 naming `examinerId`). */
  noSuchExaminer: 'Такого эксперта нет',
  notFound: 'Жалоба не найдена',
  /** The answer letter's title and file name. */
  letterTitle: 'Ответ на жалобу',
} as const;
