import { describe, expect, it } from 'vitest';
import { formatPhone } from '../phone.ts';

describe('formatPhone: a lenient mask', () => {
  it.each([
    ['89161234567', '+7 (916) 123-45-67'],
    ['+7 916 123 45 67', '+7 (916) 123-45-67'],
    ['8 (812) 555-12-34', '+7 (812) 555-12-34'],
    ['9161234567', '+7 (916) 123-45-67'],
    ['  +7(916)1234567 ', '+7 (916) 123-45-67'],
    ['+7 (916) 123-45-67', '+7 (916) 123-45-67'],
  ])('writes out the Russian number %j as %j', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  it.each([
    ['+44 20 7946 0958', 'a foreign number'],
    ['8 (812) 555-12-34 доб. 12', 'an extension'],
    ['+7 916', 'a half-typed number'],
    ['+8 123 456 78 90', 'a plus before 8'],
    ['', 'nothing'],
    ['приёмная', 'a word'],
  ])('keeps %j (%s) as typed', (typed) => {
    expect(formatPhone(typed)).toBe(typed.trim());
  });
});
