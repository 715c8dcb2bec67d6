import { blockingViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { ExaminerTablePage } from './pages/examiner-table-page.ts';
import { Sidebar } from './pages/sidebar.ts';

// 'Нагрузка' (/instance/team, docs/product.md «Team workload»): the head sees each examiner's figures as that examiner's own sidebar counts
// them, a number opens that examiner's statements behind it, and anyone but the head gets no link and a refusal.

test.use({ role: 'head' });

/** The count a sidebar link of 'Мои заявки' shows. */
async function sidebarCount(sidebar: Sidebar, label: string): Promise<number> {
  const link = sidebar.examinerMenu.getByRole('link', { name: new RegExp(`^${label}\\s*\\d+$`) });
  await expect(link).toBeVisible();
  return Number((await link.locator('.side-nav__count').textContent())?.trim());
}

test("the head sees examiner 1's figures as examiner 1's own sidebar counts them", async ({
  page,
  pageAs,
  sidebar,
}) => {
  const examiner = await pageAs('examiner1');
  await examiner.goto('/instance/filter/all');
  const own = new Sidebar(examiner);
  // The counts arrive with the list; wait for the table before reading them.
  await expect(new ExaminerTablePage(examiner).rows.first()).toBeVisible();
  const inWork = await sidebarCount(own, 'На рассмотрении');
  const awaiting = await sidebarCount(own, 'На доработке');
  const overdue = Number(/(\d+)$/.exec((await own.overdue.textContent()) ?? '')?.[1]);

  await page.goto('/instance/filter/under_review');
  await sidebar.examinerMenu.getByRole('link', { name: 'Нагрузка' }).click();
  await expect(page).toHaveURL(/\/instance\/team\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Нагрузка' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Смирнов Алексей Петрович' }) });
  await expect(row.locator('[data-figure="inWork"]')).toHaveText(String(inWork));
  await expect(row.locator('[data-figure="awaitingApplicant"]')).toHaveText(String(awaiting));
  await expect(row.locator('[data-figure="overdue"]')).toHaveText(String(overdue));
  // The head is a row too, marked so.
  await expect(page.getByRole('rowheader', { name: /Орлова Елена Викторовна\s*руководитель/ })).toBeVisible();
  // The unassigned statements below, with their intake term as the news says it.
  const unassigned = page.getByRole('region', { name: 'Не распределены' });
  await expect(unassigned.getByText(/^Проверить до \d+ \S+ \d{4} г\./).first()).toBeVisible();
});

test("a number opens that examiner's statements behind it, and only those", async ({ page }) => {
  await page.goto('/instance/team');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Смирнов Алексей Петрович' }) });
  const link = row.locator('a[data-figure="inWork"]');
  const count = Number(await link.textContent());
  expect(count).toBeGreaterThan(0);
  await link.click();

  await expect(page).toHaveURL(/\/instance\/all\?examiner=\d+&figure=inWork$/);
  await expect(page.getByText('В работе: Смирнов Алексей Петрович')).toBeVisible();
  const table = new ExaminerTablePage(page);
  await expect(table.rows).toHaveCount(count);
  for (const status of await table.rows
    .locator('td')
    .filter({ hasText: /^(На рассмотрении|На доработке|Согласовано)$/ })
    .allTextContents()) {
    expect(status).toBe('На рассмотрении');
  }
  await page.getByRole('link', { name: 'Показать все заявления' }).click();
  await expect(page).toHaveURL(/\/instance\/all\/?$/);
  await expect(table.rows.nth(count)).toBeVisible();
});

test('the page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/instance/team');
  await expect(page.getByRole('table', { name: 'Нагрузка экспертов' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 576, height: 900 });
  await expect(page.getByRole('rowheader', { name: 'Смирнов Алексей Петрович' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test("the reviewing bodies' conclusions: each active body with its waiting, overdue and this month's answers", async ({
  page,
}) => {
  for (const width of [1400, 576]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/instance/team');
    const bodies = page.getByRole('table', { name: 'Заключения подразделений и органов' });
    for (const [name, kind] of [
      ['Отдел охраны объектов культурного наследия', 'Подразделение комитета'],
      ['Департамент транспорта и дорожной инфраструктуры', 'Внешний орган'],
    ] as const) {
      const row = bodies.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
      await expect(row.getByRole('rowheader')).toContainText(kind);
      for (const column of ['Ждут ответа', 'Просрочено', 'Ответов в этом месяце']) {
        await expect(row.locator(`td[data-label="${column}"]`)).toHaveText(/^\d+$/);
      }
    }
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    expect(await blockingViolations(page)).toEqual([]);
    await bodies.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/e2e-team-bodies-${width}.png` });
  }
});

test.describe('an examiner who is not the head', () => {
  test.use({ role: 'examiner1' });

  test('has no link and reads a refusal at the address', async ({ page, sidebar }) => {
    await page.goto('/instance/filter/under_review');
    await expect(sidebar.examinerMenu.getByRole('link', { name: 'Настройки' })).toBeVisible();
    await expect(sidebar.examinerMenu.getByRole('link', { name: 'Нагрузка' })).toHaveCount(0);

    await page.goto('/instance/team');
    await expect(page.getByText('Нет доступа')).toBeVisible();
    await expect(page.getByText('Раздел доступен только руководителю отдела.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
