import { describe, expect, it } from 'vitest';
import type { Statement } from '../api/types.ts';
import { statementsInWork, statementsOf, tableRow } from '../statement-table.ts';

const statement = {
  id: 7,
  visibleId: 1042,
  status: 'under_review',
  dateCreate: '2026-05-05T09:00:00.000Z',
  lastUpdate: '2026-11-20T09:30:00.000Z',
  cipher: 'СП-2026-011',
  title: 'Школа на 550 мест',
  name: 'пр. Мира, 45',
  address: 'пр. Мира, 45',
  categoryObjectId: 1,
  categoryObject: 'education',
  categoryName: 'Объект образования',
  catalogWorkTypeId: 1,
  catalogWorkType: 'Новое строительство',
  examinerId: 3,
  examiner: null,
  stages: [],
  companyName: 'ООО «СтройПроект»',
  companyInn: null,
  companyOgrn: null,
  companyKpp: null,
  companyDirector: null,
  companyDirectorPhone: null,
  externalNumber: null,
  governmentAgencyName: null,
  history: [],
  reviewDeadline: null,
} satisfies Statement;
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

describe('tableRow: the cells of spec §2, status in the instance view of spec §4', () => {
  it('fills every column', () => {
    expect(tableRow(statement, now)).toEqual({
      id: 7,
      number: '1042',
      company: 'ООО «СтройПроект»',
      address: 'пр. Мира, 45',
      category: 'Объект образования',
      workType: 'Новое строительство',
      submitted: '5 мая, 2026',
      status: 'under_review',
      statusLabel: 'На рассмотрении',
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
      { name: ' ', address: null, categoryName: null, catalogWorkType: '', companyName: '' },
      { address: '—', category: '—', workType: '—', company: '—' },
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
      'anything else reads as unknown',
      { status: 'archived' as Statement['status'] },
      { statusLabel: 'Неизвестный статус' },
    ],
  ])('%s', (_, change, cells) => {
    expect(tableRow({ ...statement, ...change }, now)).toMatchObject(cells);
  });
});
