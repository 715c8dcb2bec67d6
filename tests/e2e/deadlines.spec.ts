import { readFile } from 'node:fs/promises';
import type { Page, Route } from '@playwright/test';
import { format, parseISO } from 'date-fns';
import { ru } from 'date-fns/locale';
import Papa from 'papaparse';
import { demoUsers } from '../../tools/demo.ts';
import { waitForRequestsDone } from '../../tools/settle.ts';
import { test as base, expect } from './fixtures.ts';
import { listItems, rewriteList, wholeListUrl } from './listed.ts';
import { CreateStatementPage, pdf } from './pages/create-statement-page.ts';
import { NewsPage, ReviewPage } from './pages/examiner-pages.ts';
import { EXPORT_COLUMNS, ExaminerTablePage, TABLE_COLUMNS } from './pages/examiner-table-page.ts';
import { StatementPage } from './pages/statement-page.ts';

// Deadlines (docs/product.md «Deadlines and history»): the review term on both details, the status history, the company
// card's due date, the examiner table's 'Срок' column (sorted, exported as CSV) and the overdue count of the examiner's
// sidebar.
const test = base.extend<{ examinerTable: ExaminerTablePage }>({
  examinerTable: async ({ page }, use) => {
    await use(new ExaminerTablePage(page));
  },
});

interface Deadline {
  dueDate: string;
  workingDaysLeft: number;
  provisional: boolean;
}

interface Answered {
  id: number;
  visibleId: number;
  status: string;
  title: string;
  reviewDeadline: Deadline | null;
}

/** A calendar day as people read it, written independently of the site's code: '4 декабря 2026 г.'. */
const longDay = (day: string) => `${format(parseISO(day), 'd MMMM yyyy', { locale: ru })} г.`;
/** Today in the committee's zone: '22 ноября 2026 г.'. */
const todayInMoscow = () =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'long' }).format(new Date());

/** The body of the GET the page makes to `pathname` while `action` runs (read on its way: a navigation drops it). */
async function answerOf<T>(page: Page, pathname: string, action: () => Promise<unknown>): Promise<T> {
  let body: T | undefined;
  const matches = (url: URL) => url.pathname === pathname;
  const handler = async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    // A page that kept its list asks only for what changed (`since`): the spec reads the whole list.
    const response = await route.fetch({ url: wholeListUrl(route.request().url()) });
    const json: unknown = await response.json();
    body ??= (pathname.endsWith('/statements') ? listItems(json) : json) as T;
    return route.fulfill({ response });
  };
  await page.route(matches, handler);
  await action();
  await expect.poll(() => body !== undefined).toBe(true);
  await page.unroute(matches, handler);
  return body as T;
}

/** The days left a 'Срок' cell says: '3 раб. дн.' 3, 'Последний день' 0, 'Просрочено на 2 раб. дн.' -2. */
function daysLeft(cell: string): number | null {
  // The overdue mark '!' may come first, on a line of its own.
  const text = cell.replace(/^!\s*/, '').split('\n')[0]?.trim() ?? '';
  if (text === '—') return null;
  if (text.startsWith('Последний день')) return 0;
  const left = /^(\d+) раб\. дн\./.exec(text);
  if (left) return Number(left[1]);
  const over = /^Просрочено на (\d+) раб\. дн\./.exec(text);
  if (over) return -Number(over[1]);
  throw new Error(`Unexpected 'Срок' cell: ${cell}`);
}

/** Asserts the cells are in order by days left (ascending or descending) with the statements without a term last. */
function expectDeadlineOrder(cells: string[], direction: 'ascending' | 'descending') {
  const days = cells.map(daysLeft);
  const firstDash = days.indexOf(null);
  const numbers = (firstDash < 0 ? days : days.slice(0, firstDash)) as number[];
  if (firstDash >= 0) expect(days.slice(firstDash).every((day) => day === null)).toBe(true);
  const sorted = [...numbers].sort((a, b) => (direction === 'ascending' ? a - b : b - a));
  expect(numbers).toEqual(sorted);
}

