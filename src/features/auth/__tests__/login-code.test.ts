import { describe, expect, it } from 'vitest';
import { emptyCode, enterCodeText, eraseCodeCell, isCodeComplete } from '../lib/login-code.ts';

const cells = (text: string) => text.split('').map((c) => (c === '_' ? '' : c));

describe('enterCodeText', () => {
  it.each([
    ['a typed digit fills the cell and moves on', '______', 0, '7', '7_____', 1],
    ['a typed digit in the last cell stays there', '12345_', 5, '6', '123456', 5],
    ['a letter is ignored', '______', 2, 'x', '______', 2],
    ['a pasted code fills every cell from the first', '______', 3, '123456', '123456', 5],
    ['a long paste keeps the first six digits', '9_____', 4, '12345678', '123456', 5],
    ['separators in a paste are dropped', '______', 0, 'Код: 12-34 56.', '123456', 5],
    ['a short paste fills from the cell onwards', '______', 2, '12', '__12__', 4],
    ['a short paste near the end is cut at the last cell', '______', 4, '987', '____98', 5],
  ])('%s', (_name, before, index, text, after, focus) => {
    const result = enterCodeText(cells(before), index, text);
    expect(result.cells).toEqual(cells(after));
    expect(result.focus).toBe(focus);
  });
});

describe('eraseCodeCell', () => {
  it('clears a filled cell and stays', () => {
    expect(eraseCodeCell(cells('123___'), 2)).toEqual({ cells: cells('12____'), focus: 2 });
  });

  it('in an empty cell clears the previous one and moves back', () => {
    expect(eraseCodeCell(cells('12____'), 2)).toEqual({ cells: cells('1_____'), focus: 1 });
  });

  it('stays on the first cell', () => {
    expect(eraseCodeCell(emptyCode(), 0)).toEqual({ cells: emptyCode(), focus: 0 });
  });
});

describe('isCodeComplete', () => {
  it.each([
    ['123456', true],
    ['12345_', false],
    ['______', false],
  ])('%s -> %s', (code, expected) => {
    expect(isCodeComplete(cells(code))).toBe(expected);
  });
});
