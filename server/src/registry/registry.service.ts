import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type {
  PublicStatementStatus,
  RegistryEntry,
  RegistryFacets,
  RegistryPage,
  RegistryQuery,
  StatementStatusQuery,
} from '#domain/contract.ts';
import { csvLines, toCsv } from '#domain/csv.ts';
import { REGISTRY_FIELDS, REGISTRY_OUTCOME_LABELS } from '#domain/registry.ts';
import { statusLabel } from '#domain/statuses.ts';
import { checkUrl } from '../certificates/certificates.service.ts';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { foldForSearch } from '../db/decision-snapshot.ts';
import { addDays, localDate, periodDayProblem, type WorkingCalendar } from '../deadlines/calendar.ts';
import { loadCalendar } from '../deadlines/deadlines.service.ts';
import { intakeTerm, reviewDeadline, runningTerm } from '../deadlines/term.ts';
import { apiError, fieldError } from '../errors.ts';
import { dayStart } from '../reports/reports.service.ts';
import {
  countRegistry,
  findPublisher,
  findStatusByNumber,
  lastLeftAt,
  listRegistryBatch,
  listRegistryFacets,
  listRegistryPage,
  type RegistryFilter,
  type RegistryRow,
  registryVersion,
} from './registry.repository.ts';

// The public register of decisions, its open data and the status check without logging in (docs/product.md «The
// public register»). Nothing personal leaves here: the rows carry the snapshot's object and company only.

/** The register's settings (config.ts `registry`): the publication delay in working days and the data's licence. */
export interface RegistrySettings {
  delayDays: number;
  licence: string;
}

/** How many rows an export reads at a time: the stream never holds more. */
const EXPORT_BATCH = 500;
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
const MAX_QUERY_LENGTH = 200;

/**
 * The instant before which decisions are published: now without a delay; with one, the start of the day after the
 * last decision day that `delayDays` working days (production calendar) have already followed.
 */
export function publicationCutoff(calendar: WorkingCalendar, now: Date, timeZone: string, delayDays: number): string {
  if (delayDays === 0) return nowIso(new Date(now.getTime() + 1));
  return dayCutoff(calendar, localDate(now, timeZone), timeZone, delayDays);
}

/** The cut-off in force all through the local day `today` (a delay of at least one working day). */
function dayCutoff(calendar: WorkingCalendar, today: string, timeZone: string, delayDays: number): string {
  let day = today;
  while (calendar.addWorkingDays(day, delayDays) > today) day = addDays(day, -1);
  return dayStart(addDays(day, 1), timeZone);
}

/**
 * When a decision taken at `decidedAt` was published: at once without a delay, with one the start of the first day
 * whose cut-off passes it (never later than now's day, as only published decisions are asked about).
 */
export function publishedAt(
  calendar: WorkingCalendar,
  decidedAt: string,
  now: Date,
  timeZone: string,
  delayDays: number,
): string {
  if (delayDays === 0) return decidedAt;
  const today = localDate(now, timeZone);
  let day = localDate(new Date(decidedAt), timeZone);
  while (day < today && dayCutoff(calendar, day, timeZone, delayDays) <= decidedAt) day = addDays(day, 1);
  return dayStart(day, timeZone);
}

async function cutoff(ctx: ServiceContext, settings: RegistrySettings): Promise<string> {
  const calendar = await loadCalendar(ctx.db);
  return publicationCutoff(calendar, ctx.now(), ctx.config.timeZone, settings.delayDays);
}

/** What the published set's validators are made of: its state, and when it last changed. */
interface SetState {
  before: string;
  version: Awaited<ReturnType<typeof registryVersion>>;
  /** The latest publication, correction or departure of an entry. */
  lastModified: string | null;
}

/**
 * The published set's state. It last changed at the latest of: the newest entry's publication (its decision, or the
 * day the delay let it in), a correction, and an entry leaving the register.
 */
async function setState(ctx: ServiceContext, settings: RegistrySettings): Promise<SetState> {
  const calendar = await loadCalendar(ctx.db);
  const now = ctx.now();
  const { timeZone } = ctx.config;
  const before = publicationCutoff(calendar, now, timeZone, settings.delayDays);
  const [version, left] = await Promise.all([registryVersion(ctx.db, before), lastLeftAt(ctx.db)]);
  const published =
    version.decided === null ? null : publishedAt(calendar, version.decided, now, timeZone, settings.delayDays);
  const lastModified =
    [published, version.corrected, left]
      .filter((at): at is string => at !== null)
      .sort()
      .at(-1) ?? null;
  return { before, version, lastModified };
}

