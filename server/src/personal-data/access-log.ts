// The log of reads of personal data (docs/product.md «Personal data»): every read of a person's data by the
// committee's side is appended here (who, when, from which address, what); company users' reads of their own
// company's data are not. Heads read it, filtered, and export it as CSV. Append-only: the database refuses every
// change but the destruction's (migration 20261130T1200).
import type {
  PersonalDataAccessEntry,
  PersonalDataAccessKind,
  PersonalDataAccessPage,
  PersonalDataExportInput,
} from '#domain/contract.ts';
import { toCsv } from '#domain/csv.ts';
import { ACCESS_KIND_LABELS } from '#domain/personal-data.ts';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { addDays } from '../deadlines/calendar.ts';
import { dayStart } from '../reports/reports.service.ts';
import { requireExaminer, requireHead } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import {
  type AccessFilter,
  countAccess,
  insertAccess,
  listAccess,
  listPeople,
  statementIdByNumber,
} from './access-log.repository.ts';

/** Entries on one page of the log. */
export const ACCESS_PAGE_SIZE = 50;

/** One read: what it was about. */
export interface PersonalDataRead {
  kind: PersonalDataAccessKind;
  statementId?: number | null;
  personId?: number | null;
  detail?: string | null;
}

/**
 * Whether a read by `actor` is logged: the committee's side and the reviewing bodies' staff reading what was sent to
 * them (a company reads its own data).
 */
function logged(actor: UserRow): boolean {
  return actor.role === 'examiner' || actor.role === 'reviewer';
}

/** Appends one read by `actor` from `address` (nothing for a company user): one insert. */
export async function recordRead(
  ctx: ServiceContext,
  actor: UserRow,
  address: string,
  read: PersonalDataRead,
): Promise<void> {
  if (!logged(actor)) return;
  await insertAccess(ctx.db, { at: nowIso(ctx.now()), userId: actor.id, userName: actor.fio, address, ...read });
}

/** What the site exports in the browser, as the log names it. */
const EXPORTS: Record<PersonalDataExportInput['what'], string> = {
  statements: 'Таблица заявлений (CSV)',
  report: 'Отчёт о сроках (CSV)',
};

/** Records an export the site makes of the data on the screen (examiners only). */
export async function recordExport(
  ctx: ServiceContext,
  actor: UserRow,
  address: string,
  input: PersonalDataExportInput,
): Promise<void> {
  requireExaminer(actor);
  await recordRead(ctx, actor, address, { kind: 'export', detail: `${EXPORTS[input.what]}, строк: ${input.rows}` });
}

/** The filters a head sets on the log's screen. */
export interface AccessQuery {
  person?: string;
  user?: string;
  statement?: number;
  from?: string;
  to?: string;
}

/** Whether `text` (a name, an e-mail or a phone) holds `part`, case and spacing aside. */
function holds(text: string | null, part: string): boolean {
  return text !== null && text.toLocaleLowerCase('ru').includes(part);
}

/** The query as the repository filters: names resolved to people's ids, days to the committee's instants. */
async function accessFilter(ctx: ServiceContext, query: AccessQuery): Promise<AccessFilter> {
  const filter: AccessFilter = {};
  const person = query.person?.trim().toLocaleLowerCase('ru');
  const user = query.user?.trim().toLocaleLowerCase('ru');
  if (person || user) {
    const people = await listPeople(ctx.db);
    if (person)
      filter.personIds = people.filter((p) => holds(p.fio, person) || holds(p.email, person)).map((p) => p.id);
    if (user) filter.userIds = people.filter((p) => holds(p.fio, user) || holds(p.email, user)).map((p) => p.id);
  }
  if (query.statement !== undefined) filter.statementId = (await statementIdByNumber(ctx.db, query.statement)) ?? -1;
  const zone = ctx.config.timeZone;
  if (query.from) filter.from = dayStart(query.from, zone);
  if (query.to) filter.to = dayStart(addDays(query.to, 1), zone);
  return filter;
}

type Row = Awaited<ReturnType<typeof listAccess>>[number];

function toEntry(row: Row): PersonalDataAccessEntry {
  return {
    id: Number(row.id),
    at: row.at,
    userId: row.user_id,
    userName: row.user_name,
    address: row.address,
    kind: row.kind,
    statementId: row.statement_id,
    statementNumber: row.visible_id,
    personId: row.person_id,
    personName: row.person_name,
    detail: row.detail,
  };
}

/** One page of the log a head filters, newest first (heads only). */
export async function accessLogPage(
  ctx: ServiceContext,
  actor: UserRow,
  query: AccessQuery,
  page: number,
): Promise<PersonalDataAccessPage> {
  requireHead(actor);
  const filter = await accessFilter(ctx, query);
  const [rows, total] = await Promise.all([
    listAccess(ctx.db, filter, (page - 1) * ACCESS_PAGE_SIZE, ACCESS_PAGE_SIZE),
    countAccess(ctx.db, filter),
  ]);
  return { entries: rows.map(toEntry), page, pageSize: ACCESS_PAGE_SIZE, total };
}

const CSV_HEADER = ['Когда', 'Кто', 'Адрес', 'Что', 'Заявление', 'Субъект', 'Подробности'] as const;

/** Every entry a head's filter keeps, as a CSV file (heads only). */
export async function accessLogCsv(ctx: ServiceContext, actor: UserRow, query: AccessQuery): Promise<string> {
  requireHead(actor);
  const rows = await listAccess(ctx.db, await accessFilter(ctx, query), 0, null);
  return toCsv(
    CSV_HEADER,
    rows.map((row) => [
      row.at,
      row.user_name ?? `#${row.user_id ?? ''}`,
      row.address ?? '',
      ACCESS_KIND_LABELS[row.kind],
      row.visible_id === null ? '' : String(row.visible_id),
      row.person_name ?? (row.person_id === null ? '' : `#${row.person_id}`),
      row.detail ?? '',
    ]),
  );
}
