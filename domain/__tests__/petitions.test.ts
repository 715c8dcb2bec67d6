import { describe, expect, it } from 'vitest';
import { PETITION_TEXT_MAX, petitionTextProblem, petitionTextTooLong } from '../petitions.ts';

describe('a petition’s text', () => {
  it('is required, trimmed, and at most 10,000 characters, for every kind alike', () => {
    const required = 'Опишите ошибку';
    expect(petitionTextProblem('', required)).toBe(required);
    expect(petitionTextProblem(' \n\t ', required)).toBe(required);
    expect(petitionTextProblem(`  ${'а'.repeat(PETITION_TEXT_MAX)}  `, required)).toBeNull();
    expect(petitionTextProblem('а'.repeat(PETITION_TEXT_MAX + 1), required)).toBe(petitionTextTooLong());
    expect(petitionTextTooLong()).toBe('Не больше 10\u00a0000 символов');
  });
});
