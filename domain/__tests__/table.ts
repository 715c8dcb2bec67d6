// Shared by the domain and site unit tests (it lives here because the domain may not import the site).
import { expect, it } from 'vitest';

/** One test per row of a function's arguments and its result: `fn(...arguments)` is `result` (`toBe`). */
export function itMaps<F extends (...args: never[]) => unknown>(
  name: string,
  fn: F,
  rows: Array<[...Parameters<F>, ReturnType<F>]>,
): void {
  it.each(rows)(name, (...row) => {
    expect(fn(...(row.slice(0, -1) as Parameters<F>))).toBe(row.at(-1));
  });
}