/** Saves the page at a width for the record and checks nothing runs off the side. */
async function screenAt(page: Page, width: number, path: string) {
  await page.setViewportSize({ width, height: 900 });
  // A fresh load at the width: no sidebar caught sliding away.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Загрузка…')).toHaveCount(0);
  await waitForRequestsDone(page);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path, fullPage: true });
}

test.describe('the applicant’s and the examiner’s details', () => {
  // The statement goes through the whole workflow: a server of its own keeps the shared one's statements as seeded.
  test.use({ role: 'owner', freshServer: true });

  test('the applicant sees the due date the day they submit and a new one after a new version; both details tell the whole story', async ({
    page,
    pageAs,
    companyList,
  }, testInfo) => {
    test.slow();
    const objectName = `Гостиница ${Date.now().toString(36)}`;
    const createPage = new CreateStatementPage(page);
    const applicant = new StatementPage(page);
    await createPage.goto();
    await createPage.fill({ objectName, address: 'ул. Вокзальная, 2', category: 'Многоквартирный жилой дом' });
    await createPage.documents.upload([pdf('Альбом АГР.pdf')]);
    const { id, visibleId } = await createPage.create();

    // The company card shows the due date of the term that started with the submission.
    const listed = await answerOf<Answered[]>(page, '/api/statements', () => page.reload());
    const deadline = listed.find((item) => item.id === id)?.reviewDeadline;
    expect(deadline, 'the list carries the running term').toBeTruthy();
    if (!deadline) return;
    // The submission day itself does not count: a whole term of 10 working days lies ahead, on the 2026 calendar.
    expect(deadline).toMatchObject({ workingDaysLeft: 10, provisional: false });
    expect(deadline.dueDate > new Date().toISOString().slice(0, 10)).toBe(true);
    await expect(companyList.card(objectName)).toContainText(
      `Срок: до ${format(parseISO(deadline.dueDate), 'd MMMM', { locale: ru })}`,
    );
    for (const width of [1400, 576]) await screenAt(page, width, testInfo.outputPath(`company-list-${width}.png`));
    await page.setViewportSize({ width: 1280, height: 720 });

    const running = `Срок рассмотрения — до ${longDay(deadline.dueDate)} (осталось 10 рабочих дней)`;
    await applicant.goto(id);
    await expect(applicant.deadline).toHaveText(running);
    await expect(applicant.historyEntries).toHaveCount(1);
    await expect(applicant.historyEntries.first()).toContainText('Заявление подано');
    await expect(applicant.historyEntries.first()).toContainText('Заявитель');
    await expect(applicant.historyEntries.first()).toContainText(demoUsers.owner.fio);
    await expect(applicant.historyEntries.first()).toContainText(
      new RegExp(`${todayInMoscow().replace('.', '\\.')}, \\d{2}:\\d{2} МСК`),
    );

    // examiner1 takes it into work: the same line on the examiner's detail, and the history grows.
    const examinerPage = await pageAs('examiner1');
    const news = new NewsPage(examinerPage);
    await news.goto();
    await news.take(visibleId);
    const review = new ReviewPage(examinerPage);
    await review.goto(id);
    await expect(review.deadline).toHaveText(running);
    await expect(review.historyEntries).toHaveCount(2);
    await expect(review.historyEntries.nth(1)).toContainText('Принято в работу');
    await expect(review.historyEntries.nth(1)).toContainText('Комитет');
    await expect(review.historyEntries.nth(1)).toContainText(demoUsers.examiner1.fio);

    // Sent for rework: the clock stops, and the history says the answer came in time.
    await review.choose('На доработку');
    await review.replyComment.fill('Приложите ведомость отделки фасадов.');
    await review.replySubmit.click();
    await expect(examinerPage.getByText('Ответ на заявление был отправлен')).toBeVisible();
    await expect(review.deadline).toHaveText('Срок рассмотрения остановлен: комитет ждёт новую версию документов');
    await expect(review.historyEntries.nth(2)).toContainText('Отправлено на доработку');
    await expect(review.historyEntries.nth(2)).toContainText(`В срок (срок — до ${longDay(deadline.dueDate)})`);

    // The applicant sends a new version: a new whole term runs from it.
    await applicant.goto(id);
    await expect(applicant.deadline).toHaveText('Срок рассмотрения остановлен: комитет ждёт новую версию документов');
    await applicant.newVersion.click();
    await applicant.versionFiles.upload([pdf('Ведомость отделки.pdf')]);
    await applicant.versionSubmit.click();
    await expect(page.getByText('Версия добавлена')).toBeVisible();
    const renewed = await answerOf<Answered>(page, `/api/statements/${id}`, () => applicant.goto(id));
    expect(renewed.reviewDeadline).toMatchObject({ workingDaysLeft: 10 });
    await expect(applicant.deadline).toHaveText(
      `Срок рассмотрения — до ${longDay(renewed.reviewDeadline?.dueDate ?? '')} (осталось 10 рабочих дней)`,
    );
    await expect(applicant.historyEntries).toHaveText([
      /^Заявление подано/,
      /^Принято в работу/,
      /^Отправлено на доработку/,
      /^Загружена новая версия/,
    ]);
    await expect(applicant.historyEntries.nth(3)).toContainText(`Заявитель${todayInMoscow()}`);

    // Decided: the line says when, and whether in time.
    await review.goto(id);
    await review.choose('Отклонить');
    await review.replyComment.fill('Решение не соответствует регламенту.');
    await review.tickGrounds('Архитектурно-градостроительный облик не соответствует');
    await review.replySubmit.click();
    await expect(examinerPage.getByText('Ответ на заявление был отправлен')).toBeVisible();
    const decided = `Решение принято ${todayInMoscow()} — в срок`;
    await expect(review.deadline).toHaveText(decided);
    await expect(review.historyEntries.last()).toContainText('Отказано');
    await applicant.goto(id);
    await expect(applicant.deadline).toHaveText(decided);
    await expect(applicant.historyEntries).toHaveCount(5);
    // The history is a list a screen reader announces as one, in order.
    await expect(applicant.history.getByRole('list')).toHaveJSProperty('tagName', 'OL');

    for (const width of [576, 1400]) {
      await screenAt(page, width, testInfo.outputPath(`applicant-detail-${width}.png`));
      await screenAt(examinerPage, width, testInfo.outputPath(`examiner-detail-${width}.png`));
    }
  });
});

