import { describe, expect, it } from 'vitest';
import type { Statement } from '#domain/contract.ts';
import { statementItem } from '../../../test-support/statements.ts';
import { EXPORT_COLUMNS } from '../components/table/texts.ts';
import { statementsOf } from '../lib/list-index.ts';
import {
  creationOrder,
  DEFAULT_TABLE_SORT,
  exportCells,
  nextSort,
  sortStatements,
  statementsInWork,
  type TableSort,
  tableRow,
} from '../lib/statement-table.ts';

const statement = statementItem({
  id: 7,
  visibleId: 1042,
  status: 'under_review',
  dateCreate: '2026-05-05T09:00:00.000Z',
  lastUpdate: '2026-11-20T09:30:00.000Z',
  cipher: 'СП-2026-011',
  title: 'Школа на 550 мест',
  name: 'пр. Мира, 45',
  address: 'пр. Мира, 45',
  cadastralNumber: '77:01:0001001:1234',
  categoryObject: 'education',
  categoryName: 'Объект образования',
  examinerId: 3,
});
const now = new Date('2026-11-22T12:00:00.000Z');
const of = (status: string, id = 1) => ({ ...statement, id, status }) as Statement;

describe('the statements a table holds', () => {
  it.each<[string, unknown, number[]]>([
    [
      'every status but sent',
      [of('sent', 1), of('under_review', 2), of('has_comments', 3), of('approved', 4), of('rejected', 5)],
      [2, 3, 4, 5],
    ],
    ['an unknown status stays (it shows as unknown)', [of('archived', 6)], [6]],
    ['a body that is not an array is none', { items: [] }, []],
    ['null is none', null, []],
  ])('%s', (_, data, ids) => {
    expect(statementsInWork(data).map((item) => item.id)).toEqual(ids);
  });

  it('keeps everything of the examiner’s own list, and nothing of a non-array', () => {
    expect(statementsOf([of('sent'), of('approved', 2)])).toHaveLength(2);
    expect(statementsOf('oops')).toEqual([]);
  });
});

describe('tableRow: the table cells, status in the examiner view', () => {
  it('formats an item once but counts its time in status to each `now`', () => {
    const item = { ...statement };
    const first = tableRow(item, now);
    const later = tableRow(item, new Date(now.getTime() + 61 * 60_000));
    expect(later).toEqual({ ...first, timeInStatus: '02 03:31' });
    // A reloaded list brings new objects: their cells are their own.
    expect(tableRow({ ...item, companyName: 'ООО «Другая»' }, now).company).toBe('ООО «Другая»');
  });

  it('fills every column', () => {
    expect(tableRow(statement, now)).toEqual({
      id: 7,
      number: '1042',
      objectName: 'Школа на 550 мест',
      company: 'ООО «СтройПроект»',
      address: 'пр. Мира, 45',
      cadastralNumber: '77:01:0001001:1234',
      category: 'Объект образования',
      workType: 'Новое строительство',
      submitted: '5 мая, 2026',
      status: 'under_review',
      statusLabel: 'На рассмотрении',
      deadline: { text: '—', date: '', overdue: false, provisional: false },
      timeInStatus: '02 02:30',
    });
  });

  it.each<[string, Partial<Statement>, Partial<ReturnType<typeof tableRow>>]>([
    [
      'the address from `address` when `name` is empty',
      { name: null, address: 'ул. Садовая, 3' },
      { address: 'ул. Садовая, 3' },
    ],
    [
      'a dash for every empty value',
      { name: ' ', address: null, cadastralNumber: null, categoryName: null, catalogWorkType: '', companyName: '' },
      { address: '—', cadastralNumber: '—', category: '—', workType: '—', company: '—' },
    ],
    ['a dash for an invalid creation date', { dateCreate: 'never' }, { submitted: '—' }],
    ['a dash for an invalid last update', { lastUpdate: 'never' }, { timeInStatus: '—' }],
    [
      '00:00:00 for a last update in the future',
      { lastUpdate: '2026-11-23T00:00:00.000Z' },
      { timeInStatus: '00:00:00' },
    ],
    ['sent reads as new', { status: 'sent' }, { statusLabel: 'Новое' }],
    ['has_comments reads as needing rework', { status: 'has_comments' }, { statusLabel: 'На доработке' }],
    ['approved', { status: 'approved' }, { statusLabel: 'Согласовано' }],
    ['rejected', { status: 'rejected' }, { statusLabel: 'Отклонено' }],
    [
      'the days left of a running term',
      { reviewDeadline: { dueDate: '2026-12-04', workingDaysLeft: 3, provisional: false } },
      { deadline: { text: '3 раб. дн.', date: 'до 04.12.2026', overdue: false, provisional: false } },
    ],
    [
      'a term that is over, marked overdue',
      { reviewDeadline: { dueDate: '2026-11-18', workingDaysLeft: -2, provisional: false } },
      {
        deadline: {
          text: 'Просрочено на 2 раб. дн.',
          date: 'до 18.11.2026',
          overdue: true,
          provisional: false,
        },
      },
    ],
    [
      'anything else reads as unknown',
      { status: 'archived' as Statement['status'] },
      { statusLabel: 'Неизвестный статус' },
    ],
  ])('%s', (_, change, cells) => {
    expect(tableRow({ ...statement, ...change }, now)).toMatchObject(cells);
  });
});

