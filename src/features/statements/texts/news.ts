// Russian texts of the examiner's /instance/news, exactly as docs/product.md writes them.

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
  deleted: (visibleId: number) => `Заявление № ${visibleId} удалено заявителем`,
  withdrawn: (visibleId: number) => `Заявление № ${visibleId} отозвано заявителем`,
  refusedByColleague: (visibleId: number) => `В приёме заявления № ${visibleId} отказал другой эксперт`,
  /** The intake check's term ('Проверить до {date}') is said by src/lib/deadline.ts: intakeTermLine. */
} as const;
