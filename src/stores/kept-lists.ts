/**
 * Where the tab keeps its statement lists (list-keep.ts) and how they go when the session ends. Apart from list-keep,
 * whose columns codec is large: the session clears the kept lists on every page, the login page's included (its
 * initial JS budget), while the codec loads only with a list.
 */

import { tabStorage } from '#lib/tab-storage.ts';

/** Prefix of a kept list's key in the tab's sessionStorage. */
export const KEPT_LIST_PREFIX = 'portal-list:';

/** Removes every kept list from the tab's storage (the session ended). */
export function removeKeptLists(): void {
  const store = tabStorage();
  if (!store) return;
  for (let i = store.length - 1; i >= 0; i--) {
    const key = store.key(i);
    if (key?.startsWith(KEPT_LIST_PREFIX)) store.removeItem(key);
  }
}
