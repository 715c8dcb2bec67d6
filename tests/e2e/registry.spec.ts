import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { REGISTRY_FIELDS } from '../../domain/registry.ts';
import { demoUsers } from '../../tools/demo.ts';
import { blockingViolations, focusedElement } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { statementUnderReview } from './listed.ts';
import { ReviewPage } from './pages/examiner-pages.ts';

// The public register of decisions and the status check (docs/product.md «The public register»): no login, the
// demo's three decisions, a search and a filter kept in the address, paging, nothing private, the status by number
// and ИНН, at a desktop and a phone width, by keyboard alone.
test.use({ freshServer: true });

/** The demo company's ИНН, and another valid one that belongs to no statement of the demo. */
const DEMO_INN = '7701234560';
const OTHER_INN = '7707083893';
const NEUTRAL = 'Заявление с таким номером и ИНН не найдено';

/** What a visitor must never see on the public pages: the demo users' names, e-mails and phones. */
const PRIVATE = [
  ...Object.values(demoUsers).flatMap((user) => [user.fio, user.email]),
  '+7 (495)',
  '+7 (916)',
  '@demo.example',
];

const WIDTHS = [
  { width: 1400, height: 900, wide: true },
  { width: 576, height: 900, wide: false },
] as const;

/** The entries as this width shows them: table rows at 1400 px, list items at 576 px. */
function entries(page: Page, wide: boolean): Locator {
  return wide
    ? page.getByRole('table', { name: 'Решения комитета' }).locator('tbody tr')
    : page.getByRole('list', { name: 'Решения комитета' }).getByRole('listitem');
}

/**
 * The examiner approves the demo's statement under review (the certificate with its check address downloads, then the
 * reply is sent): a decision whose entry links to its certificate's check page. Its number.
 */
async function approveOne(examinerPage: Page): Promise<number> {
  const review = new ReviewPage(examinerPage);
  const statement = await statementUnderReview(examinerPage);
  await review.goto(statement.id);
  const download = examinerPage.waitForEvent('download');
  await review.choose('Согласовать');
  await expect(review.replyDialog).toBeVisible();
  await review.attachCertificate(await download);
  const sent = examinerPage.waitForResponse((response) =>
    /\/api\/instance\/\d+\/stages$/.test(new URL(response.url()).pathname),
  );
  await review.replySubmit.click();
  expect((await sent).status()).toBe(201);
  await examinerPage.close();
  return statement.visibleId;
}

/** Waits until every island of the page has hydrated (Astro drops `ssr` from an island once it has). */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** The number of entries the page says it found. */
async function foundCount(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /^Найдено: \d+$/ });
  await expect(status).toBeVisible();
  return Number((await status.textContent())?.replace(/\D/g, ''));
}

