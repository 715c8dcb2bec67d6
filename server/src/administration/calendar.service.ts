import type {
  AdminCalendar,
  CalendarDayChange,
  CalendarImportPreview,
  CalendarImportResult,
  CalendarTermChange,
  CalendarYearInfo,
} from '#domain/contract.ts';
import { unusualYearWarning } from '#domain/production-calendar.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import {
  type CalendarYear,
  daysOfYear,
  localDate,
  SHIPPED_YEARS,
  statutoryYear,
  WorkingCalendar,
} from '../deadlines/calendar.ts';
import { CalendarFileError, parseCalendarFile } from '../deadlines/calendar-file.ts';
import { calendarYears, importedYears, runningTerms, storeCalendarYear } from '../deadlines/deadlines.service.ts';
import { deadlinesAt, intakeTerm, runningTerm } from '../deadlines/term.ts';
import { fieldError } from '../errors.ts';
import { type Actor, inAdminTransaction, recordChange } from './admin-log.ts';

// The production calendar as the administration shows and loads it (docs/product.md «Administration»): the same file
// format and rules as `npm run admin -- calendar-import`, which calls `importCalendarYear` too. Terms are computed from
// the calendar whenever they are shown (the list revision moves with the calendar), so replacing a year is all the
// recomputing there is: a preview says beforehand which running terms' due dates move.

const SHIPPED = new Set(SHIPPED_YEARS.map((year) => year.year));

/** A year of a calendar in the API's shape. */
function yearInfo(
  calendar: WorkingCalendar,
  data: CalendarYear | undefined,
  year: number,
  imported: Map<number, string>,
): CalendarYearInfo {
  const days = data ?? statutoryYear(year);
  const workingDays = calendar.workingDaysIn(year);
  return {
    year,
    preliminary: calendar.isProvisional(year),
    source: imported.has(year) ? 'imported' : SHIPPED.has(year) ? 'shipped' : 'statutory',
    importedAt: imported.get(year) ?? null,
    nonWorking: [...days.nonWorking],
    working: [...days.working],
    workingDays,
    nonWorkingDays: daysOfYear(year).length - workingDays,
  };
}

/**
 * Every year with data, and the current and next year of the committee's time zone in any case (a year without
 * official data is preliminary: Labour Code art. 112 alone), oldest first.
 */
export async function adminCalendar(ctx: ServiceContext): Promise<AdminCalendar> {
  const [years, imported] = await Promise.all([calendarYears(ctx.db), importedYears(ctx.db)]);
  const calendar = new WorkingCalendar(years);
  const byYear = new Map(years.map((year) => [year.year, year]));
  const current = Number(localDate(ctx.now(), ctx.config.timeZone).slice(0, 4));
  const shown = [...new Set([...byYear.keys(), current, current + 1])].sort((a, b) => a - b);
  return { years: shown.map((year) => yearInfo(calendar, byYear.get(year), year, imported)) };
}

/** The year's file read as the CLI reads it; a file that is not one whole valid year is a 400 naming `text`. */
function parsed(year: number, text: string): CalendarYear {
  try {
    return parseCalendarFile(year, text);
  } catch (error) {
    if (error instanceof CalendarFileError) throw fieldError('text', error.message);
    throw error;
  }
}

/** What loading `calendar` over the database's calendar changes: the days that change kind and the moved terms. */
async function changesOf(ctx: ServiceContext, db: Db, calendar: CalendarYear): Promise<CalendarImportPreview> {
  const [years, imported, terms] = await Promise.all([calendarYears(db), importedYears(db), runningTerms(db)]);
  const before = new WorkingCalendar(years);
  const after = new WorkingCalendar([...years.filter((year) => year.year !== calendar.year), calendar]);
  const kind = (working: boolean) => (working ? 'working' : 'non_working');
  const days: CalendarDayChange[] = daysOfYear(calendar.year).flatMap((date) =>
    before.isWorkingDay(date) === after.isWorkingDay(date)
      ? []
      : [{ date, before: kind(before.isWorkingDay(date)), after: kind(after.isWorkingDay(date)) }],
  );
  const now = ctx.now();
  const dueBefore = deadlinesAt(before, now, ctx.config.timeZone);
  const dueAfter = deadlinesAt(after, now, ctx.config.timeZone);
  const moved: CalendarTermChange[] = [];
  for (const row of terms) {
    const running = [
      { kind: 'review' as const, term: runningTerm(row) },
      { kind: 'intake' as const, term: intakeTerm(row, ctx.config.intakeTermDays) },
    ];
    for (const { kind: termKind, term } of running) {
      if (!term) continue;
      const [was, will] = [dueBefore(term).dueDate, dueAfter(term).dueDate];
      if (was === will) continue;
      moved.push({
        statementId: row.id,
        visibleId: row.visible_id,
        objectName: row.object_name,
        status: row.status,
        kind: termKind,
        dueDateBefore: was,
        dueDateAfter: will,
      });
    }
  }
  const byYear = new Map(years.map((year) => [year.year, year]));
  return {
    year: calendar.year,
    before: yearInfo(before, byYear.get(calendar.year), calendar.year, imported),
    after: { ...yearInfo(after, calendar, calendar.year, imported), preliminary: false, source: 'imported' },
    days,
    terms: moved,
  };
}

/** What importing the year's official file would change; changes nothing. */
export async function previewCalendarImport(
  ctx: ServiceContext,
  year: number,
  text: string,
): Promise<CalendarImportPreview> {
  return changesOf(ctx, ctx.db, parsed(year, text));
}

/**
 * Loads a year's official production calendar (the screen and the CLI's calendar-import): the year replaced, with its
 * administration log entry, in one transaction. Every due date shown afterwards, by any API process, follows it. A
 * year of fewer than 200 or more than 300 working days is a 400 naming `confirmUnusualYear` unless the head confirmed
 * it: such a file is almost always wrong, and it would move every running term.
 */
export async function importCalendarYear(
  ctx: ServiceContext,
  actor: Actor,
  year: number,
  text: string,
  confirmUnusualYear = false,
): Promise<CalendarImportResult> {
  const calendar = parsed(year, text);
  const warning = unusualYearWarning(year, new WorkingCalendar([calendar]).workingDaysIn(year));
  if (warning !== null && !confirmUnusualYear) throw fieldError('confirmUnusualYear', warning);
  return inAdminTransaction(ctx, async (trx, at) => {
    const changes = await changesOf(trx, trx.db, calendar);
    await storeCalendarYear(trx.db, calendar, at);
    await recordChange(trx.db, actor, at, 'calendar_imported', `Производственный календарь ${year} года`, {
      year,
      ...(warning === null ? {} : { confirmedUnusual: true, workingDays: changes.after.workingDays }),
      nonWorking: calendar.nonWorking.length,
      working: calendar.working.length,
      daysChanged: changes.days.length,
      termsMoved: changes.terms.length,
      statements: [...new Set(changes.terms.map((term) => term.visibleId))],
    });
    return { year: { ...changes.after, source: 'imported', importedAt: at }, days: changes.days, terms: changes.terms };
  });
}
