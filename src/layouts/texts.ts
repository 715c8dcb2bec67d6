// Russian texts of the page frames: sidebars, top bar and the auth gate.

/** Texts of the sidebars and the top bar. */
export const navTexts = {
  companyNavLabel: 'Меню компании', // e2e
  examinerNavLabel: 'Меню инстанции', // e2e
  statements: 'Заявления',
  employees: 'Сотрудники',
  myCompany: 'Моя компания',
  companyCaption: 'Компания',
  newStatements: 'Новые заявления',
  allStatements: 'Все заявления',
  myStatements: 'Мои заявки',
  settings: 'Настройки',
  /** The report on terms, for the committee's head only. */
  reports: 'Отчёт',
  /** The team's workload, for the committee's head only. */
  team: 'Нагрузка', // e2e
  /** The committee's administration and its log, for the committee's head only. */
  admin: 'Администрирование', // e2e
  examinerCaption: 'Эксперт',
  logout: 'Выйти', // e2e
  openMenu: 'Меню',
  closeMenu: 'Закрыть меню',
  toHome: 'На главную',
  dash: '—',
  /** The deployed version under the user card (CHANGELOG.md names what each version changed). */
  version: (version: string) => `Версия ${version}`,
} as const;

/** Texts of the auth gate. */
export const gateTexts = {
  loading: 'Загрузка…',
  failedTitle: 'Не удалось загрузить данные пользователя',
  failedText: 'Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить',
  relogin: 'Войти заново',
} as const;
