import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { demoUsers } from '../../tools/demo.ts';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';

// The report on terms at /instance/reports (docs/product.md «Report on terms»): the head reads the
// quarter's figures of the demo seed, downloads the same numbers as CSV, by mouse and by keyboard, at 1400 and 576 px;
// an examiner who is not the head sees no link and is refused at the address.

/** The committee's day (Moscow) `days` before now, as `YYYY-MM-DD`. */
function moscowDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
}

/** The seed's statements (server/src/seed/demo.ts): submitted `daysAgo`, and decided within hours when decided. */
const SEED = [
  { daysAgo: 1, outcome: null },
  { daysAgo: 6, outcome: null },
  { daysAgo: 12, outcome: null },
  { daysAgo: 30, outcome: 'Согласовано' },
  { daysAgo: 40, outcome: 'Отклонено' },
  { daysAgo: 4, outcome: 'Отказано в приёме' },
  { daysAgo: 20, outcome: 'Отозвано' },
  { daysAgo: 3, outcome: null },
] as const;

/** What the seed gives for the current quarter of the committee's calendar. */
function expected() {
  const today = moscowDay(0);
  const month = Number(today.slice(5, 7));
  const quarterStart = `${today.slice(0, 4)}-${String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
  const inQuarter = SEED.filter((row) => moscowDay(row.daysAgo) >= quarterStart);
  const decided = inQuarter.filter((row) => row.outcome !== null);
  const committee = decided.filter((row) => row.outcome !== 'Отозвано');
  return {
    received: inQuarter.length,
    decided: decided.length,
    count: (outcome: string) => decided.filter((row) => row.outcome === outcome).length,
    // Each committee decision came within hours of its receipt: every one within the term.
    share: committee.length === 0 ? '—' : '100 %',
    committee: committee.length,
    demoConclusionInQuarter: moscowDay(45) >= quarterStart,
  };
}

test.describe('the report on terms', () => {
  // Nothing else decides statements on this server: the figures are the seed's.
  test.use({ role: 'head', freshServer: true });

  for (const width of [1400, 576]) {
    test(`the head reads the quarter and downloads the same numbers as CSV at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/instance/news');
      const menu = page.getByRole('button', { name: 'Меню' });
      await expect(page.getByRole('link', { name: 'Настройки' }).or(menu).first()).toBeVisible();
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('link', { name: 'Отчёт', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Отчёт по срокам рассмотрения' })).toBeVisible();

      const want = expected();
      const summary = page.locator('.report-summary');
      const figure = (label: string) =>
        summary.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
      await expect(figure('Поступило заявлений')).toHaveText(String(want.received));
      await expect(figure('Завершено')).toHaveText(String(want.decided));
      await expect(figure('Решений в срок')).toHaveText(want.share);
      const outcomes = page.getByRole('table', { name: 'Итоги рассмотрения' });
      for (const outcome of ['Согласовано', 'Отклонено', 'Отказано в приёме', 'Отозвано']) {
        await expect(outcomes.getByRole('row', { name: outcome })).toContainText(String(want.count(outcome)));
      }
      // The chart names its text alternative, the weeks' table, whose decisions add up to the committee's.
      await expect(page.getByRole('img', { name: /Решения по неделям и доля в срок/ })).toBeVisible();
      const weeks = page.getByRole('table', { name: 'Решения по неделям' });
      const perWeek = await weeks.locator('tbody tr td:nth-child(2)').allInnerTexts();
      expect(perWeek.reduce((sum, text) => sum + Number(text), 0)).toBe(want.committee);
      if (want.committee > 0) {
        await expect(page.getByRole('table', { name: 'По экспертам' })).toContainText(demoUsers.examiner1.fio);
      }
      // The demo asked the heritage department about its approved statement, and it answered: counted when the
      // statement's whole path lies in this quarter.
      if (want.demoConclusionInQuarter) {
        const heritage = page
          .getByRole('table', { name: 'Заключения по органам' })
          .getByRole('row', { name: /Отдел охраны объектов культурного наследия/ });
        await expect(heritage.getByRole('cell').nth(2)).not.toHaveText('0');
        await heritage.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/tmp/e2e-report-bodies-${width}.png` });
      }

      // Downloaded by keyboard: the button takes the focus and Enter saves the file.
      const button = page.getByRole('button', { name: 'Выгрузить в CSV' });
      await button.focus();
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toMatch(/^otchet-po-srokam_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv.startsWith('\uFEFFРаздел;Эксперт;Показатель;Значение\r\n')).toBe(true);
      // Read as a spreadsheet reads it: a value with a comma comes quoted ('Доля решений в срок, %', '85,7').
      const rows = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', newline: '\r\n', skipEmptyLines: true }).data;
      expect(rows).toContainEqual(['Итого', '', 'Поступило заявлений', String(want.received)]);
      expect(rows).toContainEqual(['Итого', '', 'Завершено всего', String(want.decided)]);
      expect(rows).toContainEqual(['Итого', '', 'Отказано в приёме', String(want.count('Отказано в приёме'))]);
      expect(rows).toContainEqual(['Итого', '', 'Доля решений в срок, %', want.share.replace(' %', '')]);

      // Nothing wider than the screen but the tables' own scrolling regions.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page, `the report on terms at ${width} px`);
    });
  }

  test('an examiner who is not the head sees no link and is refused at the address', async ({ pageAs }) => {
    const page = await pageAs('examiner1');
    await page.goto('/instance/news');
    await expect(page.getByRole('link', { name: 'Настройки' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Отчёт', exact: true })).toHaveCount(0);
    await page.goto('/instance/reports');
    await expect(page.getByText('Раздел доступен только руководителю отдела')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Выгрузить в CSV' })).toHaveCount(0);
    await expectAccessible(page, 'the report refused');
  });
});
