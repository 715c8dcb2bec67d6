import { describe, expect, it } from 'vitest';
import { backTarget } from '../lib/back-link.ts';

const origin = 'https://agr.example.ru';
const lists = [
  { href: '/instance/news', label: 'Новые заявления' },
  { href: '/instance/all', label: 'Все заявления' },
  { href: '/instance/filter/approved', label: 'Согласовано' },
];
const fallback = { href: '/instance/news', label: 'Новые заявления' };

describe('backTarget', () => {
  it('leads back to the list the statement was opened from, by its name', () => {
    expect(backTarget(`${origin}/instance/all`, origin, lists, fallback)).toEqual(lists[1]);
    expect(backTarget(`${origin}/instance/filter/approved/?q=1#x`, origin, lists, fallback)).toEqual(lists[2]);
  });

  it('falls back for another site, another page, no referrer or a broken one', () => {
    expect(backTarget('https://evil.example/instance/all', origin, lists, fallback)).toBe(fallback);
    expect(backTarget(`${origin}/instance/settings`, origin, lists, fallback)).toBe(fallback);
    expect(backTarget('', origin, lists, fallback)).toBe(fallback);
    expect(backTarget('not a url', origin, lists, fallback)).toBe(fallback);
  });
});
