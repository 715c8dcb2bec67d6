// The examiner's table 'Заявления в работе' (spec §2 'Instance lists'): which statements it holds and what each cell shows.
import type { Statement } from './api/types.ts';
import { formatListDate } from './dates.ts';
import { statusLabel } from './statuses.ts';
import { timeInStatus } from './time-in-status.ts';

/** What an empty cell shows. */
export const EMPTY_CELL = '—';

/** The statements of a list response; a body that is not an array is none (spec §7). */
export function statementsOf(data: unknown): Statement[] {
  return Array.isArray(data) ? (data as Statement[]) : [];
}

/** The statements in work of GET /api/instance/all/statements: every status except sent (spec §2, DESIGN). */
export function statementsInWork(data: unknown): Statement[] {
  return statementsOf(data).filter((statement) => statement.status !== 'sent');
}

/** One row of the table as text, in the order of its columns. */
export interface TableRow {
  id: number;
  /** ID: the registration number everyone quotes. */
  number: string;
  company: string;
  /** Адрес объекта: `name`, which the instance list carries as the address (spec §3), else `address`. */
  address: string;
  category: string;
  workType: string;
  /** Дата подачи in the list format ('5 мая, 2024'). */
  submitted: string;
  status: string;
  statusLabel: string;
  /** Время в статусе ('DD HH:MM', spec §4). */
  timeInStatus: string;
}

const cell = (...values: Array<string | null | undefined>): string =>
  values.find((value) => value !== null && value !== undefined && value.trim() !== '') ?? EMPTY_CELL;

/** The cells of a statement's row at `now`: instance-view status label, a dash for every empty value. */
export function tableRow(statement: Statement, now: Date | number): TableRow {
  return {
    id: statement.id,
    number: String(statement.visibleId),
    company: cell(statement.companyName),
    address: cell(statement.name, statement.address),
    category: cell(statement.categoryName),
    workType: cell(statement.catalogWorkType),
    submitted: cell(formatListDate(statement.dateCreate)),
    status: statement.status,
    statusLabel: statusLabel(statement.status, 'instance'),
    timeInStatus: timeInStatus(statement.lastUpdate, now),
  };
}
