import type { Locator, Page } from '@playwright/test';
import { COUNTERS_CACHE_KEY } from '../../src/features/statements/counters.ts';
import { waitForRequestsDone } from '../../tools/settle.ts';
import { expect, test } from './fixtures.ts';
import { CompanyListPage } from './pages/company-list-page.ts';
import { ExaminerTablePage } from './pages/examiner-table-page.ts';
import { StatementPage } from './pages/statement-page.ts';

// Performance budget 7 (bench/README.md): opening a statement from its list costs the session refresh (the access token
// lives in memory only, and a statement is a page of its own) and one call for the statement's data. The user comes
// with the refresh, and the sidebar's counts come from the list just loaded (kept in this tab for a minute), so there
// is no refresh → profile → list → statement waterfall.

/** The API calls a page made, as 'METHOD /path' with ids written as {id}; its live streams counted apart. */
interface ApiCalls {
  calls: string[];
  streams: number;
}

/**
 * The API calls of the document at `documentPath` (the statement's page): told apart by their Referer, which the
 * browser writes when it makes the request, so a call the list page still makes as the link is followed (a live
 * change read again) is never counted as the statement's.
 */
function recordApiCalls(page: Page, documentPath: RegExp): () => Promise<ApiCalls> {
  const seen: Promise<{ label: string; stream: boolean } | null>[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    seen.push(
      request.allHeaders().then((headers) => {
        const from = headers.referer ? new URL(headers.referer).pathname : '';
        if (!documentPath.test(from)) return null;
        return {
          label: `${request.method()} ${url.pathname.replace(/\/\d+/g, '/{id}')}`,
          stream: url.pathname === '/api/events',
        };
      }),
    );
  });
  return async () => {
    const made = (await Promise.all(seen)).filter((call) => call !== null);
    return {
      calls: made.filter((call) => !call.stream).map((call) => call.label),
      streams: made.filter((call) => call.stream).length,
    };
  };
}

/**
 * Opens a statement by `link` once its list is in, and returns the API calls that made the statement's page; the
 * sidebar of that page must show counts (some above zero), from this tab's copy, not from a call.
 */
async function callsToOpen(page: Page, link: Locator, navigation: string, documentPath: RegExp): Promise<ApiCalls> {
  await expect(link).toBeVisible();
  // The list's counts are kept in this tab: the statement's page draws its sidebar from them.
  await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), COUNTERS_CACHE_KEY)).not.toBeNull();
  const calls = recordApiCalls(page, documentPath);
  await link.click();
  await expect(new StatementPage(page).history).toBeVisible();
  await waitForRequestsDone(page);
  const counts = page.getByRole('navigation', { name: navigation }).locator('.side-nav__count');
  await expect(counts.filter({ hasText: /^[1-9]\d*$/ }).first()).toBeVisible();
  return calls();
}

test.describe('the applicant', () => {
  test.use({ role: 'owner' });

  test('opens a statement from the list with the refresh and the statement only (its remarks come in it)', async ({
    page,
  }) => {
    const list = new CompanyListPage(page);
    await list.goto('/company');
    const { calls, streams } = await callsToOpen(page, list.cards.first(), 'Меню компании', /^\/statement\/info\//);
    expect(calls).toEqual(['POST /api/authentication/refresh', 'GET /api/statements/{id}']);
    // And the page's one live stream.
    expect(streams).toBe(1);
  });
});

test.describe('the examiner', () => {
  test.use({ role: 'examiner1' });

  test('opens one of their statements from the table with the refresh and the statement only (remarks in it)', async ({
    page,
  }) => {
    const table = new ExaminerTablePage(page);
    await table.goto('/instance/filter/all');
    const { calls, streams } = await callsToOpen(
      page,
      table.link(table.rows.first()),
      'Меню инстанции',
      /^\/instance\/statement\/info\//,
    );
    expect(calls).toEqual(['POST /api/authentication/refresh', 'GET /api/instance/statements/{id}']);
    expect(streams).toBe(1);
  });
});
