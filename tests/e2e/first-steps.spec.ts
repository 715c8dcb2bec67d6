import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { statementUnderReview } from './listed.ts';
import { CreateStatementPage, pdf } from './pages/create-statement-page.ts';
import { ReviewPage } from './pages/examiner-pages.ts';

// What a first-time user meets on the statement details (docs/product.md «Company statement detail», «Examiner statement
// detail»): a statement that is not there or fails to load keeps its address and says so, and the back link leads to the
// list the statement was opened from; the owner who files is told the number, the terms and what happens next.
test.use({ role: 'examiner1' });

for (const width of [1400, 576]) {
  test(`a statement that is not there or fails to load says so at its own address (${width} px)`, async ({
    page,
    pageAs,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const statement = await statementUnderReview(page);

    // A broken link: the page stays at its address, names the state and leads to the list by keyboard.
    const applicant = await pageAs('owner');
    await applicant.setViewportSize({ width, height: 900 });
    await applicant.goto('/statement/info/987654');
    await expect(applicant.getByRole('heading', { level: 1, name: 'Заявление не найдено' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(applicant).toHaveURL(/\/statement\/info\/987654$/);
    await expectAccessible(applicant, 'a statement not found');
    const toList = applicant.getByRole('link', { name: 'К списку заявлений' });
    await toList.focus();
    await applicant.keyboard.press('Enter');
    await expect(applicant).toHaveURL(/\/company\/?$/);

    // The examiner's detail fails to load (no connection): 'Повторить' loads it, at the same address.
    let cut = true;
    await page.route(`**/api/instance/statements/${statement.id}`, (route) =>
      cut ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.goto(`/instance/statement/info/${statement.id}`);
    const failure = page.getByRole('heading', { level: 1, name: 'Не удалось загрузить заявление' });
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/instance/statement/info/${statement.id}$`));
    const retry = page.getByRole('button', { name: 'Повторить' });
    await expect(retry).toBeInViewport();
    await expectAccessible(page, 'a statement that failed to load');
    await page.screenshot({ path: `/tmp/e2e-detail-failed-${width}.png` });
    cut = false;
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`№ ${statement.visibleId}`, { exact: true })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });
}

test("the examiner's back link leads to the list the statement was opened from, else to every statement", async ({
  page,
}) => {
  const review = new ReviewPage(page);
  const statement = await statementUnderReview(page);
  const backLink = page.locator('a.back-link');
  for (const width of [1400, 576]) {
    await page.setViewportSize({ width, height: 900 });
    // Opened from 'На рассмотрении' (the list statementUnderReview left open): back to it.
    await page.goto('/instance/filter/under_review');
    const open = page.getByRole('link', { name: `Открыть заявление № ${statement.visibleId}`, exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(review.title).toBeVisible();
    await expect(backLink).toHaveText('←На рассмотрении');
    await expect(backLink).toHaveAttribute('href', '/instance/filter/under_review');

    // Opened by a direct link: back to every statement, never to 'Новые заявления'.
    await review.goto(statement.id);
    await expect(backLink).toHaveText('←Все заявления');
    await expect(backLink).toHaveAttribute('href', '/instance/all');
    await expectAccessible(page, 'the examiner detail opened by a direct link');
  }
});

test("the examiner's table names each object, and on a phone each row is a card with its status and term", async ({
  page,
}) => {
  for (const width of [1400, 576]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/instance/filter/all');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Наименование объекта' })).toBeAttached({ timeout: 30_000 });
    const rows = table.getByRole('row').filter({ has: page.getByRole('link', { name: /^Открыть заявление № / }) });
    await expect(rows.filter({ hasText: 'Поликлиника на 300 посещений' })).toHaveCount(1);
    // Nothing off to the side: every row's status and term are within the screen.
    const box = page.getByRole('region', { name: 'Заявления в работе' });
    await expect
      .poll(() => box.evaluate((element) => element.scrollWidth - element.clientWidth))
      .toBeLessThanOrEqual(0);
    for (const row of await rows.all()) {
      for (const cell of [row.locator('td[data-label="Статус"]'), row.locator('td[data-label="Срок"]')]) {
        const bounds = await cell.boundingBox();
        expect(bounds && bounds.x >= 0 && bounds.x + bounds.width <= width).toBe(true);
      }
    }
    if (width === 576) {
      // A card labels its cells, and the rows still sort and open by keyboard.
      await expect(rows.first()).toHaveCSS('display', 'grid');
      await expect(page.getByRole('button', { name: /^Срок/ })).toBeVisible();
    }
    await expectAccessible(page, `the examiner's table at ${width} px`);
    await page.screenshot({ path: `/tmp/e2e-examiner-table-${width}.png` });
    const first = rows.first().getByRole('link');
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/instance\/statement\/info\/\d+$/);
  }
});

for (const width of [1400, 576]) {
  test(`the owner who files lands on the list, which names the number and both terms (${width} px)`, async ({
    pageAs,
  }) => {
    const page = await pageAs('owner');
    await page.setViewportSize({ width, height: 900 });
    const create = new CreateStatementPage(page);
    await create.goto();
    await create.fill({ objectName: `Детский сад на 120 мест (${width} px)` });
    await create.documents.upload([pdf(`Пояснительная записка ${width}.pdf`)]);
    const { id, visibleId } = await create.create();

    // The confirmation is where the keyboard and a screen reader start, above the list.
    const confirmation = page.getByRole('region', { name: `Заявление № ${visibleId} зарегистрировано` });
    await expect(confirmation.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(confirmation.getByTestId('filed-intake-term')).toHaveText(
      /^Комитет проверит документы до \d{1,2} [а-я]+ \d{4} г\./,
    );
    await expect(confirmation.getByTestId('filed-review-term')).toHaveText(
      /^Срок рассмотрения — до \d{1,2} [а-я]+ \d{4} г\. \(осталось? \d+ рабоч/,
    );
    await expect(confirmation.getByRole('heading', { level: 3, name: 'Что дальше' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Заявление создано' })).toBeVisible();
    await expectAccessible(page, `the confirmation after filing at ${width} px`);
    await page.screenshot({ path: `/tmp/e2e-filed-${width}.png` });

    // 'Открыть заявление' by keyboard: the detail says the intake check's term too.
    const intakeTerm = await confirmation.getByTestId('filed-intake-term').textContent();
    await page.keyboard.press('Tab');
    await expect(confirmation.getByRole('link', { name: 'Открыть заявление' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/statement/info/${id}$`));
    await expect(page.getByTestId('intake-term')).toHaveText(intakeTerm ?? '');

    // Said once: back on the list, there is no confirmation.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Все заявления' })).toBeVisible();
    await expect(page.getByRole('region', { name: /зарегистрировано$/ })).toHaveCount(0);
  });
}
