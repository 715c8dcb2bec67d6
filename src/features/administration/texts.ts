// Russian texts of the committee's administration (docs/product.md «Administration»): /instance/admin and its log.
// "e2e" marks the labels browser tests rely on.
import type { AdminCatalogKind, AdminLogAction } from '#domain/contract.ts';
import type { AdminSection } from '#domain/routes.ts';
import { pluralForm } from '#domain/russian.ts';

/** Texts of the page frame, its sections and what every list and dialog of it shares. */
export const adminTexts = {
  pageTitle: 'Администрирование', // e2e
  intro:
    'Данные комитета: эксперты, справочники, шаблоны замечаний, производственный календарь, регистрации организаций и документы о персональных данных. Каждое изменение записывается в журнал.',
  logLink: 'Журнал администрирования', // e2e
  sectionsLabel: 'Разделы администрирования',
  sections: {
    examiners: 'Эксперты',
    catalogs: 'Справочники',
    templates: 'Шаблоны замечаний',
    calendar: 'Производственный календарь',
    registrations: 'Регистрация организаций',
    'personal-data': 'Персональные данные',
    'review-bodies': 'Согласующие органы',
    'personal-data-access': 'Журнал доступа к персональным данным',
    'subject-requests': 'Запросы субъектов персональных данных',
    'destruction-acts': 'Акты об уничтожении персональных данных',
  } satisfies Record<AdminSection, string>,
  refusedTitle: 'Нет доступа', // e2e
  refused: 'Раздел доступен только руководителю отдела.', // e2e
  toStatements: 'К моим заявлениям',
  loading: 'Загрузка…',
  retry: 'Повторить',
  edit: 'Изменить', // e2e
  /** The menu of a row's other actions. */
  more: 'Действия', // e2e
  /** A row's button names its item, so a list of them can be told apart. */
  actionLabel: (action: string, item: string) => `${action}: ${item}`,
  save: 'Сохранить', // e2e
  cancel: 'Отмена',
  confirmTitle: 'Подтверждение',
  actionsColumn: 'Действия',
  retiredTitle: 'Выведены из употребления', // e2e
  retire: 'Вывести из употребления', // e2e
  restore: 'Вернуть', // e2e
  retireQuestion: (name: string) =>
    `Вывести «${name}» из употребления? Его больше не предложат в новых заявлениях, ответах и замечаниях; там, где он уже указан, он останется.`,
  retired: 'Выведено из употребления',
  restored: 'Возвращено в употребление',
  retireFailed: 'Не удалось вывести из употребления',
  restoreFailed: 'Не удалось вернуть в употребление',
  saveFailed: 'Не удалось сохранить изменения',
  added: 'Добавлено',
  saved: 'Изменения сохранены',
  required: 'Заполните поле',
  tooLong: (max: number) => `Не больше ${max} символов`,
} as const;

/** The examiners' section. */
export const examinerTexts = {
  title: 'Эксперты', // e2e
  add: 'Добавить эксперта', // e2e
  addTitle: 'Новый эксперт',
  editTitle: 'Данные эксперта',
  addNote: 'Эксперт сможет войти сразу: код для входа придёт на эту почту.',
  editNote: (email: string) => `Входит по почте ${email}; адрес здесь не меняется.`,
  caption: 'Эксперты комитета',
  empty: 'Экспертов нет',
  loadFailed: 'Не удалось загрузить экспертов',
  fio: 'ФИО', // e2e
  fioField: 'Фамилия Имя Отчество', // e2e
  email: 'E-mail',
  emailField: 'Электронная почта', // e2e
  phone: 'Телефон', // e2e
  phonePlaceholder: '+7 (___) ___-__-__',
  position: 'Должность', // e2e
  role: 'Роль',
  head: 'руководитель', // e2e
  state: 'Состояние',
  active: 'Активен',
  deactivatedTitle: 'Деактивированные', // e2e
  deactivatedOn: (day: string) => `Деактивирован ${day}`,
  created: 'Эксперт добавлен',
  createFailed: 'Не удалось добавить эксперта',
  makeHead: 'Сделать руководителем', // e2e
  makeHeadQuestion: (fio: string) =>
    `Сделать ${fio} руководителем отдела? Руководитель назначает заявления, отвечает на жалобы и администрирует данные комитета.`,
  madeHead: 'Эксперт назначен руководителем',
  unmakeHead: 'Снять роль руководителя', // e2e
  unmakeHeadQuestion: (fio: string) => `Снять с ${fio} роль руководителя отдела?`,
  unmadeHead: 'Роль руководителя снята',
  headFailed: 'Не удалось изменить роль руководителя',
  deactivate: 'Деактивировать', // e2e
  deactivateQuestion: (fio: string) =>
    `Деактивировать эксперта ${fio}? Все его сеансы завершатся сразу, войти он больше не сможет. Его заявления в работе перейдут в очередь руководителя (раздел «Нагрузка») для передачи другому эксперту; история его работы сохранится.`, // e2e
  deactivated: (handedOver: number) =>
    handedOver === 0
      ? 'Эксперт деактивирован'
      : `Эксперт деактивирован, ${handedOver} ${pluralForm(handedOver, ['заявление передано', 'заявления переданы', 'заявлений передано'])} в очередь руководителя`,
  deactivateFailed: 'Не удалось деактивировать эксперта',
  reactivate: 'Восстановить', // e2e
  reactivated: 'Эксперт восстановлен',
  reactivateFailed: 'Не удалось восстановить эксперта',
} as const;

