// Russian texts of the create-statement screen (docs/product.md); the labels marked "e2e" are relied on by browser
// tests.

/** Texts of /statement/create. */
export const createTexts = {
  pageTitle: 'Новое заявление',
  back: 'Назад', // e2e
  intro: 'Заполните сведения об объекте и приложите проектную документацию. Поля без пометки обязательны.',
  /** Instead of the form, while the company's registration waits (docs/product.md «Registration»). */
  pending: 'Организация ещё не подтверждена комитетом',
  pendingHint:
    'Подать заявление можно будет после подтверждения регистрации: комитетом или сразу — подписью руководителя на ' +
    'странице «Моя компания». Там же заполните данные организации; сотрудников можно добавить уже сейчас.',
  pendingLink: 'Моя компания',
  optional: '(необязательно)',
  cipher: 'Шифр проекта', // e2e
  cipherHint: 'Например, СП-2026-014',
  objectName: 'Наименование объекта', // e2e
  address: 'Адрес объекта', // e2e
  cadastralNumber: 'Кадастровый номер земельного участка', // e2e
  cadastralNumberHint: 'Например, 77:01:0001001:1234',
  category: 'Категория объекта', // e2e
  workType: 'Тип работ', // e2e
  choose: 'Выберите из списка',
  catalogLoading: 'Загрузка…',
  documents: 'Документы', // e2e
  comment: 'Комментарий', // e2e
  submit: 'Создать заявление', // e2e
  created: 'Заявление создано',
  createFailed: 'Не удалось создать заявление',
  /** The product reuses this text for a failed category catalogue. */
  categoriesFailed: 'Не удалось загрузить сотрудников',
  workTypesFailed: 'Не удалось загрузить типы работ',
  waitForUploads: 'Дождитесь окончания загрузки файлов',
  /** The confirmation on the list after filing (docs/product.md «Create statement»). */
  filedTitle: (visibleId: number) => `Заявление № ${visibleId} зарегистрировано`, // e2e
  filedNextTitle: 'Что дальше',
  filedNext: [
    'Комитет проверит, все ли документы приложены. Если чего-то не хватает, он откажет в приёме и назовёт основания — тогда подайте заявление заново.',
    'Затем эксперт рассмотрит документы и ответит: согласует, откажет или вернёт на доработку с замечаниями.',
    'О каждом ответе комитета вы узнаете из уведомлений (кнопка с колокольчиком на этой странице) и на странице заявления.',
  ],
  filedOpen: 'Открыть заявление', // e2e
  filedHide: 'Скрыть', // e2e
} as const;
