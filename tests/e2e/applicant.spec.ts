import { readFile, writeFile } from 'node:fs/promises';
import type { Page, Route } from '@playwright/test';
import { test as base, expect } from './fixtures.ts';
import { forgetKeptLists, listItems, wholeListUrl } from './listed.ts';
import { CreateStatementPage, pdf } from './pages/create-statement-page.ts';
import { StatementPage } from './pages/statement-page.ts';

// The applicant's journey (docs/product.md «Screens and routes»): submit with documents, follow, download, delete while
// sent, new version.
const test = base.extend<{ createPage: CreateStatementPage; statementPage: StatementPage }>({
  createPage: async ({ page }, use) => {
    await use(new CreateStatementPage(page));
  },
  statementPage: async ({ page }, use) => {
    await use(new StatementPage(page));
  },
});

test.use({ role: 'owner' });

/** A name no other test (or an earlier run on this worker's database) uses. */
function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The company's statements as the site loads them on a company page (the sidebar counters load the list). */
async function companyStatements(page: Page): Promise<Array<{ id: number; title: string; status: string }>> {
  let listed: Array<{ id: number; title: string; status: string }> | null = null;
  // Read on its way: the answer's body is gone from the browser once anything navigates.
  const handler = async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch({ url: wholeListUrl(route.request().url()) });
    listed = listItems(await response.json());
    return route.fulfill({ response });
  };
  // Matched by path: the call may carry `since` (forgetKeptLists drops it on its way).
  const isList = (url: URL) => url.pathname === '/api/statements';
  await page.route(isList, handler);
  // The whole list, not what changed since the tab's copy.
  await forgetKeptLists(page);
  await page.goto('/company');
  await expect.poll(() => listed !== null).toBe(true);
  await page.unroute(isList, handler);
  return listed ?? [];
}

test('the owner submits a statement with two documents and finds it in the list and its detail', async ({
  page,
  createPage,
  statementPage,
}) => {
  const objectName = unique('Жилой дом');
  const files = [pdf('Пояснительная записка.pdf'), pdf('plan-A.pdf')];
  await createPage.goto();

  // Nothing filled: the validation errors show after the submit attempt, with the form's toast.
  await createPage.submit.click();
  await expect(page.getByText('Проверьте корректность полей')).toBeVisible();
  await expect(page.getByText('Укажите наименование объекта')).toBeVisible();
  await expect(page.getByText('Добавьте хотя бы один файл')).toBeVisible();
  await expect(createPage.objectName).toBeFocused();

  // A malformed cadastral number is said after the field is left, and the form says it again on submit.
  await createPage.cadastralNumber.fill('77:01:0001');
  await createPage.cadastralNumber.blur();
  await expect(page.getByText('Некорректный кадастровый номер')).toBeVisible();
  await expect(createPage.cadastralNumber).toHaveAttribute('aria-invalid', 'true');

  await createPage.fill({
    cipher: 'СП-2026-100',
    objectName,
    address: 'ул. Строителей, 5',
    cadastralNumber: '77:01:0001001:1234',
    category: 'Многоквартирный жилой дом',
    workType: 'Новое строительство',
    comment: 'Прошу согласовать АГР.',
  });
  await createPage.documents.upload(files);
  await expect(page.getByText('Добавьте хотя бы один файл')).toBeHidden();
  const { id, visibleId } = await createPage.create();

  await expect(page.getByText('Заявление создано')).toBeVisible();
  await expect(page.getByText(objectName).first()).toBeVisible();

  await statementPage.goto(id);
  await expect(statementPage.number(visibleId)).toBeVisible();
  await expect(page.getByText('Отправлено', { exact: true }).first()).toBeVisible();
  await expect(statementPage.title).toHaveText('Новое строительство · Многоквартирный жилой дом · ул. Строителей, 5');
  const project = statementPage.block('О проекте');
  await expect(project).toContainText('СП-2026-100');
  await expect(project).toContainText(objectName);
  await expect(project.getByText('Кадастровый номер земельного участка', { exact: true })).toBeVisible();
  await expect(project.getByText('77:01:0001001:1234', { exact: true })).toBeVisible();
  await expect(statementPage.block('Общие сведения')).toContainText('Иванов Иван Иванович');
  await expect(statementPage.rounds).toHaveCount(1);
  const first = statementPage.round('Документы');
  await expect(first).toContainText('Прошу согласовать АГР.');
  for (const file of files) await expect(statementPage.download(file.name, first)).toBeVisible();
  await expect(statementPage.newVersion).toBeHidden();
});

