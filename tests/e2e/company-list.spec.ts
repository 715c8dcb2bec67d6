import { statementItem } from '../../src/test-support/statements.ts';
import { expect, test } from './fixtures.ts';

// The demo company's seeded statements, one per status (server/src/seed/demo.ts), oldest last.
const seeded = {
  sent: 'Жилой комплекс «Северный»',
  under_review: 'Школа на 550 мест',
  has_comments: 'Торговый центр «Квартал»',
  approved: 'Поликлиника на 300 посещений',
  rejected: 'Административное здание',
} as const;

test.describe('the company statement list', () => {
  test.use({ role: 'owner' });

  test('shows the seeded statements, each card opening its statement', async ({ page, companyList }) => {
    await companyList.goto();

    for (const title of Object.values(seeded)) await expect(companyList.card(title)).toBeVisible();
    const school = companyList.card(seeded.under_review);
    await expect(school).toContainText(/№ \d+/);
    await expect(school).toContainText('На рассмотрении');
    await expect(school.locator('time')).toHaveText(/^\d{1,2} [а-я]+, \d{4}$/);
    await expect(companyList.create).toHaveAttribute('href', '/statement/create');

    const href = await school.getAttribute('href');
    expect(href).toMatch(/^\/statement\/info\/\d+$/);
    await school.click();
    await expect(page).toHaveURL(href ?? '');
  });

  test('filters by status through the sidebar link', async ({ page, sidebar, companyList }) => {
    await companyList.goto();
    await sidebar.companyMenu.getByRole('link', { name: /Завершено/ }).click();

    await expect(page).toHaveURL(/\/company\/filter\/approved$/);
    await expect(companyList.heading).toBeVisible();
    await expect(companyList.card(seeded.approved)).toBeVisible();
    await expect(companyList.card(seeded.under_review)).toHaveCount(0);
    await expect(companyList.card(seeded.sent)).toHaveCount(0);
    await expect(sidebar.companyMenu.getByRole('link', { name: /Завершено/ })).toHaveAttribute('aria-current', 'page');
  });

  test('searches case-insensitively, by title and by cipher, from the keyboard', async ({ page, companyList }) => {
    await companyList.goto();
    await companyList.searchButton.focus();
    await page.keyboard.press('Enter');
    await expect(companyList.search).toBeFocused();
    await expect(companyList.search).toHaveAttribute('placeholder', 'Поиск…');

    await page.keyboard.type('ШКОЛА');
    await expect(companyList.cards).toHaveCount(1);
    await expect(companyList.card(seeded.under_review)).toBeVisible();

    await companyList.search.fill('сп-2026-004');
    await expect(companyList.cards).toHaveCount(1);
    await expect(companyList.card(seeded.approved)).toBeVisible();

    await companyList.search.fill('нет такого объекта');
    await expect(companyList.nothingFound).toBeVisible();

    // Escape clears the search and folds the field back into its icon.
    await page.keyboard.press('Escape');
    await expect(companyList.search).toHaveCount(0);
    await expect(companyList.searchButton).toBeFocused();
    await expect(companyList.card(seeded.sent)).toBeVisible();
  });

  test('narrows by a date range, days inclusive, and clears it', async ({ companyList }) => {
    await companyList.goto();
    const schoolDay = await companyList.dayOf(seeded.under_review);
    const sentDay = await companyList.dayOf(seeded.sent);
    // The default range runs from the oldest to the newest statement.
    await expect(companyList.start).toHaveValue(/\d{1,2} [а-я]+, \d{4}/);
    await expect(companyList.start).toHaveJSProperty('readOnly', true);

    await companyList.pickDay('start', schoolDay);
    await companyList.pickDay('end', schoolDay);
    await expect(companyList.card(seeded.under_review)).toBeVisible();
    await expect(companyList.cards).toHaveCount(1);

    // A start after the end moves the end up to it.
    await companyList.pickDay('start', sentDay);
    await expect(companyList.end).toHaveValue(await companyList.start.inputValue());

    await companyList.clearStart.click();
    await companyList.clearEnd.click();
    await expect(companyList.start).toHaveValue('');
    await expect(companyList.end).toHaveAttribute('placeholder', 'По');
    for (const title of Object.values(seeded)) await expect(companyList.card(title)).toBeVisible();
  });

  test('toggles the order between newest and oldest first', async ({ companyList }) => {
    await companyList.goto();
    await expect(companyList.sort).toHaveText('Сначала новые');
    const newestFirst = await companyList.titles();
    expect(newestFirst.indexOf(seeded.sent)).toBeLessThan(newestFirst.indexOf(seeded.rejected));

    await companyList.sort.click();
    await expect(companyList.sort).toHaveText('Сначала старые');
    await expect(companyList.cards.first()).toContainText(seeded.rejected);
    expect(await companyList.titles()).toEqual([...newestFirst].reverse());
  });

  test('reloads the list by hand, the focus staying on the button', async ({ page, companyList }) => {
    await companyList.goto();
    const reloaded = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/statements' && response.request().method() === 'GET',
    );
    await companyList.reload.focus();
    await page.keyboard.press('Enter');
    expect((await reloaded).ok()).toBe(true);
    await expect(companyList.reload).toBeFocused();
    await expect(companyList.card(seeded.sent)).toBeVisible();
  });

  test('opens the notifications drawer from the keyboard and follows a notification', async ({ page, companyList }) => {
    await companyList.goto();
    await companyList.bell.focus();
    await page.keyboard.press('Enter');

    await expect(companyList.drawer).toBeVisible();
    await expect(companyList.drawer.getByRole('heading', { name: 'Уведомления' })).toBeVisible();
    // 360 px against the right edge, once it has slid in.
    const viewport = page.viewportSize();
    await expect(async () => {
      const box = await companyList.drawer.boundingBox();
      expect(box?.width).toBe(360);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBe(viewport?.width);
    }).toPass();

    const taken = companyList.notifications.filter({ hasText: `«${seeded.under_review}» взято в работу` });
    await expect(taken).toBeVisible();
    await expect(taken.locator('time')).toHaveText(/^\d{1,2} [А-Я][а-я]+, \d{4}$/);

    // Escape closes the drawer and gives the focus back to the bell.
    await page.keyboard.press('Escape');
    await expect(companyList.drawer).toBeHidden();
    await expect(companyList.bell).toBeFocused();

    await page.keyboard.press('Enter');
    const link = taken.getByRole('link');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/statement\/info\/\d+$/);
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(href ?? '');
  });
});

