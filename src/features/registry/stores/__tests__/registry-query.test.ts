import { describe, expect, it } from 'vitest';
import {
  changedQuery,
  DEFAULT_PAGE_SIZE,
  EMPTY_QUERY,
  isNarrowed,
  pageCount,
  parseRegistryQuery,
  registrySearch,
} from '../registry-query.ts';

describe('parseRegistryQuery', () => {
  it('reads every part of a shared address', () => {
    expect(
      parseRegistryQuery(
        '?query=%D1%83%D0%BB.+%D0%93%D0%B0%D0%B3%D0%B0%D1%80%D0%B8%D0%BD%D0%B0&outcome=approved&year=2026&categoryId=3&workTypeId=7&sort=date_asc&page=2&pageSize=50',
      ),
    ).toEqual({
      query: 'ул. Гагарина',
      outcome: 'approved',
      year: 2026,
      categoryId: 3,
      workTypeId: 7,
      sort: 'date_asc',
      page: 2,
      pageSize: 50,
    });
  });

  it.each([
    ['outcome=withdrawn', { outcome: null }],
    ['year=1999', { year: null }],
    ['year=2101', { year: null }],
    ['year=20x6', { year: null }],
    ['categoryId=0', { categoryId: null }],
    ['workTypeId=-1', { workTypeId: null }],
    ['sort=name', { sort: 'date_desc' }],
    ['page=0', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['pageSize=101', { pageSize: DEFAULT_PAGE_SIZE }],
    ['query=%20%20', { query: '' }],
  ])('falls back to the default for %s', (search, expected) => {
    expect(parseRegistryQuery(search)).toEqual({ ...EMPTY_QUERY, ...expected });
  });

  it('cuts an overlong search to what the API accepts', () => {
    expect(parseRegistryQuery(`query=${'а'.repeat(300)}`).query).toHaveLength(200);
  });
});

describe('registrySearch', () => {
  it('writes nothing for the defaults, so the plain register has the plain address', () => {
    expect(registrySearch(EMPTY_QUERY)).toBe('');
  });

  it('writes what differs in one order and reads back the same query', () => {
    const query = { ...EMPTY_QUERY, query: '7701234560', outcome: 'rejected' as const, year: 2026, page: 3 };
    const search = registrySearch(query);
    expect(search).toBe('query=7701234560&outcome=rejected&year=2026&page=3');
    expect(parseRegistryQuery(search)).toEqual(query);
  });

  it('gives the API its paging and sort even at their defaults', () => {
    expect(registrySearch(EMPTY_QUERY, { api: true })).toBe('sort=date_desc&page=1&pageSize=20');
  });
});

describe('changedQuery', () => {
  const onPage3 = { ...EMPTY_QUERY, query: 'Гагарина', page: 3 };

  it('starts a new search or filter from the first page', () => {
    expect(changedQuery(onPage3, { outcome: 'approved' })).toEqual({ ...onPage3, outcome: 'approved', page: 1 });
    expect(changedQuery(onPage3, { query: 'Речная' }).page).toBe(1);
  });

  it('keeps the search when only the page changes', () => {
    expect(changedQuery(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
  });
});

describe('pageCount and isNarrowed', () => {
  it.each([
    [0, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [3, 2, 2],
  ])('%i entries by %i make %i pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });

  it('tells a narrowed query from the whole register', () => {
    expect(isNarrowed(EMPTY_QUERY)).toBe(false);
    expect(isNarrowed({ ...EMPTY_QUERY, sort: 'date_asc', page: 2 })).toBe(false);
    expect(isNarrowed({ ...EMPTY_QUERY, year: 2026 })).toBe(true);
    expect(isNarrowed({ ...EMPTY_QUERY, query: 'x' })).toBe(true);
  });
});
