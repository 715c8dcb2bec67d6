import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CreateStatementPage, pdf } from './pages/create-statement-page.ts';
import { AcceptanceRefusalDialog, NewsPage } from './pages/examiner-pages.ts';
import { ExaminerTablePage } from './pages/examiner-table-page.ts';
import { StatementPage } from './pages/statement-page.ts';

// The regulation's procedures (docs/product.md «The regulation's procedures»): the refusal to accept from the news,
// and the applicant's withdrawal, seen on both sides. They change what others see: a server of their own.
test.use({ role: 'owner', freshServer: true });

/** Submits a statement as the signed-in applicant, with one drawing. */
async function submit(page: Page, objectName: string): Promise<{ id: number; visibleId: number }> {
  const create = new CreateStatementPage(page);
  await create.goto();
  await create.fill({ objectName });
  await create.documents.upload([pdf('Альбом АГР.pdf')]);
  return create.create();
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus: how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, back = false): Promise<void> {
  for (let step = 0; step < 30; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

test('an examiner refuses to accept from the news with two grounds, by keyboard; the applicant sees the refusal, its grounds and the notice', async ({
  page,
  pageAs,
}) => {
  const statement = await submit(page, 'Павильон для отказа в приёме');

  const examiner = await pageAs('examiner1');
  const news = new NewsPage(examiner);
  await news.goto();
  const row = news.row(statement.visibleId);
  await expect(row).toBeVisible();
  // The intake check's term, as the review term's due date is written.
  await expect(row).toContainText(/Проверить до \d{1,2} [а-я]+ \d{4} г\./);

  // The dialog from the keyboard only: open, send without a ground, tick two, write, send.
  await news.refuseButton(statement.visibleId).focus();
  await examiner.keyboard.press('Enter');
  const dialog = new AcceptanceRefusalDialog(examiner);
  await expect(dialog.root).toBeVisible();
  await expect(dialog.root).toContainText(`Заявление № ${statement.visibleId}`);
  await expect(dialog.ground('Представлен неполный комплект документов')).toBeVisible();
  await tabTo(examiner, dialog.submit);
  await examiner.keyboard.press('Enter');
  await expect(dialog.root.getByText(/Выберите основание$/)).toBeVisible();
  // The first ground takes the focus: the picker says what is wrong.
  await expect(dialog.grounds.getByRole('checkbox').first()).toBeFocused();
  await tabTo(examiner, dialog.ground('Представлен неполный комплект документов'));
  await examiner.keyboard.press('Space');
  await tabTo(examiner, dialog.ground('Документы содержат подчистки и исправления текста'));
  await examiner.keyboard.press('Space');
  await expect(dialog.root.getByText(/Выберите основание$/)).toBeHidden();
  await tabTo(examiner, dialog.comment);
  await examiner.keyboard.type('Нет раздела «Фасады», текст пояснительной записки исправлен.');
  await tabTo(examiner, dialog.submit);
  await examiner.keyboard.press('Enter');

  await expect(examiner.getByText('В приёме документов отказано')).toBeVisible();
  await expect(dialog.root).toBeHidden();
  await expect(row).toHaveCount(0);
  // The row that had the focus is gone: the page's heading takes it.
  await expect(news.heading).toBeFocused();
  // Refused here: no word about a colleague.
  await expect(examiner.getByText(/другой эксперт/)).toHaveCount(0);

  // The applicant: the status, both grounds with their legal basis, and the notice in the round.
  const detail = new StatementPage(page);
  await detail.goto(statement.id);
  await expect(page.locator('.detail-header').getByText('Отказано в приёме', { exact: true })).toBeVisible();
  await expect(detail.block('Основания отказа').getByRole('listitem')).toHaveText([
    /^Представлен неполный комплект документов/,
    /^Документы содержат подчистки и исправления текста/,
  ]);
  await expect(detail.withdrawButton).toHaveCount(0);
  await expect(detail.deleteButton).toHaveCount(0);
  const notice = `Отказ_в_приёме_${statement.visibleId}.pdf`;
  const round = detail.round('Документы');
  await expect(round).toContainText('Нет раздела «Фасады»');
  const downloading = page.waitForEvent('download');
  await detail.download(notice, round).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(notice);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await download.path(), '-'], { encoding: 'utf8' });
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('Представлен неполный комплект документов');
  expect(flat).toContain('Документы содержат подчистки и исправления текста');
  await expect(detail.historyEntries.filter({ hasText: 'Отказано в приёме' })).toHaveCount(1);

  // Its own filter route and sidebar entry on the company side.
  const refused = page.getByRole('navigation', { name: 'Меню компании' }).getByRole('link', {
    name: /^Отказано в приёме/,
  });
  await expect(refused).toContainText(/[1-9]/);
  await refused.click();
  await expect(page).toHaveURL(/\/company\/filter\/not_accepted$/);
  await expect(page.getByRole('link', { name: /Павильон для отказа в приёме/ })).toBeVisible();
});

