// Russian texts of the personal data documents' pages (docs/product.md «Personal data»).

export const personalDataTexts = {
  consentTitle: 'Согласие на обработку персональных данных',
  privacyTitle: 'Политика обработки персональных данных',
  loading: 'Загрузка…',
  failed: 'Не удалось загрузить документ. Проверьте подключение к интернету и обновите страницу.',
  version: (version: string) => `Редакция ${version}`,
} as const;

/** The consent asked again at login, after a new version (or of someone who never gave it). */
export const consentAgainTexts = {
  title: 'Согласие на обработку персональных данных', // e2e
  lead: 'Чтобы продолжить работу на портале, прочитайте текст согласия на обработку персональных данных и подтвердите его: вы ещё не давали согласия в этой редакции.',
  documentLabel: 'Текст согласия',
  checkbox: 'Я даю согласие на обработку персональных данных', // e2e
  required: 'Подтвердите согласие на обработку персональных данных',
  submit: 'Продолжить', // e2e
  logout: 'Выйти', // e2e
  failed: 'Не удалось сохранить согласие. Попробуйте ещё раз.',
  loadFailed: 'Не удалось загрузить текст согласия. Проверьте подключение к интернету и обновите страницу.',
  privacyLink: 'Политика обработки персональных данных',
} as const;

/** The administration's section of the personal data documents. */
export const templatesTexts = {
  title: 'Персональные данные', // e2e
  intro:
    'Согласие на обработку персональных данных и политика обработки — шаблоны: вместо подстановок портал ' +
    'вписывает сведения об операторе из настроек. Каждая публикация — новая редакция: она сразу видна на ' +
    'страницах согласия и политики, а пользователи организаций при следующем входе подтверждают новое согласие.',
  kinds: { consent: 'Согласие на обработку персональных данных', privacy: 'Политика обработки персональных данных' },
  version: (version: string) => `Редакция ${version}`,
  firstEdition: 'первая редакция портала',
  published: (date: string, by: string | null) => `опубликована ${date}${by ? `, ${by}` : ''}`,
  templateLabel: 'Текст шаблона', // e2e
  templateHint: 'Абзацы разделяются пустой строкой.',
  placeholders: 'Подстановки',
  publish: 'Опубликовать новую редакцию', // e2e
  publishOf: (title: string) => `Опубликовать новую редакцию: ${title}`, // e2e
  publishedToast: (title: string, version: string) => `Опубликована редакция ${version}: ${title}`, // e2e
  required: 'Введите текст',
  failed: 'Не удалось опубликовать редакцию. Попробуйте ещё раз.',
  loading: 'Загрузка…',
  loadFailed: 'Не удалось загрузить шаблон. Обновите страницу.',
} as const;

/** The administration's section 'Журнал доступа к персональным данным'. */
export const accessLogTexts = {
  title: 'Журнал доступа к персональным данным', // e2e
  intro:
    'Каждое обращение сотрудников комитета к персональным данным: карточки заявлений и их файлы, доверенности, ' +
    'выгрузки и отчёты, списки людей и заявки на регистрацию. Записи не изменяются и не удаляются, кроме ' +
    'уничтожения по истечении срока хранения.',
  filters: 'Отбор записей',
  person: 'Субъект: ФИО или электронная почта', // e2e
  user: 'Сотрудник', // e2e
  statement: 'Номер заявления', // e2e
  from: 'С даты',
  to: 'По дату',
  search: 'Найти', // e2e
  csv: 'Скачать CSV', // e2e
  badNumber: 'Введите номер заявления цифрами',
  badDay: 'Введите дату',
  loading: 'Загрузка…',
  loadFailed: 'Не удалось загрузить журнал. Проверьте подключение к интернету и попробуйте ещё раз.',
  csvFailed: 'Не удалось скачать журнал. Попробуйте ещё раз.',
  retry: 'Повторить',
  empty: 'Записей нет.',
  caption: 'Записи журнала доступа, сначала новые',
  when: 'Когда',
  who: 'Кто',
  address: 'Адрес',
  what: 'Что',
  statementColumn: 'Заявление',
  statementNumber: (number: number) => `№ ${number}`,
  total: (count: number) => `Найдено записей: ${count}`,
  pages: 'Страницы журнала',
  newer: 'Новее',
  older: 'Старше',
  pageOf: (page: number, pages: number) => `Страница ${page} из ${pages}`,
  destroyed: 'данные уничтожены',
} as const;

