import { describe, expect, it } from 'vitest';
import { formatDay, formatNumericDay, formatShortDay, orDash, workingDays } from '../russian.ts';
import { itMaps } from './table.ts';

describe('workingDays: the Russian plural of product texts', () => {
  itMaps('%i', workingDays, [
    [1, '1 рабочий день'],
    [2, '2 рабочих дня'],
    [3, '3 рабочих дня'],
    [4, '4 рабочих дня'],
    [5, '5 рабочих дней'],
    [10, '10 рабочих дней'],
    [11, '11 рабочих дней'],
    [12, '12 рабочих дней'],
    [14, '14 рабочих дней'],
    [21, '21 рабочий день'],
    [22, '22 рабочих дня'],
    [25, '25 рабочих дней'],
    [101, '101 рабочий день'],
    [111, '111 рабочих дней'],
  ]);
});

describe('formatDay: calendar days in the genitive', () => {
  itMaps('formatDay(%s)', formatDay, [
    ['2026-12-04', '4 декабря 2026 г.'],
    ['2027-01-11', '11 января 2027 г.'],
    ['2026-05-01', '1 мая 2026 г.'],
    ['2026-03-31', '31 марта 2026 г.'],
    ['2026-02-30', '2026-02-30'],
    ['вчера', 'вчера'],
  ]);
});

describe('short and numeric days', () => {
  it.each<[string, string, string]>([
    ['2026-12-04', '4 декабря', '04.12.2026'],
    ['2027-01-11', '11 января', '11.01.2027'],
    ['2026-02-30', '2026-02-30', '2026-02-30'],
  ])('%s', (value, short, numeric) => {
    expect(formatShortDay(value)).toBe(short);
    expect(formatNumericDay(value)).toBe(numeric);
  });
});

describe('orDash: a missing value reads as a dash', () => {
  itMaps('orDash(%j) is %j', orDash, [
    [null, '—'],
    [undefined, '—'],
    ['', '—'],
    ['   ', '—'],
    [' Школа ', 'Школа'],
    [42, '42'],
  ]);
});
