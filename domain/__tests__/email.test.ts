import { describe } from 'vitest';
import { isEmail } from '../email.ts';
import { itMaps } from './table.ts';

describe('isEmail (a simple x@y.z pattern)', () => {
  itMaps('%j -> %s', isEmail, [
    ['a@b.c', true],
    [' owner@demo.example ', true],
    ['иванов@почта.рф', true],
    ['a@b', false],
    ['@b.c', false],
    ['a b@c.d', false],
    ['a@@b.c', false],
    ['', false],
  ]);
});
