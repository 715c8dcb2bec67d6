import { describe, expect, it } from 'vitest';
import { itMaps } from '#domain/__tests__/table.ts';
import {
  chooseEnd,
  chooseStart,
  type DateRange,
  dayBounds,
  defaultRange,
  isDayInBounds,
  type RangeChoice,
  resolveRange,
} from '../lib/date-range.ts';

const d = (day: number, hour = 0) => new Date(2024, 4, day, hour);
const loaded: DateRange = { start: d(1), end: d(20) };

describe('defaultRange: the earliest and latest loaded days', () => {
  it.each([
    [[], { start: null, end: null }],
    [[d(7, 15)], { start: d(7), end: d(7) }],
    [[d(9, 10), d(2, 23), d(14, 1)], { start: d(2), end: d(14) }],
    [[new Date(Number.NaN), d(3, 8)], { start: d(3), end: d(3) }],
  ])('%j -> %j', (dates, range) => {
    expect(defaultRange(dates)).toEqual(range);
  });
});

describe('resolveRange: chosen sides over the default', () => {
  it.each<[RangeChoice, DateRange]>([
    [{}, loaded],
    [{ start: d(5, 13) }, { start: d(5), end: d(20) }],
    [{ end: null }, { start: d(1), end: null }],
    [
      { start: null, end: d(9) },
      { start: null, end: d(9) },
    ],
  ])('%j', (choice, range) => {
    expect(resolveRange(choice, loaded)).toEqual(range);
  });
});

describe('chooseStart: a start after the end moves the end up', () => {
  it.each<[string, RangeChoice, Date | null, RangeChoice]>([
    ['inside the default range: the end stays default', {}, d(5), { start: d(5), end: undefined }],
    ['after the default end: the end follows', {}, d(25, 18), { start: d(25), end: d(25) }],
    ['after a chosen end: the end follows', { end: d(10) }, d(12), { start: d(12), end: d(12) }],
    ['on the end day: nothing moves', { end: d(10) }, d(10, 17), { start: d(10), end: d(10) }],
    ['with the end cleared: nothing to move', { end: null }, d(30), { start: d(30), end: null }],
    ['cleared', { start: d(5) }, null, { start: null, end: undefined }],
  ])('%s', (_, choice, start, next) => {
    expect(chooseStart(choice, loaded, start)).toEqual(next);
  });
});

describe('chooseEnd: an end before the start moves the start down', () => {
  it.each<[string, RangeChoice, Date | null, RangeChoice]>([
    ['inside the default range: the start stays default', {}, d(15), { start: undefined, end: d(15) }],
    [
      'before the default start',
      {},
      new Date(2024, 3, 28, 9),
      { start: new Date(2024, 3, 28), end: new Date(2024, 3, 28) },
    ],
    ['before a chosen start', { start: d(10) }, d(8), { start: d(8), end: d(8) }],
    ['with the start cleared', { start: null }, d(1), { start: null, end: d(1) }],
    ['cleared', { end: d(15) }, null, { start: undefined, end: null }],
  ])('%s', (_, choice, end, next) => {
    expect(chooseEnd(choice, loaded, end)).toEqual(next);
  });
});

describe('isDayInBounds: calendar days, both ends included, invalid days out', () => {
  const may5to9 = dayBounds({ start: d(5), end: d(9) });
  itMaps('%j in %j -> %s', isDayInBounds, [
    [20240505, may5to9, true],
    [20240509, may5to9, true],
    [20240504, may5to9, false],
    [20240510, may5to9, false],
    [null, may5to9, false],
    [19000101, dayBounds({ start: null, end: null }), true],
    [20240510, dayBounds({ start: d(5), end: null }), true],
    [null, dayBounds({ start: null, end: null }), false],
  ]);
});
