/** Number of digits in a login code (docs/product.md «Constants and limits»). */
export const CODE_LENGTH = 6;

/** An empty set of code cells. */
export function emptyCode(): string[] {
  return Array.from({ length: CODE_LENGTH }, () => '');
}

/** Digits of `text` in order, everything else dropped. */
export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** Result of typing or pasting into a code cell: the new cells and the cell to focus next. */
export interface CodeInput {
  cells: string[];
  focus: number;
}

/**
 * Puts typed or pasted `text` into the cells starting at `index`.
 * A whole code (six or more digits) fills every cell from the first and keeps the first six digits;
 * a shorter run fills the cells from `index` onwards. Non-digits are ignored.
 */
export function enterCodeText(cells: readonly string[], index: number, text: string): CodeInput {
  const digits = digitsOf(text);
  const next = normalizeCells(cells);
  if (digits.length === 0) return { cells: next, focus: index };
  const start = digits.length >= CODE_LENGTH ? 0 : Math.min(Math.max(index, 0), CODE_LENGTH - 1);
  const used = digits.slice(0, CODE_LENGTH - start);
  for (let i = 0; i < used.length; i += 1) next[start + i] = used[i] ?? '';
  return { cells: next, focus: Math.min(start + used.length, CODE_LENGTH - 1) };
}

/**
 * Backspace in cell `index`: clears it, or when it is already empty clears the previous cell and moves there.
 */
export function eraseCodeCell(cells: readonly string[], index: number): CodeInput {
  const next = normalizeCells(cells);
  if (next[index]) {
    next[index] = '';
    return { cells: next, focus: index };
  }
  const previous = Math.max(index - 1, 0);
  next[previous] = '';
  return { cells: next, focus: previous };
}

/** True when every cell holds a digit. */
export function isCodeComplete(cells: readonly string[]): boolean {
  return cells.length === CODE_LENGTH && cells.every((cell) => /^\d$/.test(cell));
}

function normalizeCells(cells: readonly string[]): string[] {
  return Array.from({ length: CODE_LENGTH }, (_, i) => cells[i] ?? '');
}
