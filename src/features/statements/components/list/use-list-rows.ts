import { useDeferredValue } from 'react';

/**
 * The rows a statement list draws: when React has time while they change under the reader's hand (typing in the search
 * over 10,000 statements stays immediate), but at once when none are drawn yet — the first rows of a page, from the
 * tab's copy or the server, are not put behind the page's other work.
 */
export function useListRows<T>(rows: T[]): T[] {
  const deferred = useDeferredValue(rows);
  return deferred.length === 0 ? rows : deferred;
}
