// Russian texts of pre-trial appeals on the site (docs/product.md «Appeals»): the company's 'Подать жалобу', the
// appeals on both details, the head's 'Рассмотреть жалобу' and the register 'Жалобы'. The subjects' and statuses'
// words, and the refusals the API shares, are the kernel's (domain/appeals.ts). The labels marked "e2e" are relied on
// by browser tests.
import { PETITION_TEXT_MAX } from '#domain/petitions.ts';
import { formatDay, pluralForm } from '#domain/russian.ts';

/** Formatted when first needed: a page's first `toLocaleString` loads the locale's data (a long task at load). */
const max = () => PETITION_TEXT_MAX.toLocaleString('ru-RU');

/** 'Подать жалобу': the company's dialog. */
export const filingTexts = {
  action: 'Подать жалобу', // e2e
  title: 'Досудебная жалоба', // e2e
  intro: (visibleId: number) =>
    `Заявление № ${visibleId}. Жалобу рассмотрит руководитель отдела: ответ придёт в течение 15 рабочих дней, на отказ в приёме документов или в исправлении опечатки — 5.`,
  subjectLegend: 'На что вы жалуетесь', // e2e
  subjectRequired: 'Выберите, на что вы жалуетесь',
  text: 'Текст жалобы', // e2e
  /** The count under the text: '125 из 10 000 символов'. */
  count: (length: number) => `${length.toLocaleString('ru-RU')} из ${max()} символов`,
  files: 'Файлы', // e2e
  submit: 'Подать жалобу', // e2e
  cancel: 'Отмена',
  waitForUploads: 'Дождитесь окончания загрузки файлов',
  filed: (dueDate: string) => `Жалоба подана. Ответ — до ${formatDay(dueDate)}`,
  failed: 'Не удалось подать жалобу',
} as const;

/** The appeals on both details. */
export const blockTexts = {
  title: 'Жалобы', // e2e
  filedOn: (at: string, by: string | null) => (by ? `Подана ${at}, ${by}` : `Подана ${at}`),
  files: 'Приложенные файлы',
  answer: 'Ответ руководителя', // e2e
  answeredOn: (at: string, by: string | null) => (by ? `${at}, ${by}` : at),
  letter: 'Письмо «Ответ на жалобу»', // e2e
} as const;

/** The appeal's term as the details read it, marked as every other term is. */
export const termTexts = {
  running: (dueDate: string) => `Срок ответа — до ${formatDay(dueDate)}`,
  lastDay: (dueDate: string) => `Срок ответа — до ${formatDay(dueDate)} (сегодня последний день)`,
  overdue: (dueDate: string) => `Срок ответа истёк ${formatDay(dueDate)}`,
  answeredOnTime: (day: string) => `Ответ дан ${formatDay(day)} — в срок`,
  answeredLate: (day: string, dueDate: string) =>
    `Ответ дан ${formatDay(day)} — с опозданием (срок истёк ${formatDay(dueDate)})`,
  /** The register's tag. */
  tag: (dueDate: string) => `Ответить до ${formatDay(dueDate)}`,
  tagOverdue: (dueDate: string) => `Ответить до ${formatDay(dueDate)} (срок истёк)`,
} as const;

/** 'Рассмотреть жалобу': the head's dialog. */
export const decisionTexts = {
  action: 'Рассмотреть жалобу', // e2e
  title: 'Рассмотрение жалобы', // e2e
  intro: (visibleId: number, subject: string) => `Заявление № ${visibleId}. Жалоба: ${subject.toLowerCase()}.`,
  outcomeLegend: 'Решение', // e2e
  uphold: 'Удовлетворить', // e2e
  dismiss: 'Отказать в удовлетворении', // e2e
  outcomeRequired: 'Выберите решение',
  text: 'Ответ заявителю', // e2e
  textHint: 'Войдёт в письмо «Ответ на жалобу»',
  count: filingTexts.count,
  /** Above the examiners when an upheld appeal cancels a refusal. */
  examinerHint: 'Решение об отказе будет отменено: заявление вернётся на рассмотрение с новым сроком к этому эксперту.',
  examinerRequired: 'Выберите эксперта',
  decidedBy: 'принял решение',
  submit: 'Отправить ответ', // e2e
  cancel: 'Отмена',
  upheld: 'Жалоба удовлетворена',
  dismissed: 'В удовлетворении жалобы отказано',
  failed: 'Не удалось ответить на жалобу',
} as const;

/** 'Жалобы' (/instance/appeals): the head's register. */
export const registerTexts = {
  pageTitle: 'Жалобы', // e2e
  lead: 'Досудебные жалобы заявителей: сначала нерассмотренные, по сроку ответа.',
  listLabel: 'Жалобы', // e2e
  number: (visibleId: number) => `№ ${visibleId}`,
  company: 'Компания',
  subject: 'Предмет',
  filed: 'Подана',
  dueDate: 'Срок ответа',
  status: 'Статус',
  empty: 'Жалоб нет.',
  loading: 'Загрузка жалоб…',
  loadFailed: 'Не удалось загрузить жалобы.',
  retry: 'Повторить',
  refusedTitle: 'Нет доступа',
  refused: 'Раздел доступен только руководителю отдела.',
  toStatements: 'К моим заявлениям',
  /** The sidebar's count said in full. */
  openCount: (count: number) => `${count} ${pluralForm(count, ['жалоба ждёт', 'жалобы ждут', 'жалоб ждут'])} ответа`,
} as const;
