import { expect, test } from './fixtures.ts';
import { CompanyListPage } from './pages/company-list-page.ts';
import { CreateStatementPage, pdf } from './pages/create-statement-page.ts';
import { NewsPage, ReviewPage } from './pages/examiner-pages.ts';
import { StatementPage } from './pages/statement-page.ts';
import { servedThroughNginx } from './portal.ts';

// The live portal (docs/product.md «Live updates»): three people side by side, nobody reloads. Through nginx (the
// e2e-nginx stage) the portal runs two API processes on PostgreSQL, so a change made through one process reaches a
// browser whose stream the other holds; with `npm start`, one process on SQLite.
const liveEnv: Record<string, string> =
  servedThroughNginx && process.env.E2E_DATABASE_URL
    ? {
        API_PROCESSES: '2',
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        // One secret for both processes (without it each would read or make the development one at once).
        JWT_SECRET: 'live-e2e-secret-that-is-long-enough-for-hs256-signing',
      }
    : {};

// It changes what others see: a server of its own.
test.use({ role: 'owner', serverEnv: liveEnv });

test('a submission reaches both examiners’ news, a take leaves the other’s, and the answer reaches the applicant’s open screens', async ({
  page,
  pageAs,
  server,
}) => {
  if (liveEnv.API_PROCESSES) {
    // Really two API processes behind nginx's one upstream.
    expect(await server.output()).toMatch(/API: http:\/\/127\.0\.0\.1:\d+, http:\/\/127\.0\.0\.1:\d+,/);
  }
  const news1 = new NewsPage(await pageAs('examiner1'));
  const news2 = new NewsPage(await pageAs('examiner2'));
  await news1.goto();
  await news2.goto();

  // The applicant submits; both examiners' news show it without a reload.
  const create = new CreateStatementPage(page);
  await create.goto();
  await create.fill({ objectName: 'Живой объект на набережной' });
  await create.documents.upload([pdf('Генплан.pdf')]);
  const { id, visibleId } = await create.create();
  await expect(news1.row(visibleId)).toBeVisible();
  await expect(news2.row(visibleId)).toBeVisible();

  // The applicant's list (open since the submission): its card and the sidebar's count follow what happens next.
  const list = new CompanyListPage(page);
  const card = list.card('Живой объект на набережной');
  await expect(card).toContainText('Отправлено');
  const underReview = page.getByRole('navigation', { name: 'Меню компании' }).getByRole('link', {
    name: /^На рассмотрении/,
  });
  // A count is drawn only once known: wait for it before reading it.
  await expect(underReview).toHaveText(/\d+$/);
  const before = Number(((await underReview.textContent()) ?? '').replace(/\D+/g, ''));

  // Examiner 1 takes it; it leaves examiner 2's news with a polite word in the status region.
  await news1.takeButton(visibleId).click();
  await news1.confirmDialog.getByRole('button', { name: 'Yes' }).click();
  await expect(news1.page.getByText('Заявление взято в работу')).toBeVisible();
  await expect(news2.row(visibleId)).toHaveCount(0);
  await expect(
    news2.page.getByRole('status').getByText(`Заявление № ${visibleId} взял в работу другой эксперт`),
  ).toBeVisible();

  // The applicant's card, count and bell changed under their eyes.
  await expect(card).toContainText('На рассмотрении');
  await expect(underReview).toContainText(String(before + 1));
  // The bell counts what came since the drawer last showed.
  await expect(list.bell).toHaveAccessibleName(/^Уведомления, новых: [1-9]\d*$/);
  await list.bell.click();
  await expect(list.notifications.filter({ hasText: `№ ${visibleId}` }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list.bell).toHaveAccessibleName('Уведомления');

  // The applicant opens the statement; examiner 1 rejects it; the open detail says so and shows it.
  const detail = new StatementPage(page);
  await detail.goto(id);
  await expect(detail.history).toBeVisible();
  const review = new ReviewPage(news1.page);
  await review.goto(id);
  await review.choose('Отклонить');
  await review.replyComment.fill('Не соответствует градостроительному регламенту');
  await review.tickGrounds('Архитектурно-градостроительный облик не соответствует');
  await review.replySubmit.click();
  await expect(review.replyDialog).toBeHidden();
  await expect(page.getByRole('status').getByText('Статус заявления изменился: Отклонено')).toBeVisible();
  await expect(detail.historyEntries.filter({ hasText: 'Отказано' }).first()).toBeVisible();
});
