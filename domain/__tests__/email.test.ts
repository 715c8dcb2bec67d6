import { describe, expect, it } from 'vitest';
import { isEmail } from '../email.ts';

describe('isEmail (a simple x@y.z pattern)', () => {
  it.each([
    ['a@b.c', true],
    [' owner@demo.example ', true],
    ['иванов@почта.рф', true],
    ['a@b', false],
    ['@b.c', false],
    ['a b@c.d', false],
    ['a@@b.c', false],
    ['', false],
  ])('%j -> %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
});
