import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { indexRange, indexStatements, type ListQuery, rowSize, selectStatements } from '../lib/list-index.ts';

const items = [
  { id: 1, status: 'sent', dateCreate: '2024-05-01T10:00:00', title: 'Жилой дом' },
  { id: 2, status: 'approved', dateCreate: '2024-05-03T23:30:00', title: 'Школа' },
  { id: 3, status: 'sent', dateCreate: '2024-05-03T08:00:00', title: 'Школа искусств' },
  { id: 4, status: 'rejected', dateCreate: 'not a date', title: 'Школа без даты' },
  { id: 5, status: 'has_comments', dateCreate: '2024-05-07T00:00:00', title: 'Поликлиника' },
  { id: 6, status: 'sent', dateCreate: '2024-05-07T00:00:00', title: 'Склад' },
];
const index = indexStatements(items);
const all: ListQuery = { status: 'all', range: { start: null, end: null }, search: '', order: 'newest' };
const ids = (query: Partial<ListQuery>) => selectStatements(index, { ...all, ...query }).map((item) => item.id);
const may = (day: number) => new Date(2024, 4, day);

describe('indexStatements', () => {
  it('leaves out invalid dates and orders newest first, equal dates by id', () => {
    expect(index.map((entry) => entry.item.id)).toEqual([6, 5, 2, 3, 1]);
    expect(index[0]).toMatchObject({ key: 'склад\u00006', day: 20240507 });
  });

  it('gives the default range of the loaded days', () => {
    expect(indexRange(index)).toEqual({ start: may(1), end: may(7) });
    expect(indexRange([])).toEqual({ start: null, end: null });
  });
});

describe('selectStatements', () => {
  it.each<[string, Partial<ListQuery>, number[]]>([
    ['everything, newest first (the default)', {}, [6, 5, 2, 3, 1]],
    ['oldest first', { order: 'oldest' }, [1, 3, 2, 5, 6]],
    ['by status', { status: 'sent' }, [6, 3, 1]],
    ['a status with none', { status: 'under_review' }, []],
    ['one day, whatever the hour', { range: { start: may(3), end: may(3) } }, [2, 3]],
    ['from a day on', { range: { start: may(3), end: null } }, [6, 5, 2, 3]],
    ['up to a day', { range: { start: null, end: may(3) } }, [2, 3, 1]],
    ['search', { search: 'ШКОЛА' }, [2, 3]],
    ['search finds nothing', { search: 'вокзал' }, []],
    ['all together', { status: 'sent', search: 'школ', range: { start: may(2), end: may(7) }, order: 'oldest' }, [3]],
  ])('%s', (_, query, expected) => {
    expect(ids(query)).toEqual(expected);
  });

  it('finds in 10,000 statements what a plain scan finds (speed is measured by npm run bench, not here)', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      status: i % 2 ? 'sent' : 'approved',
      dateCreate: new Date(2024, 0, 1 + (i % 365), i % 24).toISOString(),
      title: `Объект ${i}`,
      cipher: `СП-${i}`,
    }));
    const found = selectStatements(indexStatements(many), { ...all, search: 'объект 99', status: 'approved' });
    const scanned = many.filter((s) => s.status === 'approved' && s.title.toLowerCase().includes('объект 99'));
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((s) => s.id).sort((a, b) => a - b)).toEqual(scanned.map((s) => s.id));
  });
});

describe('rowSize: what the virtualised lists record of a row', () => {
  const instance = {
    itemSizeCache: new Map<number, number>([[42, 93]]),
    indexFromElement: (element: Element) => Number(element.getAttribute('data-index')),
    options: { getItemKey: (index: number) => [41, 42][index] ?? index, estimateSize: () => 70 },
  } as unknown as Virtualizer<Element, Element>;
  /** A row that fails the test if its layout is read. */
  const row = (index: number) =>
    ({
      getAttribute: () => String(index),
      get offsetHeight(): number {
        throw new Error('forced layout');
      },
    }) as unknown as Element;

  it('takes the size from the ResizeObserver entry', () => {
    const entry = { borderBoxSize: [{ blockSize: 114.6, inlineSize: 900 }] } as unknown as ResizeObserverEntry;
    expect(rowSize(row(0), entry, instance)).toBe(115);
  });

  it('never reads the layout when a row is mounted: its known size, else the estimate', () => {
    expect(rowSize(row(1), undefined, instance)).toBe(93);
    expect(rowSize(row(0), undefined, instance)).toBe(70);
  });
});
