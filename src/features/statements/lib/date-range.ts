// The date-range filter of the statement lists (docs/product.md «List filters»): start and end rules, the default
// range, inclusive days.
import { startOfDay } from 'date-fns';
import { dayKey } from '#lib/dates.ts';

/** A range of calendar days (local midnights); null leaves that side open. */
export interface DateRange {
  start: Date | null;
  end: Date | null;
}

/**
 * What the person chose: undefined keeps the default side (earliest or latest loaded date),
 * null is a side they cleared, a date is a day they picked.
 */
export interface RangeChoice {
  start?: Date | null;
  end?: Date | null;
}

const day = (date: Date | null | undefined): Date | null => (date ? startOfDay(date) : null);

/** The default range: the days of the earliest and latest of `dates`, open when there are none. */
export function defaultRange(dates: Iterable<Date>): DateRange {
  let start: Date | null = null;
  let end: Date | null = null;
  for (const date of dates) {
    if (Number.isNaN(date.getTime())) continue;
    if (!start || date < start) start = date;
    if (!end || date > end) end = date;
  }
  return { start: day(start), end: day(end) };
}

/** The range in force: the chosen sides, the default for sides not chosen. */
export function resolveRange(choice: RangeChoice, fallback: DateRange): DateRange {
  return {
    start: choice.start === undefined ? fallback.start : day(choice.start),
    end: choice.end === undefined ? fallback.end : day(choice.end),
  };
}

const sameDay = (a: Date | null, b: Date | null) => (a && b ? dayKey(a) === dayKey(b) : a === b);

/** A new start; a start later than the end moves the end up to it. */
export function chooseStart(choice: RangeChoice, fallback: DateRange, start: Date | null): RangeChoice {
  const current = resolveRange(choice, fallback);
  const next = day(start);
  const end = next && current.end && next > current.end ? next : current.end;
  return { start: next, end: sameDay(end, current.end) ? choice.end : end };
}

/** A new end; an end earlier than the start moves the start down to it. */
export function chooseEnd(choice: RangeChoice, fallback: DateRange, end: Date | null): RangeChoice {
  const current = resolveRange(choice, fallback);
  const next = day(end);
  const start = next && current.start && next < current.start ? next : current.start;
  return { start: sameDay(start, current.start) ? choice.start : start, end: next };
}

/** Bounds of `range` as day keys, open sides infinite: the form the filter compares against. */
export interface DayBounds {
  from: number;
  to: number;
}

/** The day-key bounds of a range. */
export function dayBounds(range: DateRange): DayBounds {
  return {
    from: range.start ? dayKey(range.start) : Number.NEGATIVE_INFINITY,
    to: range.end ? dayKey(range.end) : Number.POSITIVE_INFINITY,
  };
}

/** True when the day lies in the bounds, both ends included; a missing (invalid) day never does. */
export function isDayInBounds(key: number | null, bounds: DayBounds): boolean {
  return key !== null && key >= bounds.from && key <= bounds.to;
}