test.describe('the examiner’s table', () => {
  // examiner1 takes the seeded new statement into work: a server of its own keeps the shared one as seeded.
  test.use({ role: 'examiner1', freshServer: true });

  test('sorts by Срок and exports the rows shown after a search as a CSV for Excel', async ({
    page,
    examinerTable,
  }, testInfo) => {
    const news = new NewsPage(page);
    const sent = await answerOf<Answered[]>(page, '/api/instance/all/statements', () => news.goto());
    const fresh = sent.find((item) => item.status === 'sent');
    if (!fresh) throw new Error('no sent statement seeded');
    await news.take(fresh.visibleId);

    // The sidebar's counts come from GET /api/users/me/counters: the same statements, counted overdue on the server.
    // Here every statement under review is overdue, so the server's overdue count is its count under review.
    await page.route('**/api/users/me/counters', async (route) => {
      const response = await route.fetch();
      const counts = (await response.json()) as { under_review: number };
      await route.fulfill({ response, json: { ...counts, overdue: counts.under_review } });
    });
    await examinerTable.goto('/instance/filter/all');
    await expect(examinerTable.columnHeaders).toHaveText(TABLE_COLUMNS.map((name) => new RegExp(`^${name}`)));
    // Two statements under review have a running term; the others show a dash.
    expect((await examinerTable.column('Срок')).map(daysLeft).filter((day) => day !== null).length).toBe(2);
    const newestFirst = await examinerTable.column('ID');

    await examinerTable.sortButton('Срок').click();
    await expect(examinerTable.header('Срок')).toHaveAttribute('aria-sort', 'ascending');
    await expect(examinerTable.header('Дата подачи')).not.toHaveAttribute('aria-sort');
    // The rows follow the header a render later: read until they do (or time out).
    await expect(async () => expectDeadlineOrder(await examinerTable.column('Срок'), 'ascending')).toPass();
    // The statement taken today is the newest and has the most days left: the order is not the creation order.
    expect(await examinerTable.column('ID')).not.toEqual(newestFirst);
    await examinerTable.sortButton('Срок').click();
    await expect(examinerTable.header('Срок')).toHaveAttribute('aria-sort', 'descending');
    await expect(async () => expectDeadlineOrder(await examinerTable.column('Срок'), 'descending')).toPass();

    // The ciphers of the two statements under review start alike: the search leaves those two.
    await examinerTable.searchButton.click();
    await examinerTable.search.fill('СП-2026-01');
    await expect(examinerTable.rows).toHaveCount(2);
    const shownIds = await examinerTable.column('ID');
    const shownDeadlines = await examinerTable.column('Срок');
    const shownCompanies = await examinerTable.column('Компания');

    // papaparse comes with the export, not with the table.
    const csvChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/_astro\/csv\.[\w-]+\.js$/.test(new URL(request.url()).pathname)) csvChunks.push(request.url());
    });
    expect(csvChunks).toEqual([]);
    const downloading = page.waitForEvent('download');
    await examinerTable.exportButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^zayavleniya-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(EXPORT_COLUMNS.join(';'));
    const parsed = Papa.parse<string[]>(text, { delimiter: ';', skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header).toEqual([...EXPORT_COLUMNS]);
    // Exactly the rows shown, in their order, with their cells.
    expect(rows.map((row) => row[0])).toEqual(shownIds);
    expect(rows.map((row) => row[EXPORT_COLUMNS.indexOf('Компания')])).toEqual(shownCompanies);
    expect(rows.map((row) => row[EXPORT_COLUMNS.indexOf('Срок')])).toEqual(
      shownDeadlines.map((cell) => cell.split('\n').join(', ')),
    );
    expect(rows.every((row) => row.length === EXPORT_COLUMNS.length)).toBe(true);
    // What a spreadsheet computes with, in forms it reads so: the date as DD.MM.YYYY, the time in status as hours.
    for (const row of rows) {
      expect(row[EXPORT_COLUMNS.indexOf('Дата подачи')]).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(row[EXPORT_COLUMNS.indexOf('Время в статусе (часов)')]).toMatch(/^\d+$/);
    }
    // The export brought the CSV code (the site's download and the kernel's writer with papaparse, which the report on
    // terms shares, may come as two chunks), and only now.
    expect(csvChunks.length).toBeGreaterThan(0);

    for (const width of [1400, 576]) await screenAt(page, width, testInfo.outputPath(`examiner-table-${width}.png`));
    // At 1400 px the ten columns fit: the table's box does not scroll sideways.
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.reload();
    await expect(examinerTable.rows.first()).toBeVisible();
    const box = page.getByRole('region', { name: 'Заявления в работе' });
    expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  });
});

