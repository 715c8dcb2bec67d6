// The committee's clock: review terms count the committee's calendar days, whatever the reader's or the server's zone.

/**
 * The committee's time zone. The API counts terms in `TZ` (this zone unless the deployment sets another); the site
 * shows history moments in it, marked 'МСК'.
 */
export const COMMITTEE_TIME_ZONE = 'Europe/Moscow';

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The clock of `timeZone` as parts 'YYYY', 'MM', 'DD', 'HH', 'MM' (made once per zone, on first use). */
function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** An instant as the committee's calendar day and clock time, or null when it is no valid instant. */
export function committeeTime(
  at: string | Date,
  timeZone: string = COMMITTEE_TIME_ZONE,
): { day: string; time: string } | null {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of clockFormat(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
