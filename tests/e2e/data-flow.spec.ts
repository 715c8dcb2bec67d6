import type { Locator, Page } from '@playwright/test';
import { COUNTERS_CACHE_KEY } from '../../src/stores/statement-counters.ts';
import { waitForRequestsDone } from '../../tools/settle.ts';
import { expect, test } from './fixtures.ts';
import { CompanyListPage } from './pages/company-list-page.ts';
import { ExaminerTablePage } from './pages/examiner-table-page.ts';
import { StatementPage } from './pages/statement-page.ts';

// Performance budget 7 (bench/README.md): opening a statement from its list costs the session refresh (the access token
// lives in memory only, and a statement is a page of its own) and one call for the statement's data. The user comes
// with the refresh, and the sidebar's counts come from the list just loaded (kept in this tab for a minute), so there
// is no refresh → profile → list → statement waterfall.

/**
 * The API calls the page makes from now on, as 'METHOD /path' with ids written as {id}; the live stream (one per
 * page, no data of its own until something changes) is counted apart.
 */
function recordApiCalls(page: Page): string[] & { streams: number } {
  const calls = Object.assign([] as string[], { streams: 0 });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/events') calls.streams += 1;
    else if (url.pathname.startsWith('/api/'))
      calls.push(`${request.method()} ${url.pathname.replace(/\/\d+/g, '/{id}')}`);
  });
  return calls;
}

/**
 * Opens a statement by `link` once its list has settled, and returns the API calls that made the statement's page;
 * the sidebar of that page must show counts (some above zero), from this tab's copy, not from a call.
 */
async function callsToOpen(page: Page, link: Locator, navigation: string): Promise<string[] & { streams: number }> {
  await expect(link).toBeVisible();
  // The list's counts are kept in this tab: the statement's page draws its sidebar from them.
  await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), COUNTERS_CACHE_KEY)).not.toBeNull();
  await waitForRequestsDone(page);
  const calls = recordApiCalls(page);
  await link.click();
  await expect(new StatementPage(page).history).toBeVisible();
  await waitForRequestsDone(page);
  const counts = page.getByRole('navigation', { name: navigation }).locator('.side-nav__count');
  await expect(counts.filter({ hasText: /^[1-9]\d*$/ }).first()).toBeVisible();
  return calls;
}

test.describe('the applicant', () => {
  test.use({ role: 'owner' });

  test('opens a statement from the list with the refresh and the statement only (its remarks come in it)', async ({
    page,
  }) => {
    const list = new CompanyListPage(page);
    await list.goto('/company');
    const calls = await callsToOpen(page, list.cards.first(), 'Меню компании');
    expect([...calls]).toEqual(['POST /api/authentication/refresh', 'GET /api/statements/{id}']);
    // And the page's one live stream.
    expect(calls.streams).toBe(1);
  });
});

test.describe('the examiner', () => {
  test.use({ role: 'examiner1' });

  test('opens one of their statements from the table with the refresh and the statement only (remarks in it)', async ({
    page,
  }) => {
    const table = new ExaminerTablePage(page);
    await table.goto('/instance/filter/all');
    const calls = await callsToOpen(page, table.link(table.rows.first()), 'Меню инстанции');
    expect([...calls]).toEqual(['POST /api/authentication/refresh', 'GET /api/instance/statements/{id}']);
    expect(calls.streams).toBe(1);
  });
});
