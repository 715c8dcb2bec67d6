// Russian texts of the examiner's screens (spec §2, §8), exactly as the spec writes them.

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
} as const;
