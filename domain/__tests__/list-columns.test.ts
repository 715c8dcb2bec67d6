import { describe, expect, it } from 'vitest';
import type { StatementListColumns, StatementListItem } from '../contract.ts';
import { decodeListColumns, decodeListColumnsInSlices, encodeListColumns, isListColumns } from '../list-columns.ts';

const item = (id: number, over: Partial<StatementListItem> = {}): StatementListItem => ({
  id,
  visibleId: id,
  status: 'sent',
  dateCreate: '2026-11-20T10:00:00.000Z',
  lastUpdate: '2026-11-21T10:00:00.000Z',
  cipher: `АР-${id}`,
  title: 'Школа',
  name: 'ул. Садовая, д. 1',
  address: 'ул. Садовая, д. 1',
  cadastralNumber: null,
  categoryName: 'Общественное здание',
  catalogWorkType: null,
  examinerId: null,
  companyName: 'ООО «СтройПроект»',
  externalNumber: null,
  governmentAgencyName: null,
  reviewDeadline: null,
  intakeDeadline: null,
  ...over,
});

const roundTrip = (items: StatementListItem[]) =>
  decodeListColumns(JSON.parse(JSON.stringify(encodeListColumns(items))) as StatementListColumns);

describe('list columns', () => {
  it('give back the very items, in order: repeats, nulls, a field equal to the one before, deadlines, remarks', () => {
    const items = [
      item(9, {
        dateCreate: '2026-11-26T20:17:22.383Z',
        status: 'under_review',
        examinerId: 5,
        openRequiredRemarks: 2,
      }),
      item(7, {
        address: 'Московское ш., д. 77',
        reviewDeadline: { dueDate: '2026-12-10', workingDaysLeft: 9, provisional: false },
      }),
      item(8, {
        name: null,
        address: null,
        intakeDeadline: { dueDate: '2026-12-01', workingDaysLeft: -1, provisional: true },
      }),
      item(3, { visibleId: 1003, title: 'Парковка', externalNumber: 'ВХ-3', governmentAgencyName: 'Комитет' }),
      item(2, { title: 'Школа', companyName: 'ИП Фёдоров', dateCreate: '2025-01-01T00:00:00.000Z' }),
      item(1, { title: 'Парковка', companyName: 'ООО «СтройПроект»', cadastralNumber: '52:18:0000000:1' }),
    ];
    expect(roundTrip(items)).toEqual(items);
  });

  it('keep a date that toISOString would not write back as it came', () => {
    const items = [
      item(2, { dateCreate: '2026-11-20T13:00:00+03:00', lastUpdate: '2026-11-20T10:00:00Z' }),
      item(1, { dateCreate: '2026-11-19T10:00:00.500Z' }),
    ];
    expect(roundTrip(items)).toEqual(items);
  });

  it('send each repeated text once', () => {
    const items = Array.from({ length: 50 }, (_, i) => item(50 - i));
    const columns = encodeListColumns(items);
    const title = columns.text.find((text) => text.field === 'title');
    expect(title?.values).toEqual(['Школа']);
    expect(columns.text.find((text) => text.field === 'address')?.values).toEqual([]);
    expect(roundTrip(items)).toEqual(items);
  });

  it("carry the committee's 'Ожидает подписи' mark as the positions of its rows, and nothing when none has it", () => {
    const items = [
      item(3),
      item(2, { awaitingSignature: true }),
      item(1, { status: 'under_review', awaitingSignature: true }),
    ];
    expect(encodeListColumns(items).awaitingSignature).toEqual([1, 2]);
    expect(roundTrip(items)).toEqual(items);
    expect(encodeListColumns([item(1)])).not.toHaveProperty('awaitingSignature');
  });

  it('hold an empty list', () => {
    expect(roundTrip([])).toEqual([]);
  });

  it('are told from the array and from a delta', () => {
    expect(isListColumns(encodeListColumns([item(1)]))).toBe(true);
    expect(isListColumns([item(1)])).toBe(false);
    expect(isListColumns({ revision: 'r', changed: [], removed: [] })).toBe(false);
  });

  it('refuse columns that do not fit together', () => {
    const columns = encodeListColumns([item(2), item(1)]);
    expect(() => decodeListColumns({ ...columns, id: [2] })).toThrow();
    const broken = {
      ...columns,
      text: columns.text.map((text) => (text.field === 'cipher' ? { ...text, values: [] } : text)),
    };
    expect(() => decodeListColumns(broken)).toThrow();
    expect(() => decodeListColumns({ ...columns, text: columns.text.slice(1) })).toThrow();
  });
  it('unpack a slice of rows at a time, pausing between slices, into the same items', () => {
    const items = Array.from({ length: 7 }, (_, i) => item(100 - i, { dateCreate: `2026-11-2${i}T10:00:00.000Z` }));
    const columns = JSON.parse(JSON.stringify(encodeListColumns(items))) as StatementListColumns;
    const steps = decodeListColumnsInSlices(columns, 3);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    // 7 rows in slices of 3: a pause after the first 3 and after the next 3.
    expect(pauses).toBe(2);
    expect(step.value).toEqual(items);
    expect(decodeListColumns(columns)).toEqual(items);
  });
});
