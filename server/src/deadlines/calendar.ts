// The Russian production calendar and the working-day arithmetic of review terms. Pure: no database, no clock.

import { committeeTime } from '#domain/committee-time.ts';

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDate = string;

/** What a decree sets for a year beyond the weekends: non-working weekdays and working weekend days. */
export interface CalendarYear {
  year: number;
  /** Weekdays that are not worked (holidays and the days off moved onto weekdays). */
  nonWorking: readonly IsoDate[];
  /** Saturdays and Sundays that are worked (a day off moved away from them). */
  working: readonly IsoDate[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toUtc(date: IsoDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function fromUtc(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `days` calendar days after `date` (before, when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

export function yearOf(date: IsoDate): number {
  return Number(date.slice(0, 4));
}

/** Saturday or Sunday. */
export function isWeekend(date: IsoDate): boolean {
  const day = new Date(toUtc(date)).getUTCDay();
  return day === 0 || day === 6;
}

/** True for a real calendar day written `YYYY-MM-DD` (no 2026-02-30). */
export function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && fromUtc(toUtc(text)) === text;
}

/** The years a period asked of the portal may name (a register's or a report's): no decision lies outside them. */
export const PERIOD_YEARS = { first: 2000, last: 2100 } as const;

/**
 * Why `day` cannot bound a period, in Russian, or null: it is no calendar day, or lies outside PERIOD_YEARS (a day
 * in year 100 or 9999 would otherwise reach the time zone's arithmetic and fail there).
 */
export function periodDayProblem(day: string, end: 'start' | 'end'): string | null {
  const which = end === 'start' ? 'начала' : 'окончания';
  if (!isIsoDate(day)) return `Укажите дату ${which} периода в виде ГГГГ-ММ-ДД`;
  const year = Number(day.slice(0, 4));
  if (year < PERIOD_YEARS.first || year > PERIOD_YEARS.last) {
    return `Дата ${which} периода должна быть с ${PERIOD_YEARS.first} по ${PERIOD_YEARS.last} год`;
  }
  return null;
}

/** Every day of a year, January 1 first. */
export function daysOfYear(year: number): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = `${year}-01-01`; yearOf(day) === year; day = addDays(day, 1)) days.push(day);
  return days;
}

const MINUTE_MS = 60 * 1000;

/**
 * The zone's offset from UTC at an instant, in milliseconds: the kernel's wall clock there, to the minute, less the
 * instant's own minute (exact: every zone's offset has been whole minutes since 1972).
 */
function offsetAt(ms: number, timeZone: string): number {
  const clock = committeeTime(new Date(ms), timeZone);
  if (!clock) throw new RangeError('Invalid time value');
  const [year, month, day] = clock.day.split('-').map(Number);
  const [hour, minute] = clock.time.split(':').map(Number);
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  return wall - (ms - (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS));
}

/** Per zone and UTC day: the zone's offset throughout that day, or null when it changes during it (DST). */
const dayOffsets = new Map<string, Map<number, number | null>>();

/**
 * The calendar day an instant falls on in a time zone (the committee's: 23:30 in Moscow is still that day). Lists
 * ask this thousands of times, so Intl is asked for the offset only twice per zone and UTC day.
 */
export function localDate(instant: Date, timeZone: string): IsoDate {
  const ms = instant.getTime();
  const day = Math.floor(ms / DAY_MS);
  let zone = dayOffsets.get(timeZone);
  if (!zone || zone.size > 50_000) {
    zone = new Map();
    dayOffsets.set(timeZone, zone);
  }
  let offset = zone.get(day);
  if (offset === undefined) {
    const first = offsetAt(day * DAY_MS, timeZone);
    offset = first === offsetAt((day + 1) * DAY_MS - 1, timeZone) ? first : null;
    zone.set(day, offset);
  }
  return fromUtc(ms + (offset ?? offsetAt(ms, timeZone)));
}

/** The non-working holidays of Labour Code art. 112 part 1 as `MM-DD` (January 1–6 and 8, Christmas, the rest). */
export const FIXED_HOLIDAYS = [
  '01-01',
  '01-02',
  '01-03',
  '01-04',
  '01-05',
  '01-06',
  '01-07',
  '01-08',
  '02-23',
  '03-08',
  '05-01',
  '05-09',
  '06-12',
  '11-04',
] as const;

/**
 * A year no decree has been loaded for, by Labour Code art. 112 alone: its holidays are not worked, and a holiday on
 * a weekend moves the day off to the next working day, except January 1–8 (art. 112 leaves those to the
 * Government's decree, so here they are simply not moved).
 */
export function statutoryYear(year: number): CalendarYear {
  const holidays = new Set(FIXED_HOLIDAYS.map((day) => `${year}-${day}`));
  const nonWorking = new Set<IsoDate>();
  for (const day of [...holidays].sort()) {
    if (!isWeekend(day)) {
      nonWorking.add(day);
      continue;
    }
    if (day.slice(5, 7) === '01') continue;
    let moved = addDays(day, 1);
    while (isWeekend(moved) || holidays.has(moved) || nonWorking.has(moved)) moved = addDays(moved, 1);
    nonWorking.add(moved);
  }
  return { year, nonWorking: [...nonWorking].sort(), working: [] };
}

/**
 * 2026 by ПП РФ от 24.09.2025 № 1466: non-working January 1–11, February 21–23, March 7–9, May 1–3, May 9–11,
 * June 12–14, November 4 and December 31; the weekdays among them, and no worked weekend.
 */
export const CALENDAR_2026: CalendarYear = {
  year: 2026,
  nonWorking: [
    '2026-01-01',
    '2026-01-02',
    '2026-01-05',
    '2026-01-06',
    '2026-01-07',
    '2026-01-08',
    '2026-01-09',
    '2026-02-23',
    '2026-03-09',
    '2026-05-01',
    '2026-05-11',
    '2026-06-12',
    '2026-11-04',
    '2026-12-31',
  ],
  working: [],
};

/** The years the portal ships (an admin may load a year over them). */
export const SHIPPED_YEARS: readonly CalendarYear[] = [CALENDAR_2026];

/** A year's working days as flags by day of the year, with running counts (lists compute thousands of terms). */
interface YearTable {
  /** Epoch day number of January 1. */
  start: number;
  /** 1 for a working day, by day of the year from 0. */
  working: Uint8Array;
  /** `counts[i]`: working days among the first `i` days of the year. */
  counts: Uint32Array;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD`. */
function epochDay(date: IsoDate): number {
  return toUtc(date) / DAY_MS;
}

/**
 * Working days: Monday to Friday except a loaded year's non-working weekdays, plus its working weekend days. A year
 * without data follows Labour Code art. 112 alone and is provisional.
 */
export class WorkingCalendar {
  private readonly loaded = new Map<number, CalendarYear>();
  private readonly tables = new Map<number, YearTable>();

  constructor(years: readonly CalendarYear[]) {
    for (const year of years) this.loaded.set(year.year, year);
  }

  /** True when no decree for this year is known: its working days are provisional. */
  isProvisional(year: number): boolean {
    return !this.loaded.has(year);
  }

  private table(year: number): YearTable {
    let table = this.tables.get(year);
    if (table) return table;
    const data = this.loaded.get(year) ?? statutoryYear(year);
    const nonWorking = new Set(data.nonWorking);
    const worked = new Set(data.working);
    const days = daysOfYear(year);
    const working = new Uint8Array(days.length);
    const counts = new Uint32Array(days.length + 1);
    for (const [index, day] of days.entries()) {
      working[index] = (isWeekend(day) ? worked.has(day) : !nonWorking.has(day)) ? 1 : 0;
      counts[index + 1] = (counts[index] ?? 0) + (working[index] ?? 0);
    }
    table = { start: epochDay(`${year}-01-01`), working, counts };
    this.tables.set(year, table);
    return table;
  }

  /** The table of the year an epoch day falls in, and the day's index in it. */
  private locate(day: number): { table: YearTable; index: number; year: number } {
    const year = new Date(day * DAY_MS).getUTCFullYear();
    const table = this.table(year);
    return { table, index: day - table.start, year };
  }

  isWorkingDay(date: IsoDate): boolean {
    const { table, index } = this.locate(epochDay(date));
    return table.working[index] === 1;
  }

  /** The `n`-th working day strictly after `date` (n ≥ 1). */
  addWorkingDays(date: IsoDate, n: number): IsoDate {
    let day = epochDay(date);
    let { table, index } = this.locate(day);
    for (let left = n; left > 0; ) {
      day++;
      index++;
      if (index >= table.working.length) ({ table, index } = this.locate(day));
      if (table.working[index] === 1) left--;
    }
    return fromUtc(day * DAY_MS);
  }

  /** How many working days `d` there are with `after < d ≤ upTo` (0 when `upTo ≤ after`). */
  workingDaysBetween(after: IsoDate, upTo: IsoDate): number {
    if (upTo <= after) return 0;
    const from = this.locate(epochDay(after));
    const to = this.locate(epochDay(upTo));
    // Working days up to and including a day of its year: counts[index + 1].
    if (from.year === to.year) return (to.table.counts[to.index + 1] ?? 0) - (from.table.counts[from.index + 1] ?? 0);
    let count = (from.table.counts[from.table.working.length] ?? 0) - (from.table.counts[from.index + 1] ?? 0);
    for (let year = from.year + 1; year < to.year; year++) count += this.workingDaysIn(year);
    return count + (to.table.counts[to.index + 1] ?? 0);
  }

  /** True when any day of `from`…`to` lies in a year without data. */
  touchesProvisional(from: IsoDate, to: IsoDate): boolean {
    const [first, last] = from <= to ? [from, to] : [to, from];
    for (let year = yearOf(first); year <= yearOf(last); year++) if (this.isProvisional(year)) return true;
    return false;
  }

  /** The number of working days in a year. */
  workingDaysIn(year: number): number {
    const table = this.table(year);
    return table.counts[table.working.length] ?? 0;
  }
}
