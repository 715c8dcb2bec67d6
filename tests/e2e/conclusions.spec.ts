import type { Locator, Page } from '@playwright/test';
import { demoUsers } from '../../tools/demo.ts';
import { blockingViolations, scrollsSideways } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { statementUnderReview } from './listed.ts';
import { DocumentViewer } from './pages/document-viewer.ts';
import { ReviewPage } from './pages/examiner-pages.ts';

// Conclusions of reviewing bodies (docs/product.md «Conclusions»): the head adds two bodies with a member each, the
// examiner asks both at once, each member answers on 'Запросы на заключение' (one 'Не согласовано' with its text),
// and the approval waits for every answer, then for the examiner's reason to go over the refusal. The bodies change
// what every examiner sees: a server of its own.
test.use({ role: 'examiner1', freshServer: true });

/** Presses Tab until `target` has the focus: how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < 60; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Serious or critical axe findings, and whether the page scrolls sideways, both empty when all is well. */
async function expectWellLaidOut(page: Page, screen: string): Promise<void> {
  expect.soft(await blockingViolations(page), `axe on ${screen}`).toEqual([]);
  // Measured once the page settles: a dialog closing or a toast arriving may pass the edge for a frame.
  await expect
    .poll(
      async () => {
        const { scrollWidth, clientWidth } = await scrollsSideways(page);
        return scrollWidth - clientWidth;
      },
      { message: `${screen} scrolls sideways` },
    )
    .toBeLessThanOrEqual(0);
}