/** The four catalogues of 'Справочники', by the kind the API names them. */
export const catalogTexts = {
  kinds: {
    'object-categories': {
      title: 'Категории объектов',
      add: 'Добавить категорию',
      addTitle: 'Новая категория объектов',
      editTitle: 'Категория объектов',
    },
    'work-types': {
      title: 'Виды работ',
      add: 'Добавить вид работ',
      addTitle: 'Новый вид работ',
      editTitle: 'Вид работ',
    },
    'intake-grounds': {
      title: 'Основания для отказа в приёме',
      add: 'Добавить основание',
      addTitle: 'Новое основание для отказа в приёме',
      editTitle: 'Основание для отказа в приёме',
    },
    'refusal-grounds': {
      title: 'Основания для отказа в согласовании',
      add: 'Добавить основание',
      addTitle: 'Новое основание для отказа в согласовании',
      editTitle: 'Основание для отказа в согласовании',
    },
    'power-codes': {
      title: 'Полномочия по доверенности',
      add: 'Добавить полномочие',
      addTitle: 'Новое полномочие по доверенности',
      editTitle: 'Полномочие по доверенности',
    },
  } satisfies Record<AdminCatalogKind, { title: string; add: string; addTitle: string; editTitle: string }>,
  name: 'Наименование', // e2e
  legalBasis: 'Правовое основание', // e2e
  legalBasisHint: 'Пункт регламента комитета, на который ссылается отказ',
  code: 'Код полномочия', // e2e
  codeHint:
    'Как в классификаторе полномочий ФНС (КодПолн). Доверенность, в которой полномочия заданы только кодами и ни одного из них нет в этом справочнике, отмечается у подписи: «Полномочия не включают подачу документов в комитет».',
  codeRequired: 'Укажите код полномочия',
  usage: 'Используется',
  usageCount: (count: number) =>
    count === 0 ? 'не используется' : `в ${count} ${pluralForm(count, ['заявлении', 'заявлениях', 'заявлениях'])}`,
  empty: 'Записей нет',
  loadFailed: 'Не удалось загрузить справочник',
  created: 'Запись добавлена',
  createFailed: 'Не удалось добавить запись',
} as const;

/** The remark templates' section. */
export const templateTexts = {
  title: 'Шаблоны замечаний', // e2e
  add: 'Добавить шаблон', // e2e
  addTitle: 'Новый шаблон замечания',
  editTitle: 'Шаблон замечания',
  caption: 'Шаблоны замечаний',
  text: 'Текст замечания', // e2e
  severity: 'Вид замечания', // e2e
  workType: 'Вид работ', // e2e
  workTypeHint: 'Шаблон с видом работ предлагается первым в заявлениях этого вида',
  anyWorkType: 'Для всех видов работ',
  /** A retired work type a template still names, in the select. */
  retiredWorkType: (name: string) => `${name} (выведен из употребления)`,
  author: 'Автор',
  empty: 'Шаблонов пока нет',
  loadFailed: 'Не удалось загрузить шаблоны замечаний',
  created: 'Шаблон добавлен',
  createFailed: 'Не удалось добавить шаблон',
} as const;

