// The Russian production calendar and the working-day arithmetic of review terms. Pure: no database, no clock.

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

/** Every day of a year, January 1 first. */
export function daysOfYear(year: number): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = `${year}-01-01`; yearOf(day) === year; day = addDays(day, 1)) days.push(day);
  return days;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in a time zone (the committee's: 23:30 in Moscow is still that day). */
export function localDate(instant: Date, timeZone: string): IsoDate {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
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

/**
 * Working days: Monday to Friday except a loaded year's non-working weekdays, plus its working weekend days. A year
 * without data follows Labour Code art. 112 alone and is provisional.
 */
export class WorkingCalendar {
  private readonly loaded = new Map<number, { nonWorking: Set<IsoDate>; working: Set<IsoDate> }>();
  private readonly statutory = new Map<number, Set<IsoDate>>();

  constructor(years: readonly CalendarYear[]) {
    for (const year of years) {
      this.loaded.set(year.year, { nonWorking: new Set(year.nonWorking), working: new Set(year.working) });
    }
  }

  /** True when no decree for this year is known: its working days are provisional. */
  isProvisional(year: number): boolean {
    return !this.loaded.has(year);
  }

  isWorkingDay(date: IsoDate): boolean {
    const year = yearOf(date);
    const loaded = this.loaded.get(year);
    if (loaded) return isWeekend(date) ? loaded.working.has(date) : !loaded.nonWorking.has(date);
    let statutory = this.statutory.get(year);
    if (!statutory) {
      statutory = new Set(statutoryYear(year).nonWorking);
      this.statutory.set(year, statutory);
    }
    return !isWeekend(date) && !statutory.has(date);
  }

  /** The `n`-th working day strictly after `date` (n ≥ 1). */
  addWorkingDays(date: IsoDate, n: number): IsoDate {
    let day = date;
    for (let left = n; left > 0; ) {
      day = addDays(day, 1);
      if (this.isWorkingDay(day)) left--;
    }
    return day;
  }

  /** How many working days `d` there are with `after < d ≤ upTo` (0 when `upTo ≤ after`). */
  workingDaysBetween(after: IsoDate, upTo: IsoDate): number {
    let count = 0;
    for (let day = addDays(after, 1); day <= upTo; day = addDays(day, 1)) if (this.isWorkingDay(day)) count++;
    return count;
  }

  /** True when any day of `from`…`to` lies in a year without data. */
  touchesProvisional(from: IsoDate, to: IsoDate): boolean {
    const [first, last] = from <= to ? [from, to] : [to, from];
    for (let year = yearOf(first); year <= yearOf(last); year++) if (this.isProvisional(year)) return true;
    return false;
  }

  /** The number of working days in a year. */
  workingDaysIn(year: number): number {
    return daysOfYear(year).filter((day) => this.isWorkingDay(day)).length;
  }
}
