import type { FileChooser, Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { listItems, statementUnderReview } from './listed.ts';
import { AdminPage } from './pages/admin-page.ts';
import { CreateStatementPage } from './pages/create-statement-page.ts';
import { NewsPage, ReviewPage } from './pages/examiner-pages.ts';

// Layout details a new user meets (docs/product.md «Error texts», «Printing», «The regulation's procedures»): toasts
// clear of a form's buttons on a phone, the administration's and the report's tables inside their cards, badges
// printed as framed words, the public check's file picker in Russian, and a legal basis said once for its grounds.

/** The default legal bases of the seeded catalogues (server/src/catalogs/defaults.ts). */
const INTAKE_LIST =
  'Административный регламент предоставления услуги: исчерпывающий перечень оснований для отказа в приёме документов';
const SIGNATURE_LAW = 'Федеральный закон от 06.04.2011 № 63-ФЗ «Об электронной подписи», статья 11';
const REFUSAL_LIST =
  'Административный регламент предоставления услуги: исчерпывающий перечень оснований для отказа в согласовании архитектурно-градостроительного облика объекта (постановление Правительства Российской Федерации № 857)';

const WIDTHS = [1400, 576] as const;

/** True when two boxes share any area. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** An element's content and visible widths: content wider than the box spills out of its card. */
function widths(locator: Locator): Promise<{ scrollWidth: number; clientWidth: number }> {
  return locator.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
}

/** Expects `basis` said once in `grounds`: as the name of the group of `count` checkboxes it covers. */
async function expectBasisOnce(grounds: Locator, basis: string, count: number): Promise<void> {
  await expect(grounds.getByText(basis, { exact: true })).toHaveCount(1);
  const group = grounds.getByRole('group', { name: basis, exact: true });
  await expect(group.getByRole('checkbox')).toHaveCount(count);
}

test.describe('the examiner’s dialogs and printout', () => {
  test.use({ role: 'examiner1' });

  for (const width of WIDTHS) {
    test(`a legal basis shared by grounds is said once in both refusal dialogs at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const news = new NewsPage(page);
      await news.goto();

      // 'Отказать в приёме', by keyboard: the regulation's list heads its four grounds, the federal law stays under its own.
      const refuse = page.getByRole('button', { name: /^Отказать в приёме заявления/ }).first();
      await refuse.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Отказ в приёме документов' });
      const intake = dialog.getByRole('group', { name: 'Основания отказа в приёме', exact: true });
      await expect(intake.getByRole('checkbox')).toHaveCount(5);
      await expectBasisOnce(intake, INTAKE_LIST, 4);
      await expect(intake.getByText(SIGNATURE_LAW, { exact: true })).toHaveCount(1);
      await expect(
        intake.getByRole('checkbox', { name: /^Не соблюдены условия признания действительности/ }),
      ).toHaveAccessibleName(new RegExp(`${SIGNATURE_LAW.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expect(intake.getByRole('checkbox').first()).toHaveAccessibleName(/^Заявление подано в орган/);
      await expect(intake.getByRole('checkbox').first()).not.toHaveAccessibleName(/Административный регламент/);
      await intake.getByRole('checkbox').first().focus();
      await page.keyboard.press('Space');
      await expect(intake.getByRole('checkbox').first()).toBeChecked();
      await expectAccessible(page, `the intake refusal at ${width} px`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // 'Отклонить': the three grounds of approval share one basis, said once.
      const review = new ReviewPage(page);
      await review.goto((await statementUnderReview(page)).id);
      await review.choose('Отклонить');
      await expect(review.refusalGrounds.getByRole('checkbox')).toHaveCount(3);
      await expectBasisOnce(review.refusalGrounds, REFUSAL_LIST, 3);
      await expectAccessible(page, `the rejection's grounds at ${width} px`);
      await page.keyboard.press('Escape');
      await expect(review.replyDialog).toBeHidden();
    });
  }

  test('a printed detail shows its status badge as framed black words and lets a long round run on', async ({
    page,
  }) => {
    const listed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/instance/all/statements' && response.ok(),
    );
    await page.goto('/instance/all');
    const approved = listItems(await (await listed).json()).find(
      (item) => item.title === 'Поликлиника на 300 посещений',
    );
    if (!approved) throw new Error('the seeded approved statement is not listed');
    const review = new ReviewPage(page);
    await review.goto(approved.id);
    await expect(review.historyEntries.first()).toBeVisible();

    const badge = page.getByRole('main').locator('.badge').first();
    await expect(badge).toHaveText('Согласовано');
    const onScreen = await badge.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(onScreen).not.toBe('rgba(0, 0, 0, 0)');

    await page.emulateMedia({ media: 'print' });
    const printed = await badge.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        background: style.backgroundColor,
        color: style.color,
        border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      };
    });
    expect(printed).toEqual({
      background: 'rgba(0, 0, 0, 0)',
      color: 'rgb(0, 0, 0)',
      border: '1px solid rgb(0, 0, 0)',
    });
    // A round (with its list of files) may break across pages; a history entry, a small block, is kept whole.
    const rounds = await page.evaluate(() =>
      [...document.querySelectorAll('li.comment')].map((item) => getComputedStyle(item).breakInside),
    );
    expect(rounds.length).toBeGreaterThan(0);
    expect(new Set(rounds)).toEqual(new Set(['auto']));
    const entry = await review.historyEntries.first().evaluate((item) => getComputedStyle(item).breakInside);
    expect(entry).toBe('avoid');
  });
});

