// 'Время в статусе' of the examiner's table (docs/product.md «Statuses and transitions»): the time since the last
// status change.
import { parseDate } from '#lib/dates.ts';

/** What a missing or invalid date shows. */
const NO_TIME_IN_STATUS = '—';
/** What a date in the future shows. */
const FUTURE_TIME_IN_STATUS = '00:00:00';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The time from `lastUpdate` to `now` as 'DD HH:MM' (whole days, then hours and minutes, rounded down; days grow past
 * two digits when they must); a future date '00:00:00', a missing or invalid one a dash.
 */
export function timeInStatus(lastUpdate: string | Date | null | undefined, now: Date | number): string {
  const since = parseDate(lastUpdate);
  const at = typeof now === 'number' ? now : now.getTime();
  if (!since || Number.isNaN(at)) return NO_TIME_IN_STATUS;
  const elapsed = at - since.getTime();
  if (elapsed < 0) return FUTURE_TIME_IN_STATUS;
  const days = Math.floor(elapsed / DAY);
  const hours = Math.floor((elapsed % DAY) / HOUR);
  const minutes = Math.floor((elapsed % HOUR) / MINUTE);
  return `${pad(days)} ${pad(hours)}:${pad(minutes)}`;
}

/**
 * The time from `lastUpdate` to `now` in whole hours, as a number a spreadsheet sums and sorts (the exported file's
 * 'Время в статусе (часов)'); a future date 0, a missing or invalid one null.
 */
export function hoursInStatus(lastUpdate: string | Date | null | undefined, now: Date | number): number | null {
  const since = parseDate(lastUpdate);
  const at = typeof now === 'number' ? now : now.getTime();
  if (!since || Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((at - since.getTime()) / HOUR));
}
