import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { AssignDialog, NewsPage, ReviewPage } from './pages/examiner-pages.ts';
import { ExaminerTablePage } from './pages/examiner-table-page.ts';
import { StatementPage } from './pages/statement-page.ts';

// The committee's head assigns and reassigns (docs/product.md «Assigning»): the head hands examiner 1's statement
// to examiner 2 with a comment, by keyboard; both examiners' tables follow within a second and the applicant's detail
// names the new examiner. It changes what others see: a server of its own.
test.use({ role: 'head', freshServer: true });

/** The seeded statement under review, examiner 1's (with examiner 1's draft remark). */
const SCHOOL = 'пр. Мира, 45';

/** Presses Tab until `target` has the focus: how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < 30; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the head hands examiner 1’s statement to examiner 2 with a comment, by keyboard; both tables follow within a second and the applicant sees the new examiner', async ({
  page,
  pageAs,
}) => {
  const first = await pageAs('examiner1');
  const firstTable = new ExaminerTablePage(first);
  await firstTable.goto('/instance/filter/under_review');
  const firstRow = firstTable.row(SCHOOL);
  await expect(firstRow).toBeVisible();
  const href = await firstTable.link(firstRow).getAttribute('href');
  const id = Number(href?.match(/(\d+)$/)?.[1]);
  expect(id).toBeGreaterThan(0);

  const second = await pageAs('examiner2');
  const secondTable = new ExaminerTablePage(second);
  await secondTable.goto('/instance/filter/under_review');
  await expect(secondTable.row(SCHOOL)).toHaveCount(0);

  // The head, on the examiner's detail, from the keyboard only.
  const detail = new ReviewPage(page);
  await detail.goto(id);
  const handOver = page.getByRole('button', { name: 'Передать другому эксперту' });
  await handOver.focus();
  await page.keyboard.press('Enter');
  const dialog = new AssignDialog(page, 'Передать другому эксперту');
  await expect(dialog.root).toBeVisible();
  // Each examiner with their load; the current one cannot be chosen again.
  await expect(dialog.examiner('Кузнецова Мария Игоревна')).toBeVisible();
  await expect(dialog.examiners).toContainText(
    /Смирнов Алексей Петрович \(ведёт сейчас\)в работе: \d+, просрочено: \d+/,
  );
  await expect(dialog.examiner('Смирнов Алексей Петрович')).toBeDisabled();
  await expectAccessible(page, 'hand-over dialog');
  // Sent with nobody chosen: the picker says so and takes the focus.
  await tabTo(page, dialog.submit);
  await page.keyboard.press('Enter');
  await expect(dialog.root.getByText('Выберите эксперта')).toBeVisible();
  await expect(dialog.examiner('Кузнецова Мария Игоревна')).toBeFocused();
  await expectAccessible(page, 'hand-over dialog with its error');
  await page.keyboard.press('Space');
  await expect(dialog.examiner('Кузнецова Мария Игоревна')).toBeChecked();
  await tabTo(page, dialog.comment);
  await page.keyboard.type('Смирнов А. П. в отпуске до 10 декабря');
  await tabTo(page, dialog.submit);
  await page.keyboard.press('Enter');

  await expect(page.getByText('Заявление передано: Кузнецова Мария Игоревна')).toBeVisible();
  await expect(dialog.root).toBeHidden();
  const handedOver = detail.historyEntries.filter({ hasText: 'Передано другому эксперту' });
  await expect(handedOver).toContainText('Эксперт: Кузнецова Мария Игоревна');
  await expect(handedOver).toContainText('Комментарий: Смирнов А. П. в отпуске до 10 декабря');
  await expect(handedOver).toContainText('Орлова Елена Викторовна');

  // Both examiners' tables follow within a second.
  await expect(secondTable.row(SCHOOL)).toBeVisible({ timeout: 1_000 });
  await expect(firstRow).toHaveCount(0, { timeout: 1_000 });

  // The applicant's detail names the new examiner; the head's note is the committee's own.
  const owner = await pageAs('owner');
  const company = new StatementPage(owner);
  await company.goto(id);
  await expect(company.block('Эксперт')).toContainText('Кузнецова Мария Игоревна');
  await expect(company.history).toContainText('Эксперт: Кузнецова Мария Игоревна');
  await expect(company.history).not.toContainText('в отпуске');
});

test('an examiner who is not the head sees no assigning; the head assigns a new statement from the news', async ({
  page,
  pageAs,
}) => {
  const examiner = await pageAs('examiner1');
  const theirNews = new NewsPage(examiner);
  await theirNews.goto();
  await expect(theirNews.list.getByRole('listitem').first()).toBeVisible();
  await expect(examiner.getByRole('button', { name: /^Взять в работу заявление/ }).first()).toBeVisible();
  await expect(examiner.getByRole('button', { name: /Назначить эксперту/ })).toHaveCount(0);
  const table = new ExaminerTablePage(examiner);
  await table.goto('/instance/filter/under_review');
  await table.link(table.row(SCHOOL)).click();
  await expect(examiner.getByRole('button', { name: 'Предоставить ответ' })).toBeVisible();
  await expect(examiner.getByRole('button', { name: /Назначить эксперту|Передать другому эксперту/ })).toHaveCount(0);

  const news = new NewsPage(page);
  await news.goto();
  const assign = page.getByRole('button', { name: /^Назначить эксперту заявление № \d+$/ }).first();
  await expect(assign).toBeVisible();
  const label = (await assign.getAttribute('aria-label')) ?? '';
  const visibleId = Number(label.replace(/\D+/g, ''));
  await assign.focus();
  await page.keyboard.press('Enter');
  const dialog = new AssignDialog(page, 'Назначить эксперту');
  await expect(dialog.root).toContainText(`Заявление № ${visibleId}`);
  await dialog.examiner('Кузнецова Мария Игоревна').check();
  await dialog.submit.click();
  await expect(dialog.root).toBeHidden();
  await expect(news.row(visibleId)).toHaveCount(0);
  // The focus, its row gone, goes to the heading.
  await expect(news.heading).toBeFocused();
  // Examiner 1's news no longer holds it.
  await theirNews.goto();
  await expect(theirNews.row(visibleId)).toHaveCount(0);
});