test.describe('the head’s tables', () => {
  test.use({ role: 'head' });

  for (const width of WIDTHS) {
    test(`the examiners of the administration and of the report stay inside their cards at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const admin = new AdminPage(page);
      await admin.goto();
      const examiners = admin.list('Эксперты');
      const row = admin.row(examiners, 'Орлова Елена Викторовна');
      await expect(row).toBeVisible();
      // The section holds the table: a table wider than the section spills out of it.
      const spill = await widths(examiners);
      expect(spill.scrollWidth).toBeLessThanOrEqual(spill.clientWidth);
      // Measured once the row's menu button is shown: the section may still be drawing its rows.
      const menu = admin.button(examiners, 'Действия', 'Орлова Елена Викторовна');
      await expect(menu).toBeVisible();
      const card = await examiners.boundingBox();
      const actions = await menu.boundingBox();
      if (!card || !actions) throw new Error('the table or its row’s menu is not shown');
      expect(actions.x + actions.width).toBeLessThanOrEqual(card.x + card.width);
      const display = await row.evaluate((element) => getComputedStyle(element).display);
      expect(display).toBe(width < 768 ? 'block' : 'table-row');
      await expectAccessible(page, `the administration's examiners at ${width} px`);

      await page.goto('/instance/reports');
      const region = page.getByRole('region', { name: 'По экспертам' });
      const report = region.getByRole('table', { name: 'По экспертам' });
      await expect(report.getByRole('rowheader', { name: 'Смирнов Алексей Петрович' })).toBeVisible();
      const reportSpill = await widths(region);
      expect(reportSpill.scrollWidth).toBeLessThanOrEqual(reportSpill.clientWidth);
      const examinerRow = report.getByRole('row').filter({ hasText: 'Смирнов Алексей Петрович' });
      const rowDisplay = await examinerRow.evaluate((element) => getComputedStyle(element).display);
      expect(rowDisplay).toBe(width < 768 ? 'grid' : 'table-row');
      if (width < 768) {
        // A card: each figure under its label.
        const first = examinerRow.getByRole('cell').first();
        await expect(first).toHaveAttribute('data-label', 'Завершено всего');
        expect(await first.evaluate((element) => getComputedStyle(element, '::before').display)).toBe('block');
      }
      await expectAccessible(page, `the report's examiners at ${width} px`);
    });
  }
});