describe('the table’s order: creation date or deadline', () => {
  const due = (id: number, workingDaysLeft: number | null) =>
    ({
      ...statement,
      id,
      reviewDeadline: workingDaysLeft === null ? null : { dueDate: '2026-12-04', workingDaysLeft, provisional: false },
    }) as Statement;
  // In creation order, newest first, as the list selection hands them over.
  const items = [due(1, 4), due(2, null), due(3, -2), due(4, 0), due(5, 4), due(6, null), due(7, 9)];
  const ids = (list: Statement[]) => list.map((item) => item.id);

  it.each<[string, TableSort, number[]]>([
    ['by creation date the order stays', DEFAULT_TABLE_SORT, [1, 2, 3, 4, 5, 6, 7]],
    [
      'fewest days left first, overdue on top, no term last, ties in creation order',
      { key: 'deadline', direction: 'ascending' },
      [3, 4, 1, 5, 7, 2, 6],
    ],
    ['most days left first, no term still last', { key: 'deadline', direction: 'descending' }, [7, 1, 5, 4, 3, 2, 6]],
  ])('%s', (_, sort, expected) => {
    expect(ids(sortStatements(items, sort))).toEqual(expected);
  });

  it('does not reorder the list it is given', () => {
    sortStatements(items, { key: 'deadline', direction: 'ascending' });
    expect(ids(items)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it.each<[TableSort, 'submitted' | 'deadline', TableSort]>([
    [DEFAULT_TABLE_SORT, 'submitted', { key: 'submitted', direction: 'ascending' }],
    [{ key: 'submitted', direction: 'ascending' }, 'submitted', { key: 'submitted', direction: 'descending' }],
    [DEFAULT_TABLE_SORT, 'deadline', { key: 'deadline', direction: 'ascending' }],
    [{ key: 'deadline', direction: 'ascending' }, 'deadline', { key: 'deadline', direction: 'descending' }],
    [{ key: 'deadline', direction: 'ascending' }, 'submitted', { key: 'submitted', direction: 'descending' }],
  ])('from %o a click on %s gives %o', (current, key, next) => {
    expect(nextSort(current, key)).toEqual(next);
  });

  it('asks the selection for the creation order the table needs', () => {
    expect(creationOrder(DEFAULT_TABLE_SORT)).toBe('newest');
    expect(creationOrder({ key: 'submitted', direction: 'ascending' })).toBe('oldest');
    expect(creationOrder({ key: 'deadline', direction: 'descending' })).toBe('newest');
  });
});

describe('exportCells: a row of the exported file', () => {
  it('carries the cadastral number after the address, one cell per exported column', () => {
    const cells = exportCells(statement, now);
    expect(cells).toHaveLength(EXPORT_COLUMNS.length);
    expect(cells[EXPORT_COLUMNS.indexOf('Наименование объекта')]).toBe('Школа на 550 мест');
    expect(cells[EXPORT_COLUMNS.indexOf('Адрес объекта')]).toBe('пр. Мира, 45');
    expect(cells[EXPORT_COLUMNS.indexOf('Кадастровый номер')]).toBe('77:01:0001001:1234');
    expect(cells[EXPORT_COLUMNS.indexOf('Категория объекта')]).toBe('Объект образования');
    expect(cells[EXPORT_COLUMNS.indexOf('Срок')]).toBe('—');
  });

  it('gives the submission date as DD.MM.YYYY and the time in status as whole hours, the screen’s cells unchanged', () => {
    const cells = exportCells(statement, now);
    // 20 Nov 09:30 UTC to 22 Nov 12:00 UTC: 2 days 2 h 30 min, 50 whole hours.
    expect(cells[EXPORT_COLUMNS.indexOf('Дата подачи')]).toBe('05.05.2026');
    expect(cells[EXPORT_COLUMNS.indexOf('Время в статусе (часов)')]).toBe('50');
    expect(EXPORT_COLUMNS).not.toContain('Время в статусе');
    const row = tableRow(statement, now);
    expect(row.submitted).toBe('5 мая, 2026');
    expect(row.timeInStatus).toBe('02 02:30');
  });

  it('writes no hours for a missing status time and none below zero for one in the future', () => {
    expect(exportCells({ ...statement, lastUpdate: '' }, now).at(-1)).toBe('');
    expect(exportCells({ ...statement, lastUpdate: '2026-11-23T09:00:00.000Z' }, now).at(-1)).toBe('0');
  });
});
