// Russian texts of the employee screens, exactly as docs/product.md quotes them.

/** Texts of /employees, /employees/list, /employees/create and /employees/{id}/edit. */
export const employeesTexts = {
  listTitle: 'Сотрудники',
  listLead:
    'Люди, которые действуют от имени компании на портале. Войти может только сотрудник, у которого указана электронная почта.',
  add: 'Добавить сотрудника',
  tableCaption: 'Сотрудники компании',
  name: 'ФИО',
  position: 'Должность',
  email: 'E-mail',
  notVerified: 'Входа ещё не было',
  notVerifiedHint: 'входа на портал ещё не было',
  owner: 'Владелец',
  empty: 'Сотрудников пока нет',
  loading: 'Загрузка…',
  loadFailed: 'Не удалось загрузить сотрудников',
  retry: 'Повторить',
  dash: '—',
  /** Shown to a company user who is not the owner (only the owner manages employees, docs/product.md «Permissions»). */
  refusedTitle: 'Нет доступа',
  refused: 'Управлять сотрудниками может только владелец компании.',
  toStatements: 'К заявлениям',

  createTitle: 'Новый сотрудник',
  editTitle: 'Данные сотрудника',
  back: 'К списку сотрудников',
  fio: 'Фамилия Имя Отчество',
  emailField: 'Электронная почта',
  emailHint: 'Необязательно. Без e-mail сотрудник не сможет войти на портал: код для входа приходит на эту почту.',
  emailChangeHint:
    'Без e-mail сотрудник не сможет войти на портал. После смены адреса сотрудник войдёт заново по коду, который придёт на новую почту.',
  phone: 'Телефон',
  phonePlaceholder: '+7 (___) ___-__-__',
  positionField: 'Должность',
  notVerifiedNote: 'Сотрудник ещё не входил на портал.',
  create: 'Добавить сотрудника',
  save: 'Сохранить изменения',
  saving: 'Сохраняем...',
  remove: 'Удалить сотрудника',
  removeQuestion: 'Удалить сотрудника?',

  created: 'Сотрудник добавлен',
  updated: 'Сотрудник обновлён',
  removed: 'Сотрудник удалён',
  createFailed: 'Не удалось добавить сотрудника',
  saveFailed: 'Не удалось сохранить изменения',
  removeFailed: 'Не удалось удалить сотрудника',
  employeeLoadFailed: 'Не удалось загрузить сотрудника',
} as const;
