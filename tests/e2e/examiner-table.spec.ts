import { statementItem } from '../../src/test-support/statements.ts';
import { test as base, expect } from './fixtures.ts';
import { ExaminerTablePage, TABLE_COLUMNS } from './pages/examiner-table-page.ts';

// 'Заявления в работе' (docs/product.md «Statements in work») for examiner1, who is assigned the demo statements in
// every status but sent (server/src/seed/demo.ts). The worker's server is shared, so the tests lean on the approved and
// rejected statements, which no other test can move, and on their creation days (30 and 40 days ago).
const test = base.extend<{ examinerTable: ExaminerTablePage }>({
  examinerTable: async ({ page }, use) => {
    await use(new ExaminerTablePage(page));
  },
});

test.use({ role: 'examiner1' });

const seeded = {
  approved: { address: 'ул. Гагарина, 27', cipher: 'СП-2026-004', label: 'Согласовано' },
  rejected: { address: 'наб. Речная, 8', cipher: 'СП-2026-002', label: 'Отклонено' },
  sent: { address: 'ул. Ленина, 12' },
} as const;

test("shows the examiner's statements in the product's columns, newest first", async ({ examinerTable }) => {
  await examinerTable.goto('/instance/filter/all');

  // 'Дата подачи' also names its order for screen readers.
  await expect(examinerTable.columnHeaders).toHaveText(TABLE_COLUMNS.map((name) => new RegExp(`^${name}`)));
  // Examiner 1's six seeded statements: in work, decided, refused to accept and withdrawn (server/src/seed/demo.ts).
  await expect(examinerTable.rows).toHaveCount(6);
  const approved = examinerTable.row(seeded.approved.address);
  await expect(approved.getByRole('cell')).toHaveText([
    /^\d+$/,
    'Поликлиника на 300 посещений',
    'ООО «СтройПроект»',
    seeded.approved.address,
    'Объект здравоохранения',
    'Новое строительство',
    /^\d{1,2} [а-я]+, \d{4}$/,
    seeded.approved.label,
    // 'Срок': a decided statement has no running term.
    '—',
    /^\d{2,} \d{2}:\d{2}$/,
  ]);
  // Newest first: the rejected statement (40 days old) is the last row.
  await expect(examinerTable.rows.last()).toContainText(seeded.rejected.address);
  await expect(examinerTable.table.getByRole('columnheader', { name: /Дата подачи/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
});

test('/instance/all shows every statement in work but none that is new', async ({ examinerTable }) => {
  await examinerTable.goto('/instance/all');
  await expect(examinerTable.row(seeded.approved.address)).toBeVisible();
  await expect(examinerTable.row(seeded.rejected.address)).toBeVisible();
  await expect(examinerTable.row(seeded.sent.address)).toHaveCount(0);
  expect(await examinerTable.column('Статус')).not.toContain('Новое');
});

test('the sidebar links filter the rows by status', async ({ page, sidebar, examinerTable }) => {
  await examinerTable.goto('/instance/all');

  await sidebar.examinerMenu.getByRole('link', { name: /^Согласовано/ }).click();
  await expect(page).toHaveURL(/\/instance\/filter\/approved$/);
  await expect(examinerTable.heading).toBeVisible();
  await expect(examinerTable.row(seeded.approved.address)).toBeVisible();
  expect(new Set(await examinerTable.column('Статус'))).toEqual(new Set(['Согласовано']));

  await sidebar.examinerMenu.getByRole('link', { name: /^Отклонено/ }).click();
  await expect(page).toHaveURL(/\/instance\/filter\/rejected$/);
  await expect(examinerTable.row(seeded.rejected.address)).toBeVisible();
  await expect(examinerTable.row(seeded.approved.address)).toHaveCount(0);
  expect(new Set(await examinerTable.column('Статус'))).toEqual(new Set(['Отклонено']));
});

test('the search narrows the rows and folds back when left empty', async ({ page, examinerTable }) => {
  await examinerTable.goto('/instance/filter/all');
  const all = await examinerTable.rows.count();
  await examinerTable.searchButton.click();
  await expect(examinerTable.search).toBeFocused();
  await expect(examinerTable.search).toHaveAttribute('placeholder', 'Поиск…');

  // By cipher, which is no column: the search reads the fields of docs/product.md «List filters».
  await page.keyboard.type(seeded.approved.cipher.toLowerCase());
  await expect(examinerTable.rows).toHaveCount(1);
  await expect(examinerTable.row(seeded.approved.address)).toBeVisible();

  await examinerTable.search.fill('нет такого объекта');
  await expect(examinerTable.nothingFound).toBeVisible();
  await expect(examinerTable.table).toHaveCount(0);

  await examinerTable.search.fill('');
  await examinerTable.search.blur();
  await expect(examinerTable.search).toHaveCount(0);
  await expect(examinerTable.searchButton).toBeVisible();
  await expect(examinerTable.rows).toHaveCount(all);
});

test('the date range narrows the rows, days inclusive', async ({ examinerTable }) => {
  await examinerTable.goto('/instance/filter/all');
  // The default range runs from the oldest statement to the newest.
  await expect(examinerTable.start).toHaveValue(/^\d{1,2} [а-я]+, \d{4}$/);
  // The seeded approved statement came 30 days ago; the table shows days in the committee's time (Moscow, UTC+3 all
  // year), which is already tomorrow from 21:00 UTC: take its Moscow calendar day, whatever the machine's zone.
  const [year, month, date] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' })
    .format(Date.now() - 30 * 24 * 60 * 60 * 1000)
    .split('-')
    .map(Number);
  const day = new Date(year ?? 0, (month ?? 1) - 1, date);

  await examinerTable.pickDay('start', day);
  await examinerTable.pickDay('end', day);
  await expect(examinerTable.rows).toHaveCount(1);
  await expect(examinerTable.row(seeded.approved.address)).toBeVisible();
});

test('a row opens the statement from the keyboard, through the link in its ID cell, and by a click', async ({
  page,
  examinerTable,
}) => {
  await examinerTable.goto('/instance/filter/approved');
  const row = examinerTable.row(seeded.approved.address);
  const link = examinerTable.link(row);
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/instance\/statement\/info\/\d+$/);

  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href ?? '');

  await page.goBack();
  await row.getByRole('cell', { name: seeded.approved.address }).click();
  await expect(page).toHaveURL(href ?? '');

  // The back link names the list the statement was opened from and leads there.
  const back = page.getByRole('main').getByRole('link', { name: 'Согласовано', exact: true });
  await expect(back).toHaveAttribute('href', '/instance/filter/approved');
  await back.click();
  await expect(page).toHaveURL('/instance/filter/approved');
});

test('keeps the DOM small with 10,000 statements and reaches the last one', async ({ page, examinerTable }) => {
  const statuses = ['under_review', 'has_comments', 'approved', 'rejected'] as const;
  const many = Array.from({ length: 10_000 }, (_, i) =>
    statementItem({
      id: i + 1,
      visibleId: 20_000 + i,
      status: statuses[i % 4],
      dateCreate: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
      lastUpdate: new Date(Date.UTC(2025, 6, 1)).toISOString(),
      cipher: `СП-${i}`,
      title: `Объект ${i}`,
      name: `ул. Тестовая, ${i}`,
      address: `ул. Тестовая, ${i}`,
      examinerId: 1,
      companyName: `ООО «Компания ${i % 50}»`,
    }),
  );
  await page.route('**/api/instance/all/statements', (route) => route.fulfill({ json: many }));
  await examinerTable.goto('/instance/all');
  await expect(examinerTable.row('ул. Тестовая, 9999')).toBeVisible();
  await expect(examinerTable.table).toHaveAttribute('aria-rowcount', '10001');

  const nodes = () => page.evaluate(() => document.getElementsByTagName('*').length);
  expect(await nodes()).toBeLessThan(1_400);

  await page.getByRole('region', { name: 'Заявления в работе' }).evaluate((box) => {
    box.scrollTop = box.scrollHeight;
  });
  await expect(examinerTable.row('ул. Тестовая, 0')).toBeVisible();
  expect(await nodes()).toBeLessThan(1_400);

  await examinerTable.searchButton.click();
  await examinerTable.search.fill('тестовая, 123');
  // 123 and 1230–1239
  await expect(examinerTable.rows).toHaveCount(11);
});
