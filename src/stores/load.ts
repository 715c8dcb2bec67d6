import { onMount, type ReadableAtom } from 'nanostores';
import type { User } from '#domain/contract.ts';
import { $session } from './session.ts';

/** Wraps a load so that calls made while it runs share that run instead of asking again. */
export function sharedRun(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}

/**
 * Wraps a load so that calls made while it runs share one more run after it: a change announced meanwhile (a live
 * event) is never answered with data read before it. Calls made during that second run share it.
 */
export function latestRun(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const go = (): Promise<void> => {
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
  return () => {
    if (!running) return go();
    next ??= running.then(() => {
      next = null;
      return go();
    });
    return next;
  };
}

/** The data of a successful openapi-fetch call, or null for an error status, an empty body or no answer at all. */
export async function dataOf<T>(call: () => Promise<{ data?: T; response: Response }>): Promise<T | null> {
  try {
    const { data, response } = await call();
    if (response.ok && data) return data;
  } catch {
    // no answer (network, timeout): a failure like any other
  }
  return null;
}

/**
 * Loads once `$store` is watched and the session's user is one `isFor` accepts, while `pending()` says nothing is
 * loaded yet (a user who signs in later still gets it).
 */
export function loadWhenSignedIn(
  $store: ReadableAtom<unknown>,
  isFor: (user: User | null) => boolean,
  pending: () => boolean,
  load: () => Promise<void>,
): void {
  onMount($store, () =>
    $session.subscribe((session) => {
      if (session.status === 'authenticated' && isFor(session.user) && pending()) void load();
    }),
  );
}
