// Conclusions of reviewing bodies (docs/product.md «Conclusions»): the committee's departments and outside bodies give
// their conclusion on a statement before its decision. The words the site shows and the API answers with, alike.
import type { Conclusion, ConclusionStatus, ConclusionVerdict, ReviewBodyKind } from './contract.ts';

/** Every verdict in the order the answer form offers them. */
export const CONCLUSION_VERDICTS = [
  'agreed',
  'agreed_with_remarks',
  'not_agreed',
] as const satisfies readonly ConclusionVerdict[];

/** The Russian words of a verdict: on both sides, the certificate and the letters. */
export const CONCLUSION_VERDICT_LABELS: Record<ConclusionVerdict, string> = {
  agreed: 'Согласовано',
  agreed_with_remarks: 'Согласовано с замечаниями',
  not_agreed: 'Не согласовано',
};

export const CONCLUSION_STATUS_LABELS: Record<ConclusionStatus, string> = {
  requested: 'Ожидается',
  answered: 'Получено',
  withdrawn: 'Запрос отозван',
};

export const REVIEW_BODY_KIND_LABELS: Record<ReviewBodyKind, string> = {
  department: 'Подразделение комитета',
  external: 'Внешний орган',
};

/** The longest term a request may be given, in working days. */
export const CONCLUSION_MAX_DAYS = 60;

/** A term in working days that is no whole number from 1 to 60: what the forms and the API say (null when right). */
export function conclusionTermProblem(days: number): string | null {
  return Number.isInteger(days) && days >= 1 && days <= CONCLUSION_MAX_DAYS ? null : CONCLUSION_TEXTS.termInvalid;
}

/** The decision refused while conclusions are awaited, naming the silent bodies. */
export function awaitedConclusionsText(bodies: readonly string[]): string {
  return `Ожидаются заключения: ${bodies.join(', ')}`;
}

export const CONCLUSION_TEXTS = {
  title: 'Заключения',
  catalogueTitle: 'Согласующие подразделения и органы',
  requestsTitle: 'Запросы на заключение',
  /** No body chosen (400 naming `bodyIds`). */
  bodyRequired: 'Выберите хотя бы одно подразделение или орган',
  /** An unknown or retired body (400 naming `bodyIds`). */
  unknownBody: 'Такого подразделения или органа нет в справочнике',
  /** A request to a body already asked and silent (409). */
  alreadyAsked: (body: string) => `Запрос в «${body}» уже направлен и ждёт ответа`,
  questionRequired: 'Сформулируйте вопрос к подразделению или органу',
  /** A term that is no whole number of working days from 1 to 60 (the forms and the API's 400). */
  termInvalid: 'Укажите целое число от 1 до 60',
  /** Who may ask (403). */
  askForbidden: 'Запросить заключения может эксперт, ведущий заявление, или руководитель',
  /** Asked outside `under_review` (409). */
  notUnderReview: 'Заключения запрашивают, пока заявление на рассмотрении',
  /** Who may answer (403). */
  answerForbidden: 'Ответить может только сотрудник подразделения или органа, которому направлен запрос',
  /** An answer without its text, unless agreed (400 naming `text`). */
  textRequired: 'Обоснуйте заключение: без текста можно только согласовать',
  alreadyAnswered: 'На запрос уже дан ответ',
  withdrawn: 'Запрос отозван',
  notFound: 'Запрос не найден',
  reasonRequired: 'Укажите причину',
  /** An approval over a conclusion 'Не согласовано' without the examiner's reason (400 naming `disagreementReason`). */
  disagreementRequired: 'Есть заключение «Не согласовано»: обоснуйте, почему вы согласовываете',
  /** The history's words for a head's decision made while conclusions were awaited. */
  overrideHistory: 'Решение принято до получения всех заключений',
  /** The history's words for an approval over a conclusion 'Не согласовано'. */
  disagreementHistory: 'Согласовано вопреки заключению «Не согласовано»',
  bodyNameRequired: 'Укажите название',
  bodyNameTaken: 'Подразделение или орган с таким названием уже есть',
  bodyNotFound: 'Подразделение или орган не найден',
  memberNotFound: 'Сотрудник не найден среди участников',
  memberTaken: 'Этот адрес принадлежит пользователю компании или другого органа',
  fioRequired: 'Укажите ФИО',
  /** The examiner's mail about an overdue request: what they can do. */
  overdueHint: 'Напомните подразделению или органу либо отзовите запрос с причиной на странице заявления.',
  /** Why a request still unanswered was closed with its statement's review (its withdrawal reason). */
  closedWithReview: {
    approved: 'Рассмотрение завершено: заявление согласовано без этого заключения',
    rejected: 'Рассмотрение завершено: в согласовании отказано без этого заключения',
    withdrawn: 'Заявитель отозвал заявление',
  },
} as const;

/**
 * The conclusions received, as the certificate and the letters list them: each body's last answer, in the order the
 * bodies answered, 'Отдел охраны культурного наследия — Согласовано, 02.12.2026' (`date` writes the answer's moment).
 */
export function conclusionLines(
  conclusions: ReadonlyArray<
    Pick<Conclusion, 'status' | 'verdict' | 'answeredAt'> & { body: Pick<Conclusion['body'], 'id' | 'name'> }
  >,
  date: (at: string) => string,
): string[] {
  const last = new Map<number, (typeof conclusions)[number]>();
  for (const conclusion of conclusions) {
    if (conclusion.status !== 'answered' || conclusion.verdict === null || conclusion.answeredAt === null) continue;
    last.delete(conclusion.body.id);
    last.set(conclusion.body.id, conclusion);
  }
  return [...last.values()].map(
    (row) => `${row.body.name} — ${CONCLUSION_VERDICT_LABELS[row.verdict ?? 'agreed']}, ${date(row.answeredAt ?? '')}`,
  );
}