test('a blocked type is refused on screen and never uploaded', async ({ page, createPage }) => {
  await createPage.goto();
  let uploads = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/prefiles') uploads += 1;
  });

  await createPage.documents.choose([
    { name: 'setup.EXE', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
  ]);

  await expect(page.getByText('Недопустимый тип файла: .exe')).toBeVisible();
  await expect(createPage.documents.input).toHaveAttribute('aria-invalid', 'true');
  await expect(createPage.documents.list).toBeHidden();
  expect(uploads).toBe(0);
});

test('a 20 MB document shows its progress while it uploads, then is stored', async ({ page, createPage }, testInfo) => {
  const name = 'Том 3. Чертежи.pdf';
  // From disk: handing 20 MB to the browser as a buffer takes longer than the upload.
  const path = testInfo.outputPath(name);
  await writeFile(path, Buffer.alloc(20 * 1024 * 1024, 7));
  await createPage.goto();
  // Slow the upload down (about 8 MB/s) so the progress can be seen, as on a real connection.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 8 * 1024 * 1024,
  });
  await createPage.documents.input.setInputFiles(path);

  const progress = createPage.documents.progress(name);
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThan(0);
  await expect(createPage.documents.row(name)).toContainText('20,00 МБ');
  await createPage.documents.expectUploaded([name]);
  await expect(progress).toBeHidden();
  await cdp.detach();
});

test('a downloaded document has the same bytes and name as the uploaded one', async ({
  page,
  createPage,
  statementPage,
}) => {
  const file = pdf('Сводный план сетей №2.pdf');
  await createPage.goto();
  await createPage.fill({ objectName: unique('Склад') });
  await createPage.documents.upload([file]);
  const { id } = await createPage.create();

  await statementPage.goto(id);
  const downloaded = page.waitForEvent('download');
  await statementPage.download(file.name).click();
  const download = await downloaded;

  expect(download.suggestedFilename()).toBe(file.name);
  expect((await readFile(await download.path())).equals(file.buffer)).toBe(true);
});

test('the owner deletes a statement while it is sent', async ({ page, createPage, statementPage }) => {
  const objectName = unique('Гараж');
  await createPage.goto();
  await createPage.fill({ objectName });
  await createPage.documents.upload([pdf('Альбом.pdf')]);
  const { id } = await createPage.create();

  await statementPage.goto(id);
  await statementPage.deleteButton.click();
  await expect(statementPage.confirmDialog).toContainText('Удалить заявление?');
  // Cancel keeps it.
  await statementPage.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(statementPage.confirmDialog).toBeHidden();
  await expect(statementPage.deleteButton).toBeFocused();

  await statementPage.confirmDelete();
  await expect(page).toHaveURL(/\/company\/?$/);
  await expect(page.getByText('Заявление удалено')).toBeVisible();
  expect((await companyStatements(page)).some((statement) => statement.id === id)).toBe(false);

  // Its page is gone too: the detail says so at its own address, with the way to the list.
  await page.goto(`/statement/info/${id}`);
  await expect(page.getByRole('heading', { name: 'Заявление не найдено' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/statement/info/${id}$`));
});

test('the seeded statement with comments takes a new version that shows as the next round', async ({
  page,
  statementPage,
}) => {
  const seeded = (await companyStatements(page)).find((statement) => statement.title === 'Торговый центр «Квартал»');
  expect(seeded?.status).toBe('has_comments');
  await statementPage.goto(seeded?.id ?? 0);
  await expect(page.getByText('Есть замечания', { exact: true }).first()).toBeVisible();
  await expect(statementPage.rounds).toHaveCount(1);
  await expect(statementPage.round('Документы')).toContainText('Уточните цветовое решение фасадов');
  await expect(statementPage.deleteButton).toBeHidden();

  // Keyboard only: the button opens the dialog, an empty send names the rule.
  await statementPage.newVersion.focus();
  await page.keyboard.press('Enter');
  await expect(statementPage.versionDialog).toBeVisible();
  await statementPage.versionSubmit.click();
  await expect(statementPage.versionDialog.getByText('Загрузите хотя бы один файл')).toBeVisible();

  const file = pdf('Альбом АГР, версия 3.pdf');
  await statementPage.versionFiles.upload([file]);
  await statementPage.versionComment.fill('Фасады исправлены, ведомость отделки приложена.');
  await statementPage.versionSubmit.click();

  await expect(page.getByText('Версия добавлена')).toBeVisible();
  await expect(statementPage.versionDialog).toBeHidden();
  await expect(statementPage.rounds).toHaveCount(2);
  const next = statementPage.round(/^Повторная подача №1 — /);
  await expect(next.getByRole('heading', { level: 3 })).toBeFocused();
  await expect(next).toContainText('Фасады исправлены, ведомость отделки приложена.');
  await expect(statementPage.download(file.name, next)).toBeVisible();
  await expect(page.getByText('На рассмотрении', { exact: true }).first()).toBeVisible();
  await expect(statementPage.newVersion).toBeHidden();
});
