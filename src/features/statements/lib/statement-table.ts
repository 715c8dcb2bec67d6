// The examiner's table 'Заявления в работе' (docs/product.md «Statements in work»): which statements it holds and what
// each cell shows.
import type { StatementListItem } from '#domain/contract.ts';
import { statusLabel } from '#domain/statuses.ts';
import { formatListDate, formatSpreadsheetDate } from '#lib/dates.ts';
import { type DeadlineCell, deadlineCell, deadlineCellText } from '#lib/deadline.ts';
import { type SortOrder, statementsOf } from './list-index.ts';
import { hoursInStatus, timeInStatus } from './time-in-status.ts';

/** What an empty cell shows. */
const EMPTY_CELL = '—';

/** The statements in work of GET /api/instance/all/statements: every status except sent. */
export function statementsInWork(data: unknown): StatementListItem[] {
  return statementsOf(data).filter((statement) => statement.status !== 'sent');
}

/** One row of the table as text, in the order of its columns. */
export interface TableRow {
  id: number;
  /** ID: the registration number everyone quotes. */
  number: string;
  /** Наименование объекта: what the statement is about, the first thing a reader looks for. */
  objectName: string;
  company: string;
  /**
   * Адрес объекта: `name`, which the instance list carries as the address (docs/product.md «Entities»), else `address`.
   */
  address: string;
  /** The land plot's cadastral number: in the exported file, not on screen. */
  cadastralNumber: string;
  category: string;
  workType: string;
  /** Дата подачи in the list format ('5 мая, 2024'). */
  submitted: string;
  status: string;
  statusLabel: string;
  /**
   * Срок: working days left of the running review term, or how far it is over (docs/product.md
   * «Deadlines and history»).
   */
  deadline: DeadlineCell;
  /** Время в статусе ('DD HH:MM'). */
  timeInStatus: string;
}

const cell = (...values: Array<string | null | undefined>): string =>
  values.find((value) => value !== null && value !== undefined && value.trim() !== '') ?? EMPTY_CELL;

/** The cells that do not move with the clock, made once per loaded item (a new list load brings new objects). */
const fixedCells = new WeakMap<StatementListItem, Omit<TableRow, 'timeInStatus'>>();

/** The cells of a statement's row at `now`: instance-view status label, a dash for every empty value. */
export function tableRow(statement: StatementListItem, now: Date | number): TableRow {
  let fixed = fixedCells.get(statement);
  if (!fixed) {
    fixed = {
      id: statement.id,
      number: String(statement.visibleId),
      objectName: cell(statement.title),
      company: cell(statement.companyName),
      address: cell(statement.name, statement.address),
      cadastralNumber: cell(statement.cadastralNumber),
      category: cell(statement.categoryName),
      workType: cell(statement.catalogWorkType),
      submitted: cell(formatListDate(statement.dateCreate)),
      status: statement.status,
      statusLabel: statusLabel(statement.status, 'examiner'),
      deadline: deadlineCell(statement.reviewDeadline),
    };
    fixedCells.set(statement, fixed);
  }
  return { ...fixed, timeInStatus: timeInStatus(statement.lastUpdate, now) };
}

/** The columns the table sorts by. */
export type TableSortKey = 'submitted' | 'deadline';

/** The table's order: a column and its direction (as `aria-sort` names them). */
export interface TableSort {
  key: TableSortKey;
  direction: 'ascending' | 'descending';
}

/** The order the table opens with: by creation date, newest first. */
export const DEFAULT_TABLE_SORT: TableSort = { key: 'submitted', direction: 'descending' };

/**
 * The order after a click on a column's header: the same column turns round; another starts with what matters most
 * (the newest statements, or the fewest working days left).
 */
export function nextSort(current: TableSort, key: TableSortKey): TableSort {
  if (current.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: key === 'submitted' ? 'descending' : 'ascending' };
}

/** The creation-date order the list selection is asked for (a deadline order starts from newest first). */
export function creationOrder(sort: TableSort): SortOrder {
  return sort.key === 'submitted' && sort.direction === 'ascending' ? 'oldest' : 'newest';
}

/**
 * Statements (already in creation order) in the table's order. By deadline: fewest working days left first (the
 * most overdue at the top) or the reverse; statements with no running term always last; ties keep creation order.
 */
export function sortStatements<T extends Pick<StatementListItem, 'reviewDeadline'>>(items: T[], sort: TableSort): T[] {
  if (sort.key !== 'deadline') return items;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const left = (item: T) => item.reviewDeadline?.workingDaysLeft;
  return [...items].sort((a, b) => {
    const [x, y] = [left(a), left(b)];
    if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
    return sign * (x - y);
  });
}

/**
 * A statement's row as the exported file carries it at `now`, in its column order: the screen's cells ('Срок' as one
 * text), but what a spreadsheet should compute with as values it reads so: 'Дата подачи' as a date ('DD.MM.YYYY')
 * and the time in status as whole hours.
 */
export function exportCells(statement: StatementListItem, now: Date | number): string[] {
  const row = tableRow(statement, now);
  const hours = hoursInStatus(statement.lastUpdate, now);
  return [
    row.number,
    row.objectName,
    row.company,
    row.address,
    row.cadastralNumber,
    row.category,
    row.workType,
    formatSpreadsheetDate(statement.dateCreate),
    row.statusLabel,
    deadlineCellText(row.deadline),
    hours === null ? '' : String(hours),
  ];
}

/** The exported file's name on the local day `today`: 'zayavleniya-2026-11-22.csv' (Latin, safe everywhere). */
export function exportFileName(today: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `zayavleniya-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`;
}
