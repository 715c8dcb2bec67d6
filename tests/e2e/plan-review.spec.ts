import type { Page, Request } from '@playwright/test';
import { drawingPdf } from '../../tools/drawing-pdf.ts';
import { expectAccessible } from './axe.ts';
import { recordCspViolations } from './csp.ts';
import { test as base, expect } from './fixtures.ts';
import { type ChosenFile, CreateStatementPage } from './pages/create-statement-page.ts';
import { compareButton, DocumentViewer, viewButton } from './pages/document-viewer.ts';
import { NewsPage, ReviewPage } from './pages/examiner-pages.ts';
import { StatementPage } from './pages/statement-page.ts';

// Plan review (docs/product.md «Plan review»): the drawings open in the portal, page by page through partial
// downloads, and a new version shows what it changed against the previous one.
const test = base.extend<{ createPage: CreateStatementPage; statementPage: StatementPage }>({
  createPage: async ({ page }, use) => {
    await use(new CreateStatementPage(page));
  },
  statementPage: async ({ page }, use) => {
    await use(new StatementPage(page));
  },
});

// The examiner takes a statement into work and answers it: a server of the test's own.
test.use({ role: 'owner', freshServer: true });

const FACADES = 'Фасады.pdf';
const PLAN = 'План.pdf';
const NOTE = 'Пояснительная записка.docx';
const LOCKED = 'Защищённый.pdf';
const BROKEN = 'Повреждённый.pdf';

const file = (name: string, buffer: Buffer, mimeType = 'application/pdf'): ChosenFile => ({ name, mimeType, buffer });
const facadesV1 = drawingPdf({ pages: 2, label: 'Facades' });
const facadesV2 = drawingPdf({ pages: 2, label: 'Facades', revisedPages: [2] });
const plan = drawingPdf({ pages: 1, label: 'Plan' });

/** Every request the page makes for stored file bytes, with its Range header. */
function fileRequests(page: Page): Array<{ path: string; range: string | undefined }> {
  const seen: Array<{ path: string; range: string | undefined }> = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/files' || url.pathname.startsWith('/files/')) {
      seen.push({ path: url.pathname, range: request.headers().range });
    }
  });
  return seen;
}

/** Red pixels (the difference colour) on the overlay canvas. */
async function redPixels(viewer: DocumentViewer): Promise<number> {
  return viewer.dialog.locator('canvas.viewer__compare-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    let red = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) > 180 && (data[i + 1] ?? 0) < 60) red += 1;
    return red;
  });
}

