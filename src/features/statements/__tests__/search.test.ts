import { describe, expect, it } from 'vitest';
import { matchesQuery, normalizeQuery, searchKey } from '../lib/search.ts';

const statement = {
  id: 17,
  visibleId: 1042,
  title: 'Школа на 550 мест',
  name: 'пр. Мира, 45',
  externalNumber: 'EXT-77',
  cipher: 'СП-2026-011',
  companyName: 'ООО «СтройПроект»',
  categoryName: 'Объект образования',
  catalogWorkType: 'Новое строительство',
  governmentAgencyName: 'Комитет по архитектуре',
};

describe('search over the listed fields, case-insensitive', () => {
  const key = searchKey(statement);
  it.each([
    ['', true],
    ['   ', true],
    ['школа', true],
    ['ШКОЛА НА', true],
    ['мира, 45', true],
    ['ext-77', true],
    ['сп-2026', true],
    ['стройпроект', true],
    ['образования', true],
    ['новое строительство', true],
    ['комитет', true],
    ['17', true],
    ['1042', true],
    ['  Школа ', true],
    ['больница', false],
    // a query never spans two fields
    ['мест пр.', false],
  ])('%j -> %s', (query, found) => {
    expect(matchesQuery(key, normalizeQuery(query))).toBe(found);
  });

  it('skips missing fields', () => {
    expect(searchKey({ id: 3, title: 'Дом', name: null, cipher: undefined })).toBe('дом\u00003');
  });
});
