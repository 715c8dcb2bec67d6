import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { drawingPdf } from '../../tools/drawing-pdf.ts';
import { expectAccessible } from './axe.ts';
import { recordCspViolations } from './csp.ts';
import { test as base, expect } from './fixtures.ts';
import { CompanyListPage } from './pages/company-list-page.ts';
import { type ChosenFile, CreateStatementPage } from './pages/create-statement-page.ts';
import { DocumentViewer, viewButton } from './pages/document-viewer.ts';
import { NewsPage, ReviewPage } from './pages/examiner-pages.ts';
import { StatementPage } from './pages/statement-page.ts';

// Remarks pinned to the drawings (docs/product.md «Remarks»): the examiner pins a remark on page 2 and sends rework;
// the applicant finds it at the same place, answers it with a new version; the examiner takes it off.
const test = base.extend<{ createPage: CreateStatementPage; statementPage: StatementPage }>({
  createPage: async ({ page }, use) => {
    await use(new CreateStatementPage(page));
  },
  statementPage: async ({ page }, use) => {
    await use(new StatementPage(page));
  },
});

test.use({ role: 'owner', freshServer: true });

const FACADES = 'Фасады.pdf';
const file = (name: string, buffer: Buffer): ChosenFile => ({ name, mimeType: 'application/pdf', buffer });
/** Where the examiner clicks on page 2, in fractions of the page. */
const SPOT = { x: 0.4, y: 0.3 };

/** The 'Замечания' section of a detail and one remark card in it. */
function remarksOf(page: Page) {
  const section = page.getByRole('region', { name: 'Замечания', exact: true });
  return { section, card: (title: string) => section.getByRole('article', { name: `Замечания: ${title}` }) };
}

/** Examiner 1 takes the statement into work from 'Новые заявления' and opens it, on a screen `width` px wide. */
async function takenIntoWork(examinerPage: Page, width: number, id: number, visibleId: number) {
  await examinerPage.setViewportSize({ width, height: 900 });
  const news = new NewsPage(examinerPage);
  await news.goto();
  await news.takeButton(visibleId).click();
  await examinerPage.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(news.row(visibleId)).toBeHidden();
  const review = new ReviewPage(examinerPage);
  await review.goto(id);
  return { examinerPage, review };
}

/** The text of a downloaded PDF as pdftotext reads it, whitespace folded. */
function letterText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** Where a pin sits on its page, in fractions of the page: a spot's point is its lower left corner. */
async function pinPlace(viewer: DocumentViewer, page: number, pin: Locator): Promise<{ x: number; y: number }> {
  const box = await viewer.dialog.locator(`[data-page="${page}"]`).boundingBox();
  const mark = await pin.boundingBox();
  if (!box || !mark) throw new Error('no page or pin on screen');
  return { x: (mark.x - box.x) / box.width, y: (mark.y + mark.height - box.y) / box.height };
}