test('an examiner reads page 2 in the portal by keyboard; a new version shows what changed and where', async ({
  page,
  pageAs,
  createPage,
  statementPage,
}) => {
  test.slow();
  const csp = await recordCspViolations(page);

  // The applicant submits a two-sheet facade set, a plan and a note.
  await createPage.goto();
  await createPage.fill({ objectName: 'Библиотека на набережной', address: 'наб. Реки, 3' });
  await createPage.documents.upload([
    file(FACADES, facadesV1),
    file(PLAN, plan),
    file(NOTE, Buffer.from('PK docx')),
    file(LOCKED, drawingPdf({ pages: 1, label: 'Locked', password: 'секрет' })),
    file(BROKEN, Buffer.from('%PDF-1.4\nthis is not a PDF at all\n%%EOF\n')),
  ]);
  const { id, visibleId } = await createPage.create();

  // The examiner, on a wide screen, takes it and opens the facades without downloading them.
  const examinerPage = await pageAs('examiner1');
  await examinerPage.setViewportSize({ width: 1400, height: 900 });
  const examinerCsp = await recordCspViolations(examinerPage);
  const news = new NewsPage(examinerPage);
  await news.goto();
  await news.takeButton(visibleId).click();
  await examinerPage.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(news.row(visibleId)).toBeHidden();
  const review = new ReviewPage(examinerPage);
  await review.goto(id);
  const requests = fileRequests(examinerPage);
  const viewerChunk = examinerPage.waitForRequest((request) =>
    /\/_astro\/DocumentViewer\.[\w-]+\.js$/.test(request.url()),
  );
  const open = viewButton(review.round('Документы'), FACADES);
  await open.focus();
  await examinerPage.keyboard.press('Enter');
  await viewerChunk;
  const viewer = new DocumentViewer(examinerPage, FACADES);
  await expect(viewer.dialog).toBeVisible();
  await expect(viewer.pageOf).toHaveText('Страница 1 из 2');
  await expect(viewer.drawnPage(1)).toBeVisible();
  await expectAccessible(examinerPage, 'document viewer (1400 px)');

  // The pages take focus as they arrive: PageDown goes to page 2, + and − zoom, all from the keyboard.
  await expect(viewer.pages).toBeFocused();
  await examinerPage.keyboard.press('PageDown');
  await expect(viewer.pageOf).toHaveText('Страница 2 из 2');
  await expect(viewer.drawnPage(2)).toBeInViewport();
  const fitted = await viewer.percent();
  await examinerPage.keyboard.press('+');
  await expect.poll(() => viewer.percent()).toBeGreaterThan(fitted);
  await examinerPage.keyboard.press('-');
  await examinerPage.keyboard.press('-');
  await expect.poll(() => viewer.percent()).toBeLessThan(fitted);
  await examinerPage.keyboard.press('PageUp');
  await expect(viewer.pageOf).toHaveText('Страница 1 из 2');
  await viewer.pageInput.fill('2');
  await viewer.pageInput.press('Enter');
  await expect(viewer.pageOf).toHaveText('Страница 2 из 2');
  await viewer.fitWidth.click();
  await expect.poll(() => viewer.percent()).toBe(fitted);

  // Read in parts: every request for the bytes asked for a range, and nothing was saved.
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.every((request) => request.range?.startsWith('bytes='))).toBe(true);

  // Escape closes it onto the statement, focus back on 'Просмотр'.
  await examinerPage.keyboard.press('Escape');
  await expect(viewer.dialog).toBeHidden();
  await expect(open).toBeFocused();
  await expect(examinerPage).toHaveURL(new RegExp(`/instance/statement/info/${id}/?$`));

  // A document the portal cannot show (a Word file, a password-protected or broken PDF) says so and keeps the
  // download.
  for (const name of [LOCKED, BROKEN]) {
    await viewButton(review.round('Документы'), name).click();
    const unavailable = new DocumentViewer(examinerPage, name);
    await expect(unavailable.dialog.getByText('Просмотр недоступен: скачайте файл')).toBeVisible();
    await expect(unavailable.dialog.getByRole('button', { name: 'Скачать' })).toBeVisible();
    await examinerPage.keyboard.press('Escape');
    await expect(unavailable.dialog).toBeHidden();
  }
  await viewButton(review.round('Документы'), NOTE).click();
  const note = new DocumentViewer(examinerPage, NOTE);
  await expect(note.dialog.getByText('Просмотр недоступен: скачайте файл')).toBeVisible();
  await expect(note.dialog.getByRole('button', { name: 'Скачать' })).toBeVisible();
  // The browser's back button closes the viewer and stays on the statement.
  await examinerPage.goBack();
  await expect(note.dialog).toBeHidden();
  await expect(examinerPage).toHaveURL(new RegExp(`/instance/statement/info/${id}/?$`));

  await review.choose('На доработку');
  await review.replyComment.fill('Уточните фасад в осях 1–7 на листе 2');
  await review.replySubmit.click();
  await expect(review.replyDialog).toBeHidden();

  // The applicant, on a phone-sized screen, sends a new version: the facades revised, the plan as it was.
  await page.setViewportSize({ width: 576, height: 900 });
  await statementPage.goto(id);
  await statementPage.newVersion.click();
  await statementPage.versionFiles.upload([file(FACADES, facadesV2), file(PLAN, plan)]);
  await statementPage.versionSubmit.click();
  await expect(statementPage.versionDialog).toBeHidden();
  const second = statementPage.round(/^Повторная подача №1/);
  for (const scope of [second, review.round(/^Повторная подача №1/)]) {
    if (scope === second) await expect(scope).toBeVisible();
    else await review.goto(id);
    await expect(scope.getByRole('listitem').filter({ hasText: FACADES }).first()).toContainText('изменён');
    await expect(scope.getByRole('listitem').filter({ hasText: PLAN }).first()).toContainText('без изменений');
    for (const absent of [NOTE, LOCKED, BROKEN]) {
      await expect(scope.getByRole('listitem').filter({ hasText: absent }).first()).toContainText('не представлен');
    }
    await expect(compareButton(scope, PLAN)).toHaveCount(0);
  }

  // The applicant compares the facades page by page: page 1 is the same, page 2 shows the revision in red.
  await compareButton(second, FACADES).click();
  const compared = new DocumentViewer(page, FACADES);
  await expect(compared.dialog).toContainText('изменён');
  await expect(compared.difference).toHaveText('На этой странице отличий нет');
  await expect.poll(() => redPixels(compared)).toBe(0);
  await compared.next.click();
  await expect(compared.pageOf).toHaveText('Страница 2 из 2');
  await expect(compared.difference).toHaveText(/^Отличается \d+ % площади страницы$/);
  await expect.poll(() => redPixels(compared)).toBeGreaterThan(100);
  await compared.dialog.getByRole('button', { name: 'Рядом' }).click();
  await expect(compared.dialog.getByRole('img', { name: 'Предыдущая версия' })).toBeVisible();
  await expect(compared.dialog.getByRole('img', { name: 'Текущая версия' })).toBeVisible();
  await expectAccessible(page, 'round comparison (576 px)');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(576);
  await page.keyboard.press('Escape');
  await expect(compared.dialog).toBeHidden();

  expect(await csp()).toEqual([]);
  expect(await examinerCsp()).toEqual([]);
});