function entry(row: RegistryRow, timeZone: string): RegistryEntry {
  return {
    visibleId: row.visible_id,
    decidedAt: localDate(new Date(row.decided_at), timeZone),
    outcome: row.outcome,
    objectName: row.object_name,
    address: row.address,
    cadastralNumber: row.cadastral_number,
    objectCategory: row.category_name,
    workType: row.work_type_name,
    companyName: row.company_name,
    companyInn: row.company_inn,
    checkToken: row.check_token,
  };
}

/** The query's filters, checked: 400 naming the field for a bad day (or one outside PERIOD_YEARS), a reversed range or an overlong search. */
function filterOf(query: RegistryQuery, before: string, timeZone: string): RegistryFilter {
  const filter: RegistryFilter = { before };
  if (query.outcome) filter.outcome = query.outcome;
  if (query.categoryId !== undefined) filter.categoryId = query.categoryId;
  if (query.workTypeId !== undefined) filter.workTypeId = query.workTypeId;
  for (const [field, day, end] of [
    ['from', query.from, 'start'],
    ['to', query.to, 'end'],
  ] as const) {
    const problem = day !== undefined && day !== '' ? periodDayProblem(day, end) : null;
    if (problem) throw fieldError(field, problem);
  }
  if (query.from && query.to && query.to < query.from) {
    throw fieldError('to', 'Дата окончания периода раньше даты начала');
  }
  const starts: string[] = [];
  const ends: string[] = [];
  if (query.year !== undefined) {
    starts.push(`${query.year}-01-01`);
    ends.push(`${query.year + 1}-01-01`);
  }
  if (query.from) starts.push(query.from);
  if (query.to) ends.push(addDays(query.to, 1));
  const start = starts.sort().at(-1);
  const end = ends.sort().at(0);
  if (start) filter.from = dayStart(start, timeZone);
  if (end) filter.to = dayStart(end, timeZone);
  return filter;
}

/** One page of the register (GET /api/public/registry). */
export async function registryPage(
  ctx: ServiceContext,
  settings: RegistrySettings,
  query: RegistryQuery,
): Promise<RegistryPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1) throw fieldError('page', 'Номер страницы — целое число от 1');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw fieldError('pageSize', `На странице — от 1 до ${MAX_PAGE_SIZE} записей`);
  }
  const text = query.query?.trim() ?? '';
  if (text.length > MAX_QUERY_LENGTH) {
    throw fieldError('query', `Строка поиска — не длиннее ${MAX_QUERY_LENGTH} символов`);
  }
  const filter = filterOf(query, await cutoff(ctx, settings), ctx.config.timeZone);
  if (text !== '') filter.search = foldForSearch(text);
  const order = query.sort === 'date_asc' ? 'asc' : 'desc';
  // On SQLite a query holds the event loop while it runs: the page and the count each first let waiting requests in
  // (a crowd of searches never holds a health check or a signed-in page for more than one query).
  await setImmediate();
  const rows = await listRegistryPage(ctx.db, filter, order, pageSize, (page - 1) * pageSize);
  await setImmediate();
  const total = await countRegistry(ctx.db, filter);
  return { items: rows.map((row) => entry(row, ctx.config.timeZone)), total, page, pageSize };
}

/** The register's filters and data passport (GET /api/public/registry/facets). */
export async function registryFacets(ctx: ServiceContext, settings: RegistrySettings): Promise<RegistryFacets> {
  const { before, version, lastModified } = await setState(ctx, settings);
  const [facets, publisher] = await Promise.all([listRegistryFacets(ctx.db, before), findPublisher(ctx.db)]);
  const years: number[] = [];
  if (facets.first && facets.last) {
    const first = Number(localDate(new Date(facets.first), ctx.config.timeZone).slice(0, 4));
    const last = Number(localDate(new Date(facets.last), ctx.config.timeZone).slice(0, 4));
    for (let year = last; year >= first; year--) years.push(year);
  }
  const byName = (a: { name: string | null }, b: { name: string | null }) =>
    (a.name ?? '').localeCompare(b.name ?? '', 'ru');
  const options = (rows: ReadonlyArray<{ id: number | null; name: string | null }>) =>
    [...rows].sort(byName).map((row) => ({ id: Number(row.id), name: row.name ?? '' }));
  return {
    years,
    categories: options(facets.categories),
    workTypes: options(facets.workTypes),
    total: version.count,
    updatedAt: lastModified,
    passport: {
      title: 'Реестр решений комитета по согласованию архитектурно-градостроительного облика',
      publisher: publisher ?? 'Комитет по архитектуре',
      licence: settings.licence,
      delayDays: settings.delayDays,
      updateFrequency:
        settings.delayDays === 0
          ? 'Постоянно: решение появляется в реестре сразу после его принятия'
          : `Ежедневно: решение появляется в реестре через ${settings.delayDays} раб. дн. после его принятия`,
      fields: REGISTRY_FIELDS.map(({ name, title, description }) => ({ name, title, description })),
    },
  };
}