test.describe('the owner’s new statement', () => {
  test.use({ role: 'owner' });

  for (const width of WIDTHS) {
    test(`a toast leaves the form's primary button clear at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const create = new CreateStatementPage(page);
      await create.goto();
      // Sent empty by keyboard: the toast says why, in the polite status region.
      await create.submit.focus();
      await page.keyboard.press('Enter');
      const region = page.getByRole('status', { name: 'Уведомления о действиях' });
      const toast = region.getByText('Проверьте корректность полей');
      await expect(toast).toBeVisible();
      // The button at the screen's bottom edge, where the page's end brings it.
      await create.submit.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      const button = await create.submit.boundingBox();
      const shown = await region.locator('.toast').first().boundingBox();
      if (!button || !shown) throw new Error('the button or the toast is not shown');
      expect(overlaps(shown, button), `toast ${JSON.stringify(shown)} over button ${JSON.stringify(button)}`).toBe(
        false,
      );
      await expectAccessible(page, `the new statement with a toast at ${width} px`);
    });
  }
});

/** Opens the public check of `token` for a visitor without a login at `width`. */
async function visitCheck(page: Page, token: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`/check/${token}`);
  await expect(page.getByText('Свидетельство действительно')).toBeVisible();
}

test.describe('the public check', () => {
  // Approves a statement: a server of its own.
  test.use({ role: 'examiner1', freshServer: true });

  test('the file pickers say «Выбрать файл» and name the chosen file, by keyboard, at 1400 and 576 px', async ({
    page,
    browser,
    baseURL,
  }) => {
    const review = new ReviewPage(page);
    await review.goto((await statementUnderReview(page)).id);
    const made = page.waitForResponse((response) => /\/certificate$/.test(new URL(response.url()).pathname));
    const download = page.waitForEvent('download');
    await review.choose('Согласовать');
    const token = String(((await (await made).json()) as { token?: string }).token ?? '');
    expect(token).not.toBe('');
    const certificate = await download;
    await review.attachCertificate(certificate);
    const sent = page.waitForResponse((response) =>
      /\/api\/instance\/\d+\/stages$/.test(new URL(response.url()).pathname),
    );
    await review.replySubmit.click();
    expect((await sent).status()).toBe(201);
    const file = {
      name: 'Мой экземпляр.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 другой файл'),
    };

    const visitor = await browser.newContext({ baseURL });
    try {
      const phone = await visitor.newPage();
      // Choosers intercepted from the start: a listener added just before the key press can lose the race.
      const opened: FileChooser[] = [];
      phone.on('filechooser', (chooser) => opened.push(chooser));
      for (const width of WIDTHS) {
        await visitCheck(phone, token, width);
        const block = phone.getByRole('region', { name: 'Сверить файл с согласованными документами' });
        await expect(block.getByText('Выбрать файл', { exact: true })).toBeVisible();
        await expect(block.getByText('файл не выбран', { exact: true })).toBeVisible();
        const input = block.getByLabel('Выберите файл на своём компьютере');
        await expect(input).toHaveAccessibleDescription(/Файл никуда не отправляется/);

        // By keyboard: Tab reaches the picker, Space opens the browser's chooser.
        await block.getByRole('heading').click();
        await phone.keyboard.press('Tab');
        await expect(input).toBeFocused();
        const zone = await input.evaluate((element) => getComputedStyle(element.parentElement as Element).boxShadow);
        expect(zone).not.toBe('none');
        const before = opened.length;
        await phone.keyboard.press('Space');
        await expect.poll(() => opened.length).toBe(before + 1);
        await opened[before]?.setFiles(file);
        await expect(block.getByText(file.name, { exact: true })).toBeVisible();
        await expect(block.getByText('файл не выбран', { exact: true })).toBeHidden();
        await expect(block).toContainText('Файл не совпадает ни с одним согласованным документом');
        await expectAccessible(phone, `the public check's picker at ${width} px`);
      }
    } finally {
      await visitor.close();
    }
  });
});
