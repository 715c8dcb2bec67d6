import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { User } from '#domain/contract.ts';
import { $session } from '#stores/session.ts';
import { showToast } from '#stores/toasts.ts';

/** One catalogue a form chooses from: loading, failed (toasted), or its items. */
export interface Catalog<T> {
  status: 'loading' | 'error' | 'ready';
  items: T[];
}

/**
 * A catalogue store that loads once it is shown and the session belongs to a reader `mayRead` accepts (the company's
 * create form, the examiner's reply); a failure is toasted with the product's text and leaves the choice empty.
 */
export function createCatalog<T>(
  load: () => Promise<{ data?: T[]; response: Response }>,
  failureText: string,
  mayRead: (user: User | null) => boolean,
): ReadableAtom<Catalog<T>> {
  const $catalog = atom<Catalog<T>>({ status: 'loading', items: [] });
  let started = false;

  async function fetchCatalog(): Promise<void> {
    try {
      const { data, response } = await load();
      if (response.ok && Array.isArray(data)) {
        $catalog.set({ status: 'ready', items: data });
        return;
      }
    } catch {
      // reported below like any other failure
    }
    $catalog.set({ status: 'error', items: [] });
    showToast('error', failureText);
  }

  onMount($catalog, () =>
    $session.subscribe((session) => {
      if (session.status !== 'authenticated' || !mayRead(session.user)) return;
      if (started) return;
      started = true;
      void fetchCatalog();
    }),
  );
  return $catalog;
}
