// Thin wrappers over window.location and history, so stores stay testable outside a browser.

let navigatingTo: string | null = null;

/** Current path of the page, '' outside a browser. */
export function currentPath(): string {
  return typeof location === 'undefined' ? '' : location.pathname;
}

/** Origin of the page (https://host), '' outside a browser. */
export function currentOrigin(): string {
  return typeof location === 'undefined' ? '' : location.origin;
}

/** Value of a query parameter of the current page, or null. */
export function readQueryParam(name: string): string | null {
  if (typeof location === 'undefined') return null;
  return new URLSearchParams(location.search).get(name);
}

/** Sets (or, with null, removes) a query parameter without adding a history entry. */
export function replaceQueryParam(name: string, value: string | null): void {
  if (typeof location === 'undefined' || typeof history === 'undefined') return;
  const url = new URL(location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  // '@' is legal in a query string; keeping it readable makes ?email= easy to share and check.
  const search = url.search.replace(/%40/g, '@');
  history.replaceState(history.state, '', `${url.pathname}${search}${url.hash}`);
}

/** True once the portal itself is taking the page elsewhere (`navigateTo`): a finished action, never a loss. */
export function leavingOnPurpose(): boolean {
  return navigatingTo !== null;
}

/** Goes to `url` (a full page load); repeated calls for the same target are ignored. */
export function navigateTo(url: string, { replace = false }: { replace?: boolean } = {}): void {
  if (typeof location === 'undefined' || navigatingTo === url) return;
  navigatingTo = url;
  if (replace) location.replace(url);
  else location.assign(url);
}

/** Saves `blob` as a download named `fileName` (the original name, Cyrillic included). */
export function saveBlob(blob: Blob, fileName: string): void {
  if (typeof document === 'undefined') return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes once click() returns; a delay keeps older engines safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Gives the page its turn before long work goes on: the tasks waiting (a request going out or its answer, an island
 * hydrating, rows drawn and painted) run first. A background task where the browser has them (`scheduler.yield` would
 * not do: its continuation goes before every waiting task), else a message to this window; not a timer, which nested
 * timers clamp to 4 ms.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void, options: object) => unknown } })
    .scheduler;
  return new Promise((resolve) => {
    if (typeof scheduler?.postTask === 'function') {
      scheduler.postTask(resolve, { priority: 'background' });
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