test.describe('the company statement list without statements', () => {
  test.use({ role: 'owner' });

  test("shows 'Загрузка…' while loading, then 'Заявлений пока нет'", async ({ page, companyList }) => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/statements', async (route) => {
      await answered;
      await route.fulfill({ json: [] });
    });
    await page.goto('/company');
    await expect(page.getByRole('status').filter({ hasText: 'Загрузка…' })).toBeVisible();
    answer();
    await expect(companyList.empty).toBeVisible();
    await expect(companyList.list).toHaveCount(0);
  });
});

test.describe('the company statement list with 10,000 statements', () => {
  test.use({ role: 'owner' });

  test('renders only the cards in view and stays responsive while searching', async ({ page, companyList }) => {
    const start = new Date(2024, 0, 1).getTime();
    const statuses = ['sent', 'under_review', 'has_comments', 'approved', 'rejected'] as const;
    const statements = Array.from({ length: 10_000 }, (_, i) =>
      statementItem({
        id: i + 1,
        visibleId: 100_000 + i,
        status: statuses[i % 5],
        dateCreate: new Date(start + i * 3_600_000).toISOString(),
        lastUpdate: new Date(start + i * 3_600_000).toISOString(),
        cipher: `ШФР-${i}`,
        title: `Объект капитального строительства ${i}`,
        name: `ул. Тестовая, ${i}`,
        address: `ул. Тестовая, ${i}`,
      }),
    );
    await page.route('**/api/statements', (route) => route.fulfill({ json: statements }));
    await companyList.goto();

    await expect(companyList.cards.first()).toContainText('Объект капитального строительства 9999');
    expect(await companyList.cards.count()).toBeLessThan(60);
    await expect(companyList.list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '10000');

    // The wheel turns where the pointer is: over the list (the sidebar, taller than this window, scrolls on its own).
    await companyList.list.hover();
    await page.mouse.wheel(0, 50_000);
    await expect(companyList.cards.first()).not.toContainText('строительства 9999');
    expect(await companyList.cards.count()).toBeLessThan(60);

    await companyList.searchButton.click();
    const typed = Date.now();
    await page.keyboard.type('ШФР-4242', { delay: 20 });
    await expect(companyList.cards).toHaveCount(1);
    await expect(companyList.card('строительства 4242')).toBeVisible();
    test
      .info()
      .annotations.push({ type: 'search of 10,000 (ms, typing included)', description: String(Date.now() - typed) });
  });
});