/** The administration's section 'Запросы субъектов персональных данных'. */
export const subjectRequestTexts = {
  title: 'Запросы субъектов персональных данных', // e2e
  intro:
    'Человек вправе узнать, какие его персональные данные есть на портале и для чего они обрабатываются. Ответ ' +
    'даётся в течение 10 рабочих дней; портал собирает всё о человеке в один документ (PDF) и файл JSON.',
  search: 'Найти человека', // e2e
  query: 'Электронная почта, телефон, ФИО или СНИЛС', // e2e
  find: 'Найти', // e2e
  queryRequired: 'Введите не меньше двух символов',
  searchFailed: 'Не удалось выполнить поиск. Попробуйте ещё раз.',
  nobody: 'Никого не нашлось.',
  choose: (name: string) => `Выбрать: ${name}`, // e2e
  chooseButton: 'Выбрать',
  chosen: (name: string) => `Запрос о данных: ${name}`,
  requester: 'Кто и как обратился', // e2e
  requesterHint: 'Например: сам субъект, письмо от 20.11.2026',
  requesterRequired: 'Укажите, кто и как обратился с запросом',
  receivedOn: 'Дата получения запроса',
  answer: 'Зарегистрировать и ответить', // e2e
  cancel: 'Отмена',
  failed: 'Не удалось зарегистрировать запрос. Попробуйте ещё раз.',
  answered: 'Запрос зарегистрирован, ответ готов',
  register: 'Журнал запросов',
  registerEmpty: 'Запросов ещё не было.',
  loadFailed: 'Не удалось загрузить журнал запросов.',
  retry: 'Повторить',
  received: 'Получен',
  due: 'Срок ответа',
  person: 'Субъект',
  who: 'Обратился',
  pdf: 'Ответ (PDF)', // e2e
  json: 'JSON',
  downloadFailed: 'Не удалось скачать ответ. Попробуйте ещё раз.',
  fileName: (id: number, format: 'pdf' | 'json') => `otvet-subektu-pd-${id}.${format}`,
} as const;

/** The administration's section 'Акты об уничтожении персональных данных'. */
export const destructionTexts = {
  title: 'Акты об уничтожении персональных данных', // e2e
  intro:
    'По истечении срока портал уничтожает персональные данные деактивированных и удалённых пользователей и старые ' +
    'записи журнала доступа. Каждое уничтожение оформляется актом с выпиской из журнала событий; акт хранится три года.',
  empty: 'Уничтожений ещё не было.',
  loading: 'Загрузка…',
  loadFailed: 'Не удалось загрузить акты.',
  retry: 'Повторить',
  caption: 'Акты об уничтожении, сначала новые',
  act: 'Акт',
  madeAt: 'Составлен',
  what: 'Уничтожено',
  keepUntil: 'Хранится до',
  number: (id: number) => `№ ${id}`,
  summary: (act: { accounts: number; logins: number; accessAnonymized: number; accessDeleted: number }) =>
    `учётных записей: ${act.accounts}, записей истории входа: ${act.logins}, записей журнала доступа: ` +
    `${act.accessAnonymized + act.accessDeleted}`,
  download: (id: number) => `Скачать акт № ${id}`, // e2e
  downloadFailed: 'Не удалось скачать акт. Попробуйте ещё раз.',
  fileName: (id: number) => `akt-unichtozheniya-pd-${id}.pdf`,
} as const;
