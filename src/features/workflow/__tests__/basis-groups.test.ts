import { describe, expect, it } from 'vitest';
import { groupByBasis } from '../basis-groups.ts';

const ground = (id: number, legalBasis: string) => ({ id, name: `Основание ${id}`, legalBasis });

describe('groupByBasis', () => {
  it('puts consecutive grounds of one basis in one group, in the catalogue’s order', () => {
    const grounds = [ground(1, 'Регламент'), ground(2, 'Регламент'), ground(3, '63-ФЗ'), ground(4, 'Регламент')];
    expect(groupByBasis(grounds)).toEqual([
      { legalBasis: 'Регламент', grounds: [grounds[0], grounds[1]] },
      { legalBasis: '63-ФЗ', grounds: [grounds[2]] },
      { legalBasis: 'Регламент', grounds: [grounds[3]] },
    ]);
  });

  it('gives nothing for no grounds', () => {
    expect(groupByBasis([])).toEqual([]);
  });
});
