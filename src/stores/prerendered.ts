// Stores as the prerendered pages saw them. The site is built to static HTML with every store at its initial value
// (no session, no lists); an island may hydrate after the session or a cached count has already arrived (its script
// came later than the session answer). React must hydrate an island with the values the HTML was made from, then
// re-render with the live ones: otherwise it reports a hydration mismatch (#418) and throws the markup away.
import { useStore as useNanoStore } from '@nanostores/react';
import { computed as nanoComputed, type ReadableAtom } from 'nanostores';

/** How to compute the value a computed store had when the page was prerendered, per store. */
const prerenderedOf = new WeakMap<object, () => unknown>();

/**
 * nanostores' `computed` (same signature), remembering how to compute the store's prerendered value: its callback
 * over the prerendered values of the stores it depends on.
 */
export const computed: typeof nanoComputed = ((stores: ReadableAtom<unknown> | ReadableAtom<unknown>[], cb: never) => {
  const dependencies = Array.isArray(stores) ? stores : [stores];
  const $computed = nanoComputed(dependencies, cb);
  let memo: { value: unknown } | undefined;
  prerenderedOf.set($computed, () => {
    memo ??= { value: (cb as (...values: unknown[]) => unknown)(...dependencies.map(prerenderedValue)) };
    return memo.value;
  });
  return $computed;
}) as typeof nanoComputed;

/**
 * The value `store` had in the prerendered HTML: an atom's or map's initial value, a computed store's value over
 * those; the same object on every call (React compares server snapshots by identity).
 */
export function prerenderedValue<T>(store: ReadableAtom<T>): T {
  const compute = prerenderedOf.get(store);
  if (compute) return compute() as T;
  if ('init' in store && store.init !== undefined) return store.init as T;
  return store.get();
}

/**
 * `useStore` of @nanostores/react for islands: hydrates with the prerendered value, then follows the store (one more
 * render when the store moved on before the island hydrated).
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  return useNanoStore(store, { ssr: () => prerenderedValue(store) });
}
