// Texts of the examiner's table 'Заявления в работе', exactly as docs/product.md quotes them where it has them.
import { EXAMINER_SIDEBAR_LABELS } from '#domain/statuses.ts';

/** The table's columns, in order (docs/product.md «Statements in work»). */
export const COLUMNS = [
  'ID',
  'Наименование объекта',
  'Компания',
  'Адрес объекта',
  'Категория объекта',
  'Тип работ',
  'Дата подачи',
  'Статус',
  'Срок',
  'Время в статусе',
] as const;

/**
 * The exported file's columns: the table's, with the land plot's cadastral number after the address (too long for a
 * screen column; a committee's register needs it), and the time in status as a number of hours, which the header
 * says (the screen's 'DD HH:MM' is text to a spreadsheet).
 */
export const EXPORT_COLUMNS = [
  ...COLUMNS.slice(0, 4),
  'Кадастровый номер',
  ...COLUMNS.slice(4, -1),
  'Время в статусе (часов)',
] as const;

export const tableTexts = {
  title: 'Заявления в работе',
  loading: 'Загрузка…',
  nothingFound: 'Ничего не найдено',
  loadFailed: 'Не удалось загрузить заявления',
  retry: 'Повторить',
  toolbar: 'Отбор заявлений',
  table: 'Заявления в работе',
  mine: 'Мои заявки',
  newestFirst: 'Сначала новые',
  oldestFirst: 'Сначала старые',
  sortHint: 'Порядок по дате подачи',
  deadlineSortHint: 'Порядок по сроку рассмотрения',
  fewestDaysFirst: 'сначала с наименьшим остатком срока',
  mostDaysFirst: 'сначала с наибольшим остатком срока',
  timeHint: 'Дни, часы и минуты с последней смены статуса',
  overdue: 'Просрочено',
  provisional: 'предварительно',
  export: 'Выгрузить в CSV', // e2e
  exportFailed: 'Не удалось выгрузить заявления',
  /** The ID cell's link names the statement, so a list of them can be told apart. */
  open: (number: string) => `Открыть заявление № ${number}`,
  shown: (count: number) => `Показано заявлений: ${count}`,
  filter: (status: keyof typeof EXAMINER_SIDEBAR_LABELS) => `Мои заявки: ${EXAMINER_SIDEBAR_LABELS[status]}`,
} as const;