test.describe('overdue statements', () => {
  test.use({ role: 'examiner1' });

  test('are marked by words and an icon in the table and counted in the sidebar', async ({
    page,
    examinerTable,
    sidebar,
  }) => {
    // No statement of the seed is overdue today: the real list comes back with the terms under review run out (the
    // worker's other tests may have taken more statements into work: the sidebar counts as many as were changed,
    // which the counters must agree with).
    let madeOverdue = 0;
    await page.route('**/api/instance/me/statements', async (route) => {
      const response = await route.fetch();
      const overdue = rewriteList(await response.json(), (items) => {
        madeOverdue = items.filter((item) => item.status === 'under_review').length;
        return items.map((item) =>
          item.status === 'under_review'
            ? { ...item, reviewDeadline: { dueDate: '2026-11-18', workingDaysLeft: -2, provisional: false } }
            : item,
        );
      });
      // The answer's own Content-Type stays: it names the form the list is in.
      await route.fulfill({ response, body: JSON.stringify(overdue) });
    });
    await examinerTable.goto('/instance/filter/all');
    const row = examinerTable.row('пр. Мира, 45');
    const cell = row.getByRole('cell').nth(TABLE_COLUMNS.indexOf('Срок'));
    await expect(cell).toHaveText('!Просрочено на 2 раб. дн.до 18.11.2026');
    expect(madeOverdue).toBeGreaterThan(0);
    await expect(sidebar.overdue).toHaveText(new RegExp(`Просрочено\\s*${madeOverdue}$`));
  });
});
