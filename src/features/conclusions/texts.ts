// The site's words of the conclusions of reviewing bodies (docs/product.md «Conclusions»); the words the API answers
// with too (verdicts, statuses, refusals) are the kernel's, domain/conclusions.ts.
import { committeeTime } from '#domain/committee-time.ts';
import { CONCLUSION_TEXTS } from '#domain/conclusions.ts';
import { formatNumericDay, pluralForm, workingDays } from '#domain/russian.ts';

/** A moment as the committee's day and time: '20.11.2026, 14:30'. */
export function conclusionMoment(at: string): string {
  const moment = committeeTime(at);
  return moment ? `${formatNumericDay(moment.day)}, ${moment.time}` : at;
}

export const conclusionTexts = {
  /** The block of the examiner's detail. */
  title: CONCLUSION_TEXTS.title, // e2e
  empty: 'Заключения не запрашивались',
  kind: 'Вид',
  question: 'Вопрос',
  term: (dueDate: string) => `до ${formatNumericDay(dueDate)}`,
  overdue: 'просрочено', // e2e
  requestedBy: (at: string, who: string | null) => `Запрошено ${conclusionMoment(at)}${who ? `, ${who}` : ''}`,
  answeredBy: (at: string, who: string | null) => `Ответ ${conclusionMoment(at)}${who ? `, ${who}` : ''}`,
  verdict: 'Заключение',
  text: 'Текст заключения',
  files: 'Файлы заключения',
  withdrawnReason: 'Причина отзыва',
  round: (n: number) => `по версии ${n}`,

  /** 'Запросить заключения'. */
  request: 'Запросить заключения', // e2e
  requestTitle: 'Запросить заключения',
  requestIntro: 'Запрос получит каждый выбранный орган. Срок считается в рабочих днях по производственному календарю.',
  bodiesLegend: 'Подразделения и органы', // e2e
  bodyTerm: (days: number) => `срок ${workingDays(days)}`,
  bodiesLoading: 'Загрузка справочника…',
  bodiesFailed: 'Не удалось загрузить согласующие органы',
  noBodies: 'В справочнике нет действующих подразделений и органов',
  questionLabel: 'Вопрос к подразделению или органу', // e2e
  dueDays: 'Срок, рабочих дней', // e2e
  dueDaysHint: 'Если не указать, у каждого органа будет его срок по умолчанию',
  requestSubmit: 'Отправить запросы', // e2e
  requested: (count: number) =>
    `${pluralForm(count, ['Направлен', 'Направлено', 'Направлено'])} ${count} ${pluralForm(count, ['запрос', 'запроса', 'запросов'])}`,
  requestFailed: 'Не удалось запросить заключения',

  /** 'Отозвать запрос'. */
  withdraw: 'Отозвать запрос', // e2e
  withdrawOf: (body: string) => `Отозвать запрос в «${body}»`,
  withdrawTitle: 'Отозвать запрос на заключение',
  withdrawIntro: (body: string) => `Запрос в «${body}» будет отозван; сотрудники органа получат уведомление.`,
  withdrawReason: 'Причина отзыва', // e2e
  withdrawSubmit: 'Отозвать', // e2e
  withdrawn: 'Запрос отозван',
  withdrawFailed: 'Не удалось отозвать запрос',
  cancel: 'Отмена',

  /** The reply dialog while conclusions are awaited, or over a 'Не согласовано'. */
  awaited: (bodies: readonly string[]) => `Ещё не ответили: ${bodies.join(', ')}`,
  awaitedNote: 'Согласовать или отклонить заявление можно после получения всех заключений.',
  overrideReason: 'Причина решения до получения заключений', // e2e
  overrideHint: 'Причина сохранится в истории заявления',
  disagreementReason: 'Почему вы согласовываете', // e2e
  disagreementHint: (bodies: readonly string[]) => `Заключение «Не согласовано»: ${bodies.join(', ')}`,
} as const;

/** The members' page 'Запросы на заключение' and its answer form. */
export const requestsTexts = {
  pageTitle: CONCLUSION_TEXTS.requestsTitle, // e2e
  intro: 'Запросы комитета к вашему подразделению или органу. Ответьте до окончания срока.',
  loading: 'Загрузка запросов…',
  loadFailed: 'Не удалось загрузить запросы на заключение',
  retry: 'Повторить',
  empty: 'Запросов пока нет',
  openTitle: 'Ожидают ответа',
  doneTitle: 'Отвеченные и отозванные',
  statement: (visibleId: number) => `Заявление № ${visibleId}`,
  address: 'Адрес',
  body: 'Орган',
  documents: 'Документы',
  answer: 'Ответить', // e2e
  answerOf: (visibleId: number) => `Ответить на запрос по заявлению № ${visibleId}`,
  answerTitle: (visibleId: number) => `Заключение по заявлению № ${visibleId}`,
  verdictLegend: 'Заключение', // e2e
  verdictRequired: 'Выберите заключение',
  text: 'Текст заключения', // e2e
  textHint: 'Обязателен, если заключение не «Согласовано»',
  files: 'Файлы', // e2e
  filesHint: 'Можно приложить файлы заключения и их подписи (.sig).',
  submit: 'Отправить заключение', // e2e
  answered: 'Заключение отправлено',
  answerFailed: 'Не удалось отправить заключение',
  /** The remarks on the request's documents, and the member's proposals (docs/product.md «Conclusions»). */
  remarksTitle: 'Замечания на чертежах', // e2e
  showRemarks: (visibleId: number) => `Замечания на чертежах по заявлению № ${visibleId}`,
  remarksHint:
    'Чтобы предложить замечание, откройте документ и нажмите «Добавить замечание». Эксперт включит его в свои замечания или отклонит; заявитель видит только замечания эксперта.',
  remarksLoading: 'Загрузка замечаний…',
  remarksFailed: 'Не удалось загрузить замечания',
  noRemarks: 'Замечаний пока нет',
  removeProposal: 'Удалить', // e2e
  removeProposalQuestion: 'Удалить предложенное замечание?',
  /** The sidebar's link and its overdue mark. */
  overdueCount: (count: number) => `просрочено: ${count}`,
} as const;
