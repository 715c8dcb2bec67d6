import { describe, expect, it } from 'vitest';
import { itMaps } from '#domain/__tests__/table.ts';
import { dayKey, formatListDate, formatNotificationDate, parseDate } from '../dates.ts';

describe('parseDate', () => {
  it.each([
    ['2024-05-05T09:00:00', new Date(2024, 4, 5, 9)],
    ['2024-05-05', new Date(2024, 4, 5)],
    ['not a date', null],
    ['', null],
    [null, null],
    [undefined, null],
    [new Date(Number.NaN), null],
  ])('%j -> %j', (value, expected) => {
    expect(parseDate(value)).toEqual(expected);
  });
});

describe('dayKey: the local calendar day', () => {
  itMaps('%s -> %i', dayKey, [
    [new Date(2024, 4, 5, 0, 0), 20240505],
    [new Date(2024, 4, 5, 23, 59, 59), 20240505],
    [new Date(2024, 11, 31, 12), 20241231],
    [new Date(2025, 0, 1), 20250101],
  ]);
});

describe('formatListDate ("d MMMM, yyyy", ru)', () => {
  itMaps('%j -> %j', formatListDate, [
    ['2024-05-05T09:00:00', '5 мая, 2024'],
    ['2024-03-08T00:00:00', '8 марта, 2024'],
    ['2026-12-31T23:59:00', '31 декабря, 2026'],
    ['garbage', ''],
    [null, ''],
  ]);
});

describe('formatNotificationDate ("5 Мая, 2024")', () => {
  itMaps('%j -> %j', formatNotificationDate, [
    ['2024-05-05T09:00:00', '5 Мая, 2024'],
    ['2024-01-21T10:00:00', '21 Января, 2024'],
    ['2024-08-01T10:00:00', '1 Августа, 2024'],
    ['', ''],
  ]);
});
