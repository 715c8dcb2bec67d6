import { describe, expect, it } from 'vitest';
import { REMARK_TEXT_MAX, remarkTextTooLong } from '../remarks.ts';

describe('remarkTextTooLong: counted in code points, as the contract counts', () => {
  it('takes 4000 characters of any plane and refuses the 4001st', () => {
    for (const character of ['а', '😀', '𠀋']) {
      expect(remarkTextTooLong(character.repeat(REMARK_TEXT_MAX))).toBe(false);
      expect(remarkTextTooLong(character.repeat(REMARK_TEXT_MAX + 1))).toBe(true);
    }
  });
});
