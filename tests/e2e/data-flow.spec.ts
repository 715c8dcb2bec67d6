import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CompanyListPage } from './pages/company-list-page.ts';
import { ExaminerTablePage } from './pages/examiner-table-page.ts';
import { StatementPage } from './pages/statement-page.ts';

// Issue 11, figure 7: opening a statement from its list costs the session refresh (the access token lives in memory
// only, and a statement is a page of its own) and one call for the statement's data. The user comes with the
// refresh, and the sidebar's counts come from the list just loaded (kept in this tab for a minute), so there is no
// refresh → profile → list → statement waterfall.

/** The API calls the page makes from now on, as 'METHOD /path' with ids written as {id}. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname.replace(/\/\d+/g, '/{id}')}`);
  });
  return calls;
}

test.describe('the applicant', () => {
  test.use({ role: 'owner' });

  test('opens a statement from the list with the refresh and the statement only', async ({ page }) => {
    const list = new CompanyListPage(page);
    await list.goto('/company');
    await expect(list.cards.first()).toBeVisible();
    await page.waitForLoadState('networkidle');

    const calls = recordApiCalls(page);
    await list.cards.first().click();
    const statement = new StatementPage(page);
    await expect(statement.history).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['POST /api/authentication/refresh', 'GET /api/statements/{id}']);
    // The sidebar still shows the counts (taken from the list): the statements in work are counted.
    await expect(page.getByRole('navigation', { name: 'Меню компании' })).toContainText(/\d/);
  });
});

test.describe('the examiner', () => {
  test.use({ role: 'examiner1' });

  test('opens one of their statements from the table with the refresh and the statement only', async ({ page }) => {
    const table = new ExaminerTablePage(page);
    await table.goto('/instance/filter/all');
    await expect(table.rows.first()).toBeVisible();
    await page.waitForLoadState('networkidle');

    const calls = recordApiCalls(page);
    await table.link(table.rows.first()).click();
    await expect(new StatementPage(page).history).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['POST /api/authentication/refresh', 'GET /api/instance/statements/{id}']);
  });
});