/** The export's validators: an entity tag of the published set's state and the time it last changed. */
export interface ExportValidators {
  etag: string;
  lastModified: string | null;
  before: string;
}

/** The current validators of the published set (one aggregate query). */
export async function exportValidators(ctx: ServiceContext, settings: RegistrySettings): Promise<ExportValidators> {
  const { before, version, lastModified } = await setState(ctx, settings);
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        version.count,
        version.ids,
        version.decided,
        version.corrected,
        version.correction,
        lastModified,
      ]),
    )
    .digest('base64url')
    .slice(0, 27);
  return { etag: `"${hash}"`, lastModified, before };
}

/**
 * Whether a conditional request already holds this state: `If-None-Match` decides when sent (any of its tags, weak
 * or strong), otherwise `If-Modified-Since` (to the second).
 */
export function notModified(
  validators: ExportValidators,
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
): boolean {
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//u, ''))
      .includes(validators.etag);
  }
  if (ifModifiedSince === undefined || validators.lastModified === null) return false;
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since)) return false;
  return Math.floor(Date.parse(validators.lastModified) / 1000) * 1000 <= since;
}

/** Every published entry, newest first, batch by batch. */
async function* entries(ctx: ServiceContext, before: string): AsyncGenerator<RegistryEntry[]> {
  let after: { decidedAt: string; statementId: number } | null = null;
  for (;;) {
    const rows = await listRegistryBatch(ctx.db, before, after, EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows.map((row) => entry(row, ctx.config.timeZone));
    const last = rows.at(-1) as RegistryRow;
    after = { decidedAt: last.decided_at, statementId: last.statement_id };
    if (rows.length < EXPORT_BATCH) return;
  }
}

function csvRow(item: RegistryEntry, publicOrigin: string | null): string[] {
  return [
    String(item.visibleId),
    item.decidedAt,
    REGISTRY_OUTCOME_LABELS[item.outcome],
    item.objectName,
    item.address ?? '',
    item.cadastralNumber ?? '',
    item.objectCategory ?? '',
    item.workType ?? '',
    item.companyName,
    item.companyInn ?? '',
    item.checkToken ? checkUrl(publicOrigin, item.checkToken) : '',
  ];
}

/** The whole register as a CSV stream: BOM and header first, then the rows batch by batch (formulas neutralized). */
export function registryCsv(ctx: ServiceContext, before: string): Readable {
  const header = REGISTRY_FIELDS.map((field) => field.title);
  return Readable.from(
    (async function* () {
      yield toCsv(header, []);
      for await (const batch of entries(ctx, before))
        yield csvLines(batch.map((item) => csvRow(item, ctx.config.publicOrigin)));
    })(),
  );
}

/** The whole register as a JSON array, streamed batch by batch. */
export function registryJson(ctx: ServiceContext, before: string): Readable {
  return Readable.from(
    (async function* () {
      yield '[';
      let first = true;
      for await (const batch of entries(ctx, before)) {
        const text = batch.map((item) => JSON.stringify(item)).join(',\n');
        yield first ? `\n${text}` : `,\n${text}`;
        first = false;
      }
      yield '\n]\n';
    })(),
  );
}

const NOT_FOUND = 'Заявление с таким номером и ИНН не найдено';

/**
 * A statement's status for whoever knows its number and its company's ИНН (POST /api/public/statement-status). A
 * wrong pair and an absent number run the same query and the same calendar load and answer one identical 404; a wrong
 * ИНН for a number that exists is told to `wrongGuess` first (the per-number limits count only those, so rows of the
 * limits exist only for real numbers).
 */
export async function publicStatementStatus(
  ctx: ServiceContext,
  input: StatementStatusQuery,
  wrongGuess: () => Promise<void>,
): Promise<PublicStatementStatus> {
  const inn = input.inn.trim();
  if (!/^(\d{10}|\d{12})$/u.test(inn)) throw fieldError('inn', 'ИНН — 10 или 12 цифр');
  const [found, calendar] = await Promise.all([findStatusByNumber(ctx.db, input.visibleId), loadCalendar(ctx.db)]);
  const row = found?.inn === inn ? found : undefined;
  if (found && !row) await wrongGuess();
  if (!row) throw apiError('not_found', NOT_FOUND);
  const term = intakeTerm(row, ctx.config.intakeTermDays) ?? runningTerm(row);
  const deadline = term ? reviewDeadline(calendar, term, ctx.now(), ctx.config.timeZone) : null;
  return {
    status: row.status,
    statusLabel: statusLabel(row.status, 'company'),
    submittedAt: new Date(row.date_create).toISOString(),
    dueDate: deadline?.dueDate ?? null,
    overdue: deadline !== null && deadline.workingDaysLeft < 0,
  };
}
