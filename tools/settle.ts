import { expect, type Page, type Request } from '@playwright/test';

/** The live stream stays open for the page's life: it is no request a page waits for. */
const isStream = (request: Request) => new URL(request.url()).pathname === '/api/events';

const tracked = new WeakMap<Page, { pending: Set<Request>; changedAt: number }>();

/** Starts counting a page's requests in flight (call it before the page loads, e.g. right after creating it). */
export function trackRequests(page: Page): void {
  if (tracked.has(page)) return;
  const state = { pending: new Set<Request>(), changedAt: Date.now() };
  tracked.set(page, state);
  page.on('request', (request) => {
    if (isStream(request)) return;
    state.pending.add(request);
    state.changedAt = Date.now();
  });
  const done = (request: Request) => {
    if (!state.pending.delete(request)) return;
    state.changedAt = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** The requests of a tracked page still in flight (the live stream aside), as 'METHOD url'. */
export function pendingRequests(page: Page): string[] {
  return [...(tracked.get(page)?.pending ?? [])].map((request) => `${request.method()} ${request.url()}`);
}

/**
 * Waits until the page has loaded and none of its requests is in flight (the live stream aside): a state, with no
 * quiet period. Use it after the page has shown what a test waited for, to take the requests that made it as whole.
 */
export async function waitForRequestsDone(page: Page, timeoutMs = 10_000): Promise<void> {
  trackRequests(page);
  await page.waitForLoadState('load');
  await expect
    .poll(() => pendingRequests(page), { timeout: timeoutMs, message: 'no request of the page in flight' })
    .toEqual([]);
}

/**
 * Playwright's `networkidle` for a page with a live stream: the page has loaded and no other request has been in
 * flight for `quietMs` (the stream never ends, so `networkidle` never comes).
 */
export async function waitForSettled(page: Page, quietMs = 500, timeoutMs = 20_000): Promise<void> {
  trackRequests(page);
  await page.waitForLoadState('load');
  const state = tracked.get(page);
  if (!state) return;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (state.pending.size === 0 && Date.now() - state.changedAt >= quietMs) return;
    await page.waitForTimeout(50);
  }
  throw new Error(
    `requests still in flight after ${timeoutMs} ms: ${[...state.pending].map((r) => r.url()).join(', ')}`,
  );
}