test('an applicant withdraws a statement under review; it leaves the examiner’s table for «Отозвано» on both sides without a reload', async ({
  page,
  pageAs,
}) => {
  const statement = await submit(page, 'Киоск для отзыва');

  // The examiner takes it into work and watches their own table of statements under review.
  const examiner = await pageAs('examiner1');
  const news = new NewsPage(examiner);
  await news.goto();
  await news.take(statement.visibleId);
  const table = new ExaminerTablePage(examiner);
  await table.goto('/instance/filter/under_review');
  const row = table.rows.filter({
    has: examiner.getByRole('link', { name: `Открыть заявление № ${statement.visibleId}` }),
  });
  await expect(row).toBeVisible();
  const withdrawnLink = examiner.getByRole('navigation', { name: 'Меню инстанции' }).getByRole('link', {
    name: /^Отозвано/,
  });
  await expect(withdrawnLink).toHaveText(/\d+$/);
  const before = Number(((await withdrawnLink.textContent()) ?? '').replace(/\D+/g, ''));

  // The applicant withdraws it, with a reason, from the keyboard.
  const detail = new StatementPage(page);
  await detail.goto(statement.id);
  await expect(detail.deleteButton).toHaveCount(0);
  await detail.withdrawButton.focus();
  await page.keyboard.press('Enter');
  await expect(detail.withdrawDialog).toBeVisible();
  await expect(detail.withdrawDialog).toContainText('Отозвать заявление? Рассмотрение будет прекращено.');
  await tabTo(page, detail.withdrawReason);
  await page.keyboard.type('Проект будет переработан');
  await tabTo(page, detail.withdrawConfirm);
  await page.keyboard.press('Enter');

  await expect(page.getByText('Заявление отозвано', { exact: true })).toBeVisible();
  await expect(detail.withdrawDialog).toBeHidden();
  await expect(page.locator('.detail-header').getByText('Отозвано', { exact: true })).toBeVisible();
  await expect(detail.withdrawButton).toHaveCount(0);
  await expect(detail.title).toBeFocused();
  await expect(detail.historyEntries.filter({ hasText: 'Отозвано' })).toHaveCount(1);
  await expect(page.getByText(/^Рассмотрение прекращено: заявление отозвано/)).toBeVisible();
  // The reason ends the round it follows: no new submission.
  await expect(detail.rounds).toHaveCount(1);
  await expect(detail.round('Документы')).toContainText('Отзыв заявления');
  await expect(detail.round('Документы')).toContainText('Проект будет переработан');

  // The examiner's table follows within a second: the row leaves, the 'Отозвано' count grows.
  await expect(row).toHaveCount(0, { timeout: 1_000 });
  await expect(withdrawnLink).toContainText(String(before + 1), { timeout: 1_000 });
  await withdrawnLink.click();
  await expect(examiner).toHaveURL(/\/instance\/filter\/withdrawn$/);
  const withdrawnRow = table.rows.filter({
    has: examiner.getByRole('link', { name: `Открыть заявление № ${statement.visibleId}` }),
  });
  await expect(withdrawnRow).toContainText('Отозвано');
});