/** Presses Tab until `target` has focus, checking that every stop shows a focus indicator. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  await expect(target).toBeVisible();
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press('Tab');
    const focused = await focusedElement(page);
    expect.soft(focused.visible, `a visible focus indicator on ${focused.describe}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach ${target} in ${max} presses`);
}

for (const { width, height, wide } of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the register lists the decisions, searches, filters and pages in the address, and shows nothing private', async ({
      page,
      pageAs,
    }) => {
      const approvedNumber = String(await approveOne(await pageAs('examiner1')));
      const sessionCalls: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/') && !pathname.startsWith('/api/public/')) sessionCalls.push(pathname);
      });
      await page.goto('/login');
      await page.getByRole('link', { name: 'Реестр решений' }).click();
      await expect(page).toHaveURL(/\/registry$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Реестр решений' })).toBeVisible();
      await hydrated(page);
      // The login page itself asks about a session; from here on nothing but the public API.
      sessionCalls.length = 0;

      // The demo's three decisions and the approval just made, each with its outcome.
      const all = await foundCount(page);
      expect(all).toBeGreaterThanOrEqual(4);
      const rows = entries(page, wide);
      await expect(rows).toHaveCount(Math.min(all, 20));
      const approved = rows.filter({
        has: page.getByRole('link', { name: `Проверить свидетельство № ${approvedNumber}`, exact: true }),
      });
      await expect(rows.filter({ hasText: 'Поликлиника на 300 посещений' })).toContainText('Согласовано');
      const rejected = rows.filter({ hasText: 'Административное здание' });
      const notAccepted = rows.filter({ hasText: 'Многоквартирный жилой дом на ул. Заречной' });
      await expect(approved).toContainText('Согласовано');
      await expect(approved).toContainText('Школа на 550 мест');
      await expect(approved).toContainText('пр. Мира, 45');
      await expect(approved).toContainText('ООО «СтройПроект»');
      await expect(approved).toContainText(DEMO_INN);
      await expect(rejected).toContainText('Отказано');
      await expect(notAccepted).toContainText('Отказано в приёме');
      // Only the approval has a certificate to check; undecided statements are not listed.
      await expect(rejected.getByRole('link', { name: /Проверить свидетельство/ })).toHaveCount(0);
      await expect(notAccepted.getByRole('link', { name: /Проверить свидетельство/ })).toHaveCount(0);
      await expect(rows.filter({ hasText: 'Торговый центр «Квартал»' })).toHaveCount(0);

      // Nothing private anywhere on the page.
      const text = (await page.locator('body').textContent()) ?? '';
      for (const value of PRIVATE) expect(text, `the page shows «${value}»`).not.toContain(value);

      // Open data and its passport.
      await expect(page.getByRole('link', { name: 'Скачать CSV' })).toHaveAttribute('href', '/api/public/registry.csv');
      await expect(page.getByRole('link', { name: 'Скачать JSON' })).toHaveAttribute(
        'href',
        '/api/public/registry.json',
      );
      await expect(page.getByRole('heading', { name: 'Паспорт набора данных' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Поля набора' })).toContainText('visibleId');
      await expect(page.getByText('Лицензия', { exact: true })).toBeVisible();

      // Accessible as it stands; nothing spills sideways.
      expect(await blockingViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `/tmp/registry-${width}.png`, fullPage: true });

      // A search by street, typed and sent by keyboard, narrows the list and goes into the address.
      const search = page.getByRole('searchbox', { name: 'Поиск' });
      await tabTo(page, search);
      await page.keyboard.type('Мира');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/[?&]query=%D0%9C%D0%B8%D1%80%D0%B0/);
      await expect.poll(() => foundCount(page)).toBe(1);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(`№ ${approvedNumber}`);

      // Its certificate's check link works.
      await rows
        .first()
        .getByRole('link', { name: `Проверить свидетельство № ${approvedNumber}` })
        .click();
      await expect(page.getByText('Свидетельство действительно')).toBeVisible();
      await expect(page.getByText(`№ ${approvedNumber}`)).toBeVisible();
      await page.goBack();
      await expect(search).toHaveValue('Мира');
      await expect(rows).toHaveCount(1);

      // A filter instead of the search: the rejected one only, kept over a reload; Back returns to the search.
      await search.fill('');
      await search.press('Enter');
      await expect.poll(() => foundCount(page)).toBe(all);
      await page.getByLabel('Решение', { exact: true }).selectOption({ label: 'Отказано' });
      await expect(page).toHaveURL(/[?&]outcome=rejected/);
      await expect(rows).toHaveCount(await foundCount(page));
      for (const row of await rows.all()) await expect(row).toContainText('Отказано');
      await expect(rejected).toHaveCount(1);
      await page.reload();
      await expect(page.getByLabel('Решение', { exact: true })).toHaveValue('rejected');
      await expect(rejected).toHaveCount(1);
      await expect(approved).toHaveCount(0);
      await page.goBack();
      await expect(page).not.toHaveURL(/outcome=/);
      await expect.poll(() => foundCount(page)).toBe(all);

      // A search that matches nothing says so.
      await page.goto('/registry?query=%D0%BD%D0%B5%D1%82-%D1%82%D0%B0%D0%BA%D0%BE%D0%B3%D0%BE');
      await expect(page.getByText('Решений не найдено')).toBeVisible();
      await expect.poll(() => foundCount(page)).toBe(0);

      // Paging: two entries a page; the next page by keyboard, in the address, and a reload keeps it.
      await page.goto('/registry?pageSize=2');
      const pages = Math.ceil(all / 2);
      const onSecond = Math.min(2, all - 2);
      await expect(page.getByText(`Страница 1 из ${pages}`)).toBeVisible();
      await expect(rows).toHaveCount(2);
      const firstPage = await rows.allTextContents();
      await tabTo(page, page.getByRole('link', { name: 'Следующая' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(page.getByText(`Страница 2 из ${pages}`)).toBeVisible();
      await expect(rows).toHaveCount(onSecond);
      // Waited for, not read once: the page's label can change a moment before its rows do (both pages have two).
      await expect(rows).not.toHaveText(firstPage);
      await page.reload();
      await expect(page.getByText(`Страница 2 из ${pages}`)).toBeVisible();
      expect(sessionCalls).toEqual([]);
    });

    test("a visitor finds the demo's approval by its street, opens its certificate's check and takes the register as CSV", async ({
      page,
    }) => {
      await page.goto('/registry');
      await hydrated(page);
      const search = page.getByRole('searchbox', { name: 'Поиск' });
      await search.fill('Гагарина');
      await search.press('Enter');
      await expect(page).toHaveURL(/[?&]query=/);
      await expect.poll(() => foundCount(page)).toBe(1);
      const rows = entries(page, wide);
      await expect(rows).toHaveCount(1);
      const demo = rows.first();
      await expect(demo).toContainText('Поликлиника на 300 посещений');
      await expect(demo).toContainText('ул. Гагарина, 27');
      await expect(demo).toContainText('Согласовано');
      const check = demo.getByRole('link', { name: /^Проверить свидетельство № \d+$/ });
      const number = (await check.getAttribute('aria-label'))?.match(/\d+$/)?.[0];
      const href = await check.getAttribute('href');
      if (!number || !href) throw new Error('the demo approval has no check link');

      // Its certificate's check page confirms it.
      await check.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByText('Свидетельство действительно')).toBeVisible();
      await expect(page.getByText(`№ ${number}`)).toBeVisible();
      await expect(page.getByText('Поликлиника на 300 посещений')).toBeVisible();
      await page.goBack();
      await expect(search).toHaveValue('Гагарина');

      // The whole register as CSV, read as a spreadsheet reads it: BOM, ';', the header, the entry with its check.
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Скачать CSV' }).click();
      const bytes = readFileSync(await (await download).path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8').slice(1);
      const { data, meta, errors } = Papa.parse<string[]>(text, { skipEmptyLines: true });
      expect(errors).toEqual([]);
      expect(meta.delimiter).toBe(';');
      expect(data[0]).toEqual(REGISTRY_FIELDS.map((field) => field.title));
      const row = data.find((cells) => cells[0] === number);
      expect(row).toEqual(
        expect.arrayContaining(['Согласовано', 'Поликлиника на 300 посещений', 'ул. Гагарина, 27', DEMO_INN]),
      );
      expect(row?.at(-1)).toMatch(new RegExp(`${href}$`));
      for (const value of PRIVATE) expect(text, `the CSV holds «${value}»`).not.toContain(value);
    });

    test('the status check answers the right pair with the status and a wrong one with one neutral text', async ({
      page,
    }) => {
      await page.goto('/registry?outcome=approved');
      // The number cell of a row (at 1400 px), the title of a card (at 576 px).
      const first = entries(page, wide).first();
      const title = wide ? first.getByRole('rowheader') : first.getByRole('heading');
      const number = (await title.textContent())?.match(/№ (\d+)/)?.[1];
      if (!number) throw new Error('no approved entry in the register');
      await page.getByRole('link', { name: 'Проверить статус заявления' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Проверить статус заявления' })).toBeVisible();
      await hydrated(page);

      // Bad input is refused on the page, before any request.
      const numberField = page.getByLabel('Регистрационный номер');
      const innField = page.getByLabel('ИНН организации');
      await tabTo(page, numberField);
      await page.keyboard.type('12а');
      await page.keyboard.press('Tab');
      await page.keyboard.type('7701234561');
      await page.keyboard.press('Enter');
      await expect(page.getByText('Номер состоит только из цифр')).toBeVisible();
      await expect(page.getByText('ИНН указан с ошибкой: не сходится контрольное число')).toBeVisible();
      await expect(numberField).toBeFocused();

      // The right pair, by keyboard: the status, the submission date, the term.
      await numberField.fill('');
      await page.keyboard.type(number);
      await innField.fill('');
      await innField.focus();
      await page.keyboard.type(DEMO_INN);
      await page.keyboard.press('Enter');
      const result = page.getByRole('region', { name: 'Статус заявления' });
      await expect(result).toContainText('Согласовано', { timeout: 30_000 });
      await expect(result).toContainText('Дата подачи');
      await expect(result).toContainText('Срок текущего этапа');
      const text = (await page.locator('body').textContent()) ?? '';
      for (const value of PRIVATE) expect(text, `the page shows «${value}»`).not.toContain(value);
      expect(await blockingViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/status-${width}.png`, fullPage: true });

      // A refused form takes the previous answer away: nothing under the form reads as the new pair's.
      await numberField.fill('12а');
      await numberField.press('Enter');
      await expect(page.getByText('Номер состоит только из цифр')).toBeVisible();
      await expect(numberField).toBeFocused();
      await expect(result).toHaveCount(0);
      await numberField.fill(number);

      // A wrong ИНН and an absent number read the same.
      await innField.fill(OTHER_INN);
      await innField.press('Enter');
      await expect(page.getByText(NEUTRAL)).toBeVisible({ timeout: 30_000 });
      await expect(result).toHaveCount(0);
      await numberField.fill('999999');
      await innField.fill(DEMO_INN);
      await innField.press('Enter');
      await expect(page.getByText(NEUTRAL)).toBeVisible({ timeout: 30_000 });
      expect(await blockingViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    });
  });
}
