import type { DecisionOutcome } from '../stores/registry-query.ts';

/** Texts of the public register of decisions (/registry) and the status check (/status). */
export const registryTexts = {
  caption: 'Решения комитета',
  number: 'Номер',
  numberValue: (visibleId: string | number) => `№ ${visibleId}`,
  decidedAt: 'Дата решения',
  outcome: 'Решение',
  outcomes: {
    approved: 'Согласовано',
    rejected: 'Отказано',
    not_accepted: 'Отказано в приёме',
  } satisfies Record<DecisionOutcome, string>,
  object: 'Объект',
  objectName: 'Наименование объекта',
  address: 'Адрес',
  cadastralNumber: 'Кадастровый номер',
  category: 'Категория объекта',
  workType: 'Вид работ',
  company: 'Заявитель',
  companyInn: 'ИНН',
  certificate: 'Свидетельство',
  checkCertificate: 'Проверить свидетельство',
  checkCertificateOf: (visibleId: string | number) => `Проверить свидетельство № ${visibleId}`,
  dash: '—',
  search: 'Поиск',
  searchRegion: 'Поиск и фильтры реестра',
  searchHint: 'Номер, адрес, кадастровый номер, заявитель или ИНН',
  find: 'Найти',
  filters: 'Фильтры',
  anyOutcome: 'Все решения',
  year: 'Год',
  anyYear: 'Все годы',
  anyCategory: 'Все категории',
  anyWorkType: 'Все виды работ',
  sort: 'Сортировка',
  newestFirst: 'Сначала новые',
  oldestFirst: 'Сначала старые',
  found: (total: number) => `Найдено: ${total}`,
  loading: 'Загружаем решения…',
  empty: 'Решений не найдено',
  emptyHint: 'Измените запрос или сбросьте фильтры.',
  emptyRegister: 'В реестре пока нет решений.',
  failed: 'Не удалось загрузить реестр. Проверьте подключение и попробуйте ещё раз.',
  tooMany: 'Слишком много запросов с вашего адреса. Подождите минуту и попробуйте ещё раз.',
  retry: 'Повторить',
  /** A part of the page whose code did not load (offline, or a deploy replaced it). */
  partFailed: 'Не удалось загрузить часть страницы. Проверьте подключение и попробуйте ещё раз.',
  paging: 'Страницы реестра',
  previous: 'Предыдущая',
  next: 'Следующая',
  pageOf: (page: number, pages: number) => `Страница ${page} из ${pages}`,
} as const;

/** Texts of the register's page around its island (the page's HTML, no JavaScript). */
export const registryPageTexts = {
  pageTitle: 'Реестр решений',
  heading: 'Реестр решений',
  intro:
    'Решения комитета по заявлениям о согласовании архитектурно-градостроительного решения: согласования, отказы и отказы в приёме документов.',
  statusLink: 'Проверить статус заявления',
  /** The links to the public pages under the login form and the certificate check. */
  publicPages: 'Без входа на портал',
} as const;
