// Russian texts of the examiner's screens, exactly as docs/product.md writes them.

/** Texts of /instance/news. */
export const newsTexts = {
  pageTitle: 'Новые заявления',
  lead: 'Поступившие заявления, которые ещё никто не взял в работу.',
  loading: 'Загрузка…',
  empty: 'Заявлений пока нет',
  loadFailed: 'Не удалось загрузить заявления',
  retry: 'Повторить',
  listLabel: 'Новые заявления',
  number: (visibleId: number) => `№ ${visibleId}`,
  company: 'Компания',
  address: 'Адрес объекта',
  category: 'Категория объекта',
  workType: 'Тип работ',
  submitted: 'Дата подачи',
  take: 'Взять в работу',
  /** The button's accessible name names the statement, so a list of them can be told apart. */
  takeLabel: (visibleId: number) => `Взять в работу заявление № ${visibleId}`,
  confirm: 'Принять в работу?',
  taken: 'Заявление взято в работу',
  takeFailed: 'Не удалось взять заявление в работу',
  dash: '—',
  /** Said (politely, in the status region) when a statement leaves the news under the reader's eyes. */
  takenByColleague: (visibleId: number) => `Заявление № ${visibleId} взял в работу другой эксперт`,
  withdrawn: (visibleId: number) => `Заявление № ${visibleId} удалено заявителем`,
} as const;

/** Texts of /instance/statement/info/{id}; the labels marked "e2e" are relied on by browser tests. */
export const examinerDetailTexts = {
  back: 'Новые заявления',
  backAll: 'Все заявления',
  backMine: 'Мои заявки',
  company: 'Компания',
  applicant: 'Заявитель',
  fio: 'ФИО',
  position: 'Должность',
  aboutCompany: 'О компании',
  committeeComments: 'Ответы комитета',
  approvedRound: 'Согласовано по этой подаче',
  /** The reply dropdown. */
  reply: 'Предоставить ответ', // e2e
  replyTitle: (label: string) => `Ответ: ${label}`,
  replyIntro: {
    has_comments: 'Опишите замечания; заявитель загрузит исправленные документы.',
    approved: 'Свидетельство скачано. Приложите подписанное свидетельство и, при необходимости, комментарий.',
    rejected: 'Укажите причину отказа. После отказа ответить по заявлению будет нельзя.',
  },
  replyComment: 'Комментарий', // e2e
  replyFiles: 'Файлы', // e2e
  replySubmit: 'Отправить ответ', // e2e
  replySent: 'Ответ на заявление был отправлен',
  replyFailed: 'Не удалось предоставить ответ',
  certificateFailed: 'Не удалось сформировать свидетельство',
  certificateBusy: 'Формируем свидетельство…',
} as const;
