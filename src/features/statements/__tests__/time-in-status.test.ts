import { describe, expect, it } from 'vitest';
import { timeInStatus } from '../lib/time-in-status.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('timeInStatus: days and HH:MM since the last status change', () => {
  it.each<[string, string | Date | null | undefined, string]>([
    ['this very moment', '2026-11-22T12:00:00Z', '00 00:00'],
    ['under a minute, rounded down', '2026-11-22T11:59:01Z', '00 00:00'],
    ['minutes', '2026-11-22T11:53:00Z', '00 00:07'],
    ['hours and minutes', '2026-11-22T02:15:30Z', '00 09:44'],
    ['one day exactly', '2026-11-21T12:00:00Z', '01 00:00'],
    ['days, hours and minutes', '2026-11-19T08:30:00Z', '03 03:30'],
    ['a Date object', new Date('2026-11-12T11:00:00Z'), '10 01:00'],
    ['more than 99 days', '2026-01-01T12:00:00Z', '325 00:00'],
    ['across a DST-free offset', '2026-11-22T14:00:00+03:00', '00 01:00'],
    ['a minute in the future', '2026-11-22T12:01:00Z', '00:00:00'],
    ['a year in the future', '2027-11-22T12:00:00Z', '00:00:00'],
    ['missing (null)', null, '—'],
    ['missing (undefined)', undefined, '—'],
    ['empty', '', '—'],
    ['not a date', 'вчера', '—'],
    ['an impossible date', '2026-02-30T10:00:00Z', '—'],
  ])('%s', (_, lastUpdate, expected) => {
    expect(timeInStatus(lastUpdate, now)).toBe(expected);
  });

  it('takes now as a timestamp too, and shows a dash for an invalid now', () => {
    expect(timeInStatus('2026-11-22T11:00:00Z', now.getTime())).toBe('00 01:00');
    expect(timeInStatus('2026-11-22T11:00:00Z', Number.NaN)).toBe('—');
  });
});
