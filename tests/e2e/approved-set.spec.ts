import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { listedWhile } from './listed.ts';
import { ReviewPage } from './pages/examiner-pages.ts';
import { StatementPage } from './pages/statement-page.ts';

// The approved set (docs/product.md «The approved set»): the demo's approved statement carries the stamped copies of
// its approved documents and their inventory on both details; the applicant takes the whole set as one ZIP by
// keyboard, and the examiner sees the same set.
test.use({ role: 'owner' });

for (const width of [1400, 576]) {
  test(`the applicant and the examiner find the stamped set, and the applicant downloads it whole (${width} px)`, async ({
    page,
    pageAs,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const approved = (await listedWhile(page, '/api/statements', () => page.goto('/company/filter/approved')))
      .filter((item) => item.status === 'approved')
      .sort((a, b) => a.id - b.id)[0];
    if (!approved) throw new Error('no approved statement seeded for the demo company');
    const detail = new StatementPage(page);
    await detail.goto(approved.id);

    const set = page.getByRole('region', { name: 'Согласованный комплект' });
    await expect(set).toBeVisible();
    await expect(set).toContainText('Копии документов со штампом «СОГЛАСОВАНО»');
    const stamped = set.getByRole('listitem').filter({ hasText: /_согласовано\.pdf/ });
    await expect(stamped.first()).toBeVisible();
    await expect(stamped.first()).toContainText(/\d+ (лист|листа|листов)/);
    await expect(set.getByText('Опись согласованного комплекта', { exact: true })).toBeVisible();
    await expect(set.getByRole('button', { name: /^Скачать «Опись_комплекта_\d+\.pdf»$/ })).toBeVisible();
    await expectAccessible(page, `the approved set at ${width} px`);
    await page.screenshot({ path: `/tmp/e2e-approved-set-${width}.png` });

    // 'Скачать комплект' by keyboard: one ZIP of the stamped copies and the inventory.
    const button = set.getByRole('button', { name: 'Скачать комплект' });
    await button.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(`Комплект_${approved.visibleId}.zip`);
    const names = Object.keys(unzipSync(new Uint8Array(await readFile(await download.path()))));
    const shown = (await stamped.allInnerTexts()).map((text) => text.match(/\S+_согласовано\.pdf/)?.[0]);
    for (const name of shown) expect(names.some((entry) => entry.endsWith(name ?? '—'))).toBe(true);
    expect(names.some((entry) => entry.startsWith('Опись'))).toBe(true);

    // The examiner's detail shows the same set.
    const examiner = await pageAs('examiner1');
    await examiner.setViewportSize({ width, height: 900 });
    await new ReviewPage(examiner).goto(approved.id);
    const examinerSet = examiner.getByRole('region', { name: 'Согласованный комплект' });
    await expect(examinerSet.getByRole('listitem').filter({ hasText: /_согласовано\.pdf/ })).toHaveCount(
      await stamped.count(),
    );
  });
}