/** The production calendar's section. */
export const calendarTexts = {
  title: 'Производственный календарь', // e2e
  intro:
    'Сроки считаются в рабочих днях по этому календарю. Год без официальных данных — предварительный: в нём учитываются только выходные и праздники ст. 112 ТК РФ.',
  caption: 'Годы производственного календаря',
  year: 'Год',
  preliminary: 'предварительный', // e2e
  official: 'официальный',
  workingDays: 'Рабочих дней',
  nonWorkingDays: 'Нерабочих дней',
  source: 'Источник',
  sources: {
    shipped: 'поставляется с порталом',
    imported: 'загружен администратором',
    statutory: 'ст. 112 ТК РФ',
  },
  importedAt: (moment: string) => `загружен ${moment}`,
  holidays: 'Нерабочие будние дни',
  workedWeekends: 'Рабочие выходные',
  none: 'нет',
  load: 'Загрузить календарь', // e2e
  loadTitle: (year: number) => `Календарь на ${year} год`, // e2e
  loadIntro:
    'Нужен текстовый файл (.txt) с двумя строками. «нерабочие:» — праздники и перенесённые выходные, выпавшие на будни; «рабочие:» — субботы и воскресенья, в которые работают. Дата пишется как 2027-02-23, период — как 2027-01-01..2027-01-08, через запятую. Например: «нерабочие: 2027-01-01..2027-01-08, 2027-02-23». Перед загрузкой портал покажет, какие дни и сроки изменятся.',
  file: 'Файл календаря', // e2e
  chooseFile: 'Выбрать файл',
  noFile: 'файл не выбран',
  fileRequired: 'Выберите файл календаря',
  fileUnreadable: 'Не удалось прочитать файл',
  check: 'Проверить', // e2e
  checkFailed: 'Не удалось проверить файл календаря',
  previewTitle: 'Что изменится', // e2e
  noChanges: 'Дни не меняются, сроки остаются прежними.',
  daysCaption: 'Дни, которые меняются', // e2e
  day: 'День',
  before: 'Было',
  after: 'Станет',
  dayKinds: { working: 'рабочий', non_working: 'нерабочий' },
  termsCaption: 'Сроки, которые сдвинутся', // e2e
  noTerms: 'Идущие сроки не сдвинутся.',
  statement: 'Заявление',
  term: 'Срок',
  termKinds: { review: 'рассмотрение', intake: 'проверка при приёме' },
  dueBefore: 'Срок был',
  dueAfter: 'Срок станет',
  number: (visibleId: number) => `№ ${visibleId}`,
  unusualTitle: 'Проверьте число рабочих дней', // e2e
  unusualConfirm: (year: number, days: string) => `Да, в ${year} году действительно ${days}`, // e2e
  unusualConfirmRequired: 'Подтвердите, что так и задумано, или выберите другой файл',
  apply: 'Применить', // e2e
  applied: (year: number) => `Календарь на ${year} год загружен`,
  applyFailed: 'Не удалось загрузить календарь',
  loadFailed: 'Не удалось загрузить производственный календарь',
} as const;

/** The administration log (/instance/admin/log). */
export const logTexts = {
  pageTitle: 'Журнал администрирования', // e2e
  back: 'К администрированию',
  caption: 'Изменения данных комитета, новые сверху',
  when: 'Когда', // e2e
  who: 'Кто', // e2e
  what: 'Что', // e2e
  subject: 'Объект',
  empty: 'Изменений пока не было',
  loadFailed: 'Не удалось загрузить журнал',
  pages: 'Страницы журнала',
  newer: 'Новее',
  older: 'Старше',
  pageOf: (page: number, pages: number) => `Страница ${page} из ${pages}`,
  actions: {
    examiner_created: 'Эксперт добавлен',
    examiner_updated: 'Данные эксперта изменены',
    examiner_deactivated: 'Эксперт деактивирован',
    examiner_reactivated: 'Эксперт восстановлен',
    catalog_item_created: 'Запись справочника добавлена',
    catalog_item_updated: 'Запись справочника изменена',
    catalog_item_retired: 'Запись справочника выведена из употребления',
    catalog_item_restored: 'Запись справочника возвращена',
    remark_template_created: 'Шаблон замечания добавлен',
    remark_template_updated: 'Шаблон замечания изменён',
    remark_template_retired: 'Шаблон замечания выведен из употребления',
    remark_template_restored: 'Шаблон замечания возвращён',
    calendar_imported: 'Производственный календарь загружен',
    power_of_attorney_added: 'Доверенность добавлена',
    power_of_attorney_revoked: 'Доверенность отозвана',
    power_of_attorney_registry_checked: 'Доверенность проверена в реестре ФНС',
    registration_confirmed: 'Регистрация организации подтверждена',
    registration_declined: 'В регистрации организации отказано',
    registration_removed: 'Заявка на регистрацию удалена',
    personal_data_published: 'Опубликована новая редакция документа о персональных данных',
    consent_withdrawn: 'Записан отзыв согласия на обработку персональных данных',
    review_body_created: 'Добавлен согласующий орган',
    review_body_updated: 'Изменён согласующий орган',
    review_body_member_added: 'Добавлен участник согласующего органа',
    review_body_member_removed: 'Исключён участник согласующего органа',
  } satisfies Record<AdminLogAction, string>,
} as const;