test('a remark pinned on page 2 reaches the applicant at the same place, is answered and taken off', async ({
  page,
  pageAs,
  createPage,
  statementPage,
}) => {
  test.slow();
  const csp = await recordCspViolations(page);
  await createPage.goto();
  await createPage.fill({ objectName: 'Театр на набережной', address: 'наб. Реки, 7' });
  await createPage.documents.upload([file(FACADES, drawingPdf({ pages: 2, label: 'Facades' }))]);
  const { id, visibleId } = await createPage.create();

  const { examinerPage, review } = await takenIntoWork(await pageAs('examiner1'), 1400, id, visibleId);

  // On page 2 of the facades: 'Добавить замечание', a click on the sheet, the remark's text.
  await viewButton(review.round('Документы'), FACADES).click();
  const viewer = new DocumentViewer(examinerPage, FACADES);
  await expect(viewer.drawnPage(1)).toBeVisible();
  await viewer.next.click();
  await expect(viewer.pageOf).toHaveText('Страница 2 из 2');
  await viewer.dialog.getByRole('button', { name: 'Добавить замечание' }).click();
  await expect(viewer.dialog.getByRole('status').filter({ hasText: 'Щёлкните место на листе' })).toBeVisible();
  const sheet = viewer.dialog.locator('[data-page="2"]');
  const box = await sheet.boundingBox();
  if (!box) throw new Error('page 2 is not on screen');
  await examinerPage.mouse.click(box.x + box.width * SPOT.x, box.y + box.height * SPOT.y);
  const editor = examinerPage.getByRole('dialog', { name: 'Новое замечание' });
  await expect(editor).toContainText('Место: Фасады.pdf, стр. 2');
  await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(editor.getByRole('textbox', { name: 'Текст замечания' })).toHaveAccessibleDescription(
    /Введите текст замечания/,
  );
  await editor.getByRole('textbox', { name: 'Текст замечания' }).fill('Отметка карниза не совпадает с разрезом 1-1');
  await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(editor).toBeHidden();
  const examinerPin = viewer.dialog.getByRole('button', { name: /^Замечание Черновик, обязательное/ });
  await expect(examinerPin).toBeVisible();
  const placed = await pinPlace(viewer, 2, examinerPin);
  expect(Math.abs(placed.x - SPOT.x)).toBeLessThan(0.01);
  expect(Math.abs(placed.y - SPOT.y)).toBeLessThan(0.01);
  await examinerPage.keyboard.press('Escape');
  await expect(viewer.dialog).toBeHidden();

  // A remark without a place, from the section; then the rework says how many it carries.
  const examinerRemarks = remarksOf(examinerPage);
  await examinerRemarks.section.getByRole('button', { name: 'Добавить замечание' }).click();
  await editor.getByRole('textbox', { name: 'Текст замечания' }).fill('Рекомендуем светлый тон штукатурки');
  await editor.getByRole('radio', { name: 'Рекомендация' }).check();
  await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(editor).toBeHidden();
  await expect(examinerRemarks.section.getByRole('article')).toHaveCount(2);
  await review.choose('На доработку');
  await expect(review.replyDialog).toContainText('Будет отправлено замечаний: 2');
  await review.replyComment.fill('Исправьте замечания');
  await review.replySubmit.click();
  await expect(review.replyDialog).toBeHidden();
  await expect(examinerRemarks.section).toContainText('Замечания: 2, снято 0');

  // The applicant, on a phone-sized screen: the remarks, and the pin where the examiner put it.
  await page.setViewportSize({ width: 576, height: 900 });
  const list = new CompanyListPage(page);
  await list.goto('/company');
  await expect(list.card('Театр на набережной')).toContainText('Неснятых обязательных замечаний: 1');
  await statementPage.goto(id);
  const applicantRemarks = remarksOf(page);
  await expect(applicantRemarks.section).toContainText('Замечания: 2, снято 0');
  const first = applicantRemarks.card('№ 1');
  await expect(first).toContainText('Обязательное');
  await expect(first).toContainText('Фасады.pdf, стр. 2');
  await first.getByRole('button', { name: 'Показать на листе' }).click();
  const applicantViewer = new DocumentViewer(page, FACADES);
  await expect(applicantViewer.pageOf).toHaveText('Страница 2 из 2');
  const applicantPin = applicantViewer.dialog.getByRole('button', { name: /^Замечание № 1, обязательное/ });
  await expect(applicantPin).toBeVisible();
  const seen = await pinPlace(applicantViewer, 2, applicantPin);
  expect(Math.abs(seen.x - SPOT.x)).toBeLessThan(0.01);
  expect(Math.abs(seen.y - SPOT.y)).toBeLessThan(0.01);
  await expect(applicantViewer.dialog.getByRole('region', { name: 'Замечание № 1' })).toContainText('Отметка карниза');
  await expectAccessible(page, 'viewer with a remark pin (576 px)');
  await page.keyboard.press('Escape');

  // The new version answers the required remark: without the answer it is refused beside the field.
  await statementPage.newVersion.click();
  const answer = statementPage.versionDialog.getByRole('textbox', { name: 'Ответ на замечание № 1' });
  await expect(
    statementPage.versionDialog.getByRole('textbox', { name: 'Ответ на замечание № 2 (необязательно)' }),
  ).toBeVisible();
  await statementPage.versionFiles.upload([
    file(FACADES, drawingPdf({ pages: 2, label: 'Facades', revisedPages: [2] })),
  ]);
  await statementPage.versionSubmit.click();
  await expect(answer).toHaveAccessibleDescription(/Ответьте на замечание № 1/);
  await answer.fill('Отметка исправлена на листе 2');
  await expectAccessible(page, 'new version with answers (576 px)');
  await statementPage.versionSubmit.click();
  await expect(statementPage.versionDialog).toBeHidden();
  await expect(first).toContainText('Дан ответ');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(576);

  // The examiner: approving with a required remark open asks first; 'Снять' takes it off.
  await review.goto(id);
  const answered = examinerRemarks.card('№ 1');
  await expect(answered).toContainText('Отметка исправлена на листе 2');
  await review.choose('Согласовать');
  const question = examinerPage.getByRole('alertdialog');
  await expect(question).toContainText('Остались неснятые обязательные замечания: 1. Согласовать?');
  await question.getByRole('button', { name: 'Cancel' }).click();
  // 'Не снято' asks what is still wrong: saved empty, the field says so and takes the focus; 'Отмена' changes nothing.
  await answered.getByRole('button', { name: 'Не снято' }).click();
  const keepOpen = examinerPage.getByRole('dialog', { name: 'Замечание № 1 не снято' });
  await keepOpen.getByRole('button', { name: 'Сохранить', exact: true }).click();
  const note = keepOpen.getByRole('textbox', { name: 'Что осталось не исправлено' });
  await expect(note).toBeFocused();
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await keepOpen.getByRole('button', { name: 'Отмена' }).click();
  await expect(keepOpen).toBeHidden();
  await expect(answered).toContainText('Дан ответ');
  await answered.getByRole('button', { name: 'Снять' }).click();
  await expect(answered).toContainText('Снято');
  await expect(examinerRemarks.section).toContainText('Замечания: 2, снято 1');
  // The history records the publication, the answer and the resolution; the rework lists what it carried.
  const history = examinerPage.getByRole('region', { name: 'История' });
  for (const entry of ['Отправлены замечания: 2', 'Даны ответы на замечания: 1', 'Снято: № 1']) {
    await expect(history.getByText(entry)).toBeVisible();
  }
  await expect(review.round('Документы').getByRole('list', { name: 'Замечания' }).getByRole('listitem')).toHaveCount(2);
  await expectAccessible(examinerPage, 'examiner remarks (1400 px)');

  // Both download the remarks letter; its text names the remark, the answer and the state.
  for (const [who, section] of [
    [examinerPage, examinerRemarks.section],
    [page, applicantRemarks.section],
  ] as const) {
    if (who === page) await statementPage.goto(id);
    const downloaded = who.waitForEvent('download');
    await section.getByRole('button', { name: 'Перечень замечаний' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`Замечания_${visibleId}.pdf`);
    const text = letterText(await download.path());
    expect(text).toContain(`по заявлению № ${visibleId}`);
    expect(text).toContain('№ 1 · Обязательное · снято');
    expect(text).toContain('Документ: Фасады.pdf, стр. 2');
    expect(text).toContain('Отметка карниза не совпадает с разрезом 1-1');
    expect(text).toContain('Ответ заявителя: Отметка исправлена на листе 2');
    expect(text).toContain('№ 2 · Рекомендация · открыто');
  }

  expect(await csp()).toEqual([]);
});

test('the examiner places a remark on the sheet by keyboard alone, on a phone-sized screen', async ({
  page,
  pageAs,
  createPage,
}) => {
  await createPage.goto();
  await createPage.fill({ objectName: 'Планетарий', address: 'ул. Звёздная, 1' });
  await createPage.documents.upload([file(FACADES, drawingPdf({ pages: 2, label: 'Facades' }))]);
  const { id, visibleId } = await createPage.create();
  await page.close();
  const { examinerPage, review } = await takenIntoWork(await pageAs('examiner1'), 576, id, visibleId);

  await viewButton(review.round('Документы'), FACADES).focus();
  await examinerPage.keyboard.press('Enter');
  const viewer = new DocumentViewer(examinerPage, FACADES);
  await expect(viewer.pages).toBeFocused();
  await examinerPage.keyboard.press('PageDown');
  await expect(viewer.pageOf).toHaveText('Страница 2 из 2');
  const add = viewer.dialog.getByRole('button', { name: 'Добавить замечание' });
  await add.focus();
  await examinerPage.keyboard.press('Enter');
  await expect(add).toHaveAttribute('aria-pressed', 'true');
  // Escape leaves placing, not the viewer.
  await examinerPage.keyboard.press('Escape');
  await expect(add).toHaveAttribute('aria-pressed', 'false');
  await expect(viewer.dialog).toBeVisible();
  await examinerPage.keyboard.press('Enter');
  await viewer.pages.focus();
  for (let i = 0; i < 5; i += 1) await examinerPage.keyboard.press('ArrowRight');
  await examinerPage.keyboard.press('Enter');
  const editor = examinerPage.getByRole('dialog', { name: 'Новое замечание' });
  await expect(editor).toContainText('Место: Фасады.pdf, стр. 2');
  // The dialog opens on its close button, as every dialog does; Tab goes past 'Из шаблона' and 'Сохранить как
  // шаблон' to the text, then to the kind.
  await examinerPage.keyboard.press('Tab');
  await expect(editor.getByRole('button', { name: 'Из шаблона' })).toBeFocused();
  await examinerPage.keyboard.press('Tab');
  await examinerPage.keyboard.press('Tab');
  await expect(editor.getByRole('textbox', { name: 'Текст замечания' })).toBeFocused();
  await examinerPage.keyboard.type('Покажите узел примыкания');
  await examinerPage.keyboard.press('Tab');
  await examinerPage.keyboard.press('ArrowDown');
  await expect(editor.getByRole('radio', { name: 'Рекомендация' })).toBeChecked();
  await examinerPage.keyboard.press('Tab');
  await expect(editor.getByRole('button', { name: 'Сохранить', exact: true })).toBeFocused();
  await examinerPage.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  const pin = viewer.dialog.getByRole('button', { name: /^Замечание Черновик, рекомендация: Покажите узел/ });
  await expect(pin).toBeVisible();
  await expectAccessible(examinerPage, 'viewer with a draft pin (576 px)');
  expect(await examinerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(576);
  const placed = await pinPlace(viewer, 2, pin);
  expect(Math.abs(placed.x - 0.6)).toBeLessThan(0.01);
  expect(Math.abs(placed.y - 0.5)).toBeLessThan(0.01);
});

test('an area of an image is pinned as on a PDF page', async ({ page, pageAs, createPage }) => {
  // A real PNG, drawn by the browser.
  const png = Buffer.from(
    await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(800, 600);
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, 800, 600);
        context.strokeRect(100, 100, 600, 400);
      }
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      return [...new Uint8Array(await blob.arrayBuffer())];
    }),
  );
  await createPage.goto();
  await createPage.fill({ objectName: 'Сквер', address: 'ул. Парковая, 2' });
  await createPage.documents.upload([{ name: 'Генплан.png', mimeType: 'image/png', buffer: png }]);
  const { id, visibleId } = await createPage.create();
  const { examinerPage, review } = await takenIntoWork(await pageAs('examiner1'), 1400, id, visibleId);

  await viewButton(review.round('Документы'), 'Генплан.png').click();
  const viewer = new DocumentViewer(examinerPage, 'Генплан.png');
  const image = viewer.dialog.locator('[data-page="1"]');
  await expect(image.getByRole('img', { name: 'Генплан.png' })).toBeVisible();
  // Drawn at its size (fitted, never enlarged): 800 px wide on this screen.
  await expect.poll(async () => (await image.boundingBox())?.width).toBe(800);
  await viewer.dialog.getByRole('button', { name: 'Добавить замечание' }).click();
  const box = await image.boundingBox();
  if (!box) throw new Error('the image is not on screen');
  await examinerPage.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.25);
  await examinerPage.mouse.down();
  await examinerPage.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6, { steps: 5 });
  await examinerPage.mouse.up();
  const editor = examinerPage.getByRole('dialog', { name: 'Новое замечание' });
  await expect(editor).toContainText('Место: Генплан.png, стр. 1');
  await editor.getByRole('textbox', { name: 'Текст замечания' }).fill('Покажите границы благоустройства');
  await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(editor).toBeHidden();
  const area = viewer.dialog.getByRole('button', { name: /^Замечание Черновик, обязательное: Покажите границы/ });
  const pinBox = await area.boundingBox();
  const sheet = await image.boundingBox();
  if (!pinBox || !sheet) throw new Error('no pin on screen');
  // The image as drawn now (the placing hint above it is gone) is the page the pin is a fraction of.
  expect(Math.abs(sheet.width - box.width)).toBeLessThan(1);
  expect(Math.abs((pinBox.x - sheet.x) / sheet.width - 0.2)).toBeLessThan(0.01);
  expect(Math.abs((pinBox.y - sheet.y) / sheet.height - 0.25)).toBeLessThan(0.01);
  expect(Math.abs(pinBox.width / sheet.width - 0.3)).toBeLessThan(0.01);
  expect(Math.abs(pinBox.height / sheet.height - 0.35)).toBeLessThan(0.01);
});
