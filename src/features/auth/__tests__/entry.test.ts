import { describe, expect, it } from 'vitest';
import { itMaps } from '#domain/__tests__/table.ts';
import { entryRouteFor, hasHomeRoute } from '../lib/entry.ts';

const company = { id: 1, legalEntity: 'ООО «СтройПроект»', state: 'active' as const };
const instance = { id: 1, name: 'Комитет' };

describe('entryRouteFor', () => {
  it.each([
    ['anonymous visitor', null, '/login'],
    ['company owner', { company, instance: null, isOwner: true }, '/company'],
    ['company employee', { company, instance: null, isOwner: false }, '/company'],
    ['examiner', { company: null, instance, isOwner: false }, '/instance/filter/under_review'],
    [
      'outside body staff',
      { company: null, instance, isOwner: false, role: 'reviewer' as const },
      '/instance/conclusions',
    ],
    ['user with neither company nor instance', { company: null, instance: null, isOwner: false }, '/login'],
    ['user with both (company wins)', { company, instance, isOwner: false }, '/company'],
  ])('%s -> %s', (_name, user, route) => {
    expect(entryRouteFor(user)).toBe(route);
  });
});

describe('hasHomeRoute', () => {
  itMaps('%j -> %s', hasHomeRoute, [
    [null, false],
    [{ company: null, instance: null }, false],
    [{ company, instance: null }, true],
    [{ company: null, instance }, true],
  ]);
});