/** The head adds a department with its term, then attaches a member by e-mail ('Согласующие органы'). */
async function addBody(head: Page, name: string, termDays: string, memberEmail: string): Promise<void> {
  const catalogue = head.getByRole('region', { name: 'Согласующие подразделения и органы' });
  await catalogue.getByRole('button', { name: 'Добавить орган' }).click();
  const dialog = head.getByRole('dialog', { name: 'Новый согласующий орган' });
  await dialog.getByRole('textbox', { name: 'Название' }).fill(name);
  await dialog.getByRole('radio', { name: 'Подразделение комитета' }).check();
  await dialog.getByRole('textbox', { name: 'Срок заключения, рабочих дней' }).fill(termDays);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(catalogue.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  await head.getByRole('button', { name: `Добавить участника: ${name}` }).click();
  const member = head.getByRole('dialog', { name: `Новый участник: ${name}` });
  await member.getByRole('textbox', { name: 'Электронная почта' }).fill(memberEmail);
  await member.getByRole('button', { name: 'Сохранить' }).click();
  await expect(member).toBeHidden();
}

/** A member answers the request about `visibleId` on 'Запросы на заключение'. */
async function answer(member: Page, visibleId: number, verdict: string, text: string | null): Promise<void> {
  await member.goto('/instance/conclusions');
  await expect(member.getByRole('heading', { level: 1, name: 'Запросы на заключение' })).toBeVisible();
  await member.getByRole('button', { name: `Ответить на запрос по заявлению № ${visibleId}` }).click();
  const dialog = member.getByRole('dialog', { name: `Заключение по заявлению № ${visibleId}` });
  await dialog.getByRole('radio', { name: verdict, exact: true }).check();
  if (text !== null) {
    // Without its text a refusal is not sent: the form says why.
    await dialog.getByRole('button', { name: 'Отправить заключение' }).click();
    await expect(dialog.getByText('Обоснуйте заключение: без текста можно только согласовать')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Текст заключения' }).fill(text);
  }
  await dialog.getByRole('button', { name: 'Отправить заключение' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * A member opens the first document of the request about `visibleId`, places a remark on its first page by keyboard
 * and mouse, and sees it among the request's remarks as a proposal.
 */
async function proposeRemark(member: Page, visibleId: number, text: string): Promise<void> {
  await member.goto('/instance/conclusions');
  const card = member.getByTestId('conclusion-request').filter({ hasText: `Заявление № ${visibleId}` });
  const open = card.getByRole('button', { name: /^Просмотр «/ }).first();
  const fileName = ((await open.getAttribute('aria-label')) ?? '').replace(/^Просмотр «(.*)»$/, '$1');
  await open.click();
  const viewer = new DocumentViewer(member, fileName);
  await expect(viewer.dialog.locator('[data-page="1"]')).toBeVisible();
  await viewer.dialog.getByRole('button', { name: 'Добавить замечание' }).click();
  const sheet = viewer.dialog.locator('[data-page="1"]');
  const box = await sheet.boundingBox();
  if (!box) throw new Error('page 1 is not on screen');
  await member.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.3);
  const editor = member.getByRole('dialog', { name: 'Новое замечание' });
  await expect(editor).toContainText(`Место: ${fileName}, стр. 1`);
  // A body's member writes no templates: only the text and the kind.
  await expect(editor.getByRole('button', { name: 'Из шаблона' })).toHaveCount(0);
  await editor.getByRole('textbox', { name: 'Текст замечания' }).fill(text);
  await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(editor).toBeHidden();
  await expect(viewer.dialog.getByRole('button', { name: /^Замечание Предложение органа/ })).toBeVisible();
  await member.keyboard.press('Escape');
  await expect(viewer.dialog).toBeHidden();
  const listed = card.getByRole('region', { name: 'Замечания на чертежах' });
  await expect(listed.getByRole('article', { name: /Предложение органа/ })).toContainText(text);
  await listed.scrollIntoViewIfNeeded();
  await member.screenshot({ path: `/tmp/e2e-conclusion-proposals-${member.viewportSize()?.width ?? 0}.png` });
}

for (const width of [1400, 576]) {
  test(`the examiner asks two bodies, both answer, the approval waits for them and for the reason (${width} px)`, async ({
    page,
    pageAs,
  }) => {
    // Three people, five dialogs and a certificate: a long story on a loaded machine.
    test.slow();
    const heritage = 'Отдел охраны наследия';
    const transport = 'Отдел транспортной инфраструктуры';

    // The head adds both bodies: the heritage department with examiner 2, the transport one with the head.
    const head = await pageAs('head');
    await head.setViewportSize({ width, height: 900 });
    await head.goto('/instance/admin#review-bodies');
    await addBody(head, heritage, '5', demoUsers.examiner2.email);
    await addBody(head, transport, '10', demoUsers.head.email);
    const members = head.getByRole('table', { name: heritage, exact: true });
    await expect(members.getByRole('row', { name: new RegExp(demoUsers.examiner2.fio) })).toBeVisible();
    await expectWellLaidOut(head, 'Согласующие органы');

    // The examiner asks both by keyboard: the bodies ticked, the question written, the default terms kept.
    await page.setViewportSize({ width, height: 900 });
    const review = new ReviewPage(page);
    const statement = await statementUnderReview(page);
    await review.goto(statement.id);
    const block = page.getByRole('region', { name: 'Заключения' });
    const ask = block.getByRole('button', { name: 'Запросить заключения' });
    await tabTo(page, ask);
    await page.keyboard.press('Enter');
    const request = page.getByRole('dialog', { name: 'Запросить заключения' });
    const bodies = request.getByRole('group', { name: 'Подразделения и органы' });
    await expect(bodies.getByRole('checkbox', { name: new RegExp(heritage) })).toBeVisible();
    await request.getByRole('button', { name: 'Отправить запросы' }).click();
    await expect(request.getByText('Выберите хотя бы одно подразделение или орган')).toBeVisible();
    await expect(request.getByText('Сформулируйте вопрос к подразделению или органу')).toBeVisible();
    for (const name of [heritage, transport]) {
      const box = bodies.getByRole('checkbox', { name: new RegExp(name) });
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    await request
      .getByRole('textbox', { name: 'Вопрос к подразделению или органу' })
      .fill('Согласуйте цветовое решение фасада.');
    await expectWellLaidOut(page, 'Запросить заключения');
    await request.getByRole('button', { name: 'Отправить запросы' }).click();
    await expect(request).toBeHidden();
    const asked = block.getByTestId('conclusion');
    await expect(asked).toHaveCount(2);
    await expect(asked.filter({ hasText: heritage })).toContainText('Ожидается');
    await expect(asked.filter({ hasText: heritage })).toContainText(/до \d{2}\.\d{2}\.\d{4}/);
    await expect(asked.filter({ hasText: transport })).toContainText(/до \d{2}\.\d{2}\.\d{4}/);
    await expectWellLaidOut(page, 'the block Заключения');

    // Approving before the answers is held back, naming the silent bodies.
    await review.choose('Согласовать');
    await expect(review.replyDialog).toContainText(`Ещё не ответили: ${heritage}, ${transport}`);
    await expect(review.replySubmit).toBeDisabled();
    await review.replyDialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(review.replyDialog).toBeHidden();

    // Examiner 2, the heritage department's member, pins a remark on the drawing first: a proposal for the examiner.
    const second = await pageAs('examiner2');
    await second.setViewportSize({ width, height: 900 });
    await proposeRemark(second, statement.visibleId, 'Цвет фасада согласуйте с паспортом колористики');
    await expectWellLaidOut(second, 'Замечания на чертежах');
    // Then agrees; the head, as the transport department's member, does not, with the reason.
    await answer(second, statement.visibleId, 'Согласовано', null);
    await answer(head, statement.visibleId, 'Не согласовано', 'Парковка перекрывает пожарный проезд.');
    await expect(head.getByTestId('conclusion-request')).toContainText('Не согласовано');
    await expectWellLaidOut(head, 'Запросы на заключение');

    // The examiner includes the proposal among their remarks: their draft now, the body named.
    await review.goto(statement.id);
    const remarks = page.getByRole('region', { name: 'Замечания', exact: true });
    const proposal = remarks.getByRole('article', { name: /Предложение органа/ });
    await expect(proposal).toContainText(`Предложено: ${heritage}, ${demoUsers.examiner2.fio}`);
    await proposal.getByRole('button', { name: 'Включить в замечания' }).click();
    const included = remarks
      .getByRole('article', { name: /Черновик/ })
      .filter({ hasText: 'Цвет фасада согласуйте с паспортом колористики' });
    await expect(included).toContainText(`Предложено: ${heritage}`);
    await expect(included.getByRole('button', { name: 'Изменить' })).toBeVisible();

    // Both answered: the approval now asks why it goes over the refusal, and goes through with it.
    await expect(asked.filter({ hasText: transport })).toContainText('Парковка перекрывает пожарный проезд.');
    await expect(asked.filter({ hasText: heritage })).toContainText('Согласовано');
    const download = page.waitForEvent('download');
    await review.choose('Согласовать');
    await review.attachCertificate(await download);
    const reason = review.replyDialog.getByRole('textbox', { name: 'Почему вы согласовываете' });
    await expect(reason).toBeVisible();
    await review.replySubmit.click();
    await expect(
      review.replyDialog.getByText('Есть заключение «Не согласовано»: обоснуйте, почему вы согласовываете'),
    ).toBeVisible();
    await expect(reason).toBeFocused();
    await reason.fill('Проезд обеспечен с улицы Садовой, см. лист 3.');
    await review.replySubmit.click();
    await expect(review.replyDialog).toBeHidden();
    await expect(page.getByRole('img', { name: 'Согласовано по этой подаче' })).toBeVisible();
  });
}
