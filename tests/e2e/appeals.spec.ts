import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { demoUsers } from '../../tools/demo.ts';
import { blockingViolations, scrollsSideways } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { listedWhile } from './listed.ts';
import { pdf, UploadField } from './pages/create-statement-page.ts';
import { ReviewPage } from './pages/examiner-pages.ts';
import { StatementPage } from './pages/statement-page.ts';

// Pre-trial appeals (docs/product.md «Appeals»): the applicant appeals a refusal, the head sees it with its due date
// in 'Жалобы' and upholds it, choosing examiner 2; the statement is back under review with examiner 2, and both sides
// read the answer letter. The appeal changes what others see: a server of its own.
test.use({ role: 'owner', freshServer: true });

/** Presses Tab until `target` has the focus: how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < 40; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The text of a PDF the page downloads when `button` is pressed, as pdftotext reads it. */
async function downloadedText(page: Page, button: Locator): Promise<string> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  return execFileSync('pdftotext', ['-enc', 'UTF-8', await download.path(), '-'], { encoding: 'utf8' });
}

/** Serious or critical axe findings, and whether the page scrolls sideways, both empty when all is well. */
async function expectWellLaidOut(page: Page, screen: string): Promise<void> {
  expect.soft(await blockingViolations(page), `axe on ${screen}`).toEqual([]);
  const { scrollWidth, clientWidth } = await scrollsSideways(page);
  expect.soft(scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/** The open appeals' count beside the head's sidebar item 'Жалобы' (the menu opened first on a narrow screen). */
async function openAppealsLink(page: Page): Promise<Locator> {
  const menu = page.getByRole('button', { name: 'Меню', exact: true });
  await expect(page.getByRole('link', { name: 'Настройки' }).or(menu).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  return page.getByRole('navigation', { name: 'Меню инстанции' }).getByRole('link', { name: /^Жалобы\s*\d+$/ });
}

const countOf = async (link: Locator) => Number((await link.locator('.side-nav__count').textContent())?.trim());

for (const width of [1400, 576]) {
  test(`the applicant appeals a refusal, the head upholds it with examiner 2, both read the answer (${width} px)`, async ({
    page,
    pageAs,
  }) => {
    // Two people, two dialogs, an upload and two letters read back: a long story on a loaded machine.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const refused = (await listedWhile(page, '/api/statements', () => page.goto('/company/filter/rejected'))).find(
      (statement) => statement.status === 'rejected',
    );
    if (!refused) throw new Error('no rejected statement seeded for the demo company');

    // The applicant opens 'Подать жалобу' by keyboard; a send without the text says what is missing.
    const detail = new StatementPage(page);
    await detail.goto(refused.id);
    const appealButton = page.getByRole('button', { name: 'Подать жалобу' });
    await appealButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Досудебная жалоба' });
    await expect(dialog).toContainText(`Заявление № ${refused.visibleId}`);
    const subjects = dialog.getByRole('group', { name: 'На что вы жалуетесь' });
    await expect(subjects.getByRole('radio', { name: 'Отказ в согласовании' })).toBeVisible();
    // Only what this statement allows: it was not refused at intake, and no correction was declined.
    await expect(subjects.getByRole('radio', { name: 'Отказ в приёме документов' })).toHaveCount(0);
    await expect(subjects.getByRole('radio', { name: 'Отказ в исправлении опечатки' })).toHaveCount(0);
    const submit = dialog.getByRole('button', { name: 'Подать жалобу' });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const text = dialog.getByRole('textbox', { name: 'Текст жалобы' });
    await expect(dialog.getByText(/Выберите, на что вы жалуетесь$/)).toBeVisible();
    await expect(dialog.getByText(/Опишите, с чем вы не согласны$/)).toBeVisible();
    // The first field in error takes the focus: the keyboard user lands on what to fix.
    await expect(subjects.getByRole('radio', { name: 'Отказ в согласовании' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(subjects.getByRole('radio', { name: 'Отказ в согласовании' })).toBeChecked();
    await tabTo(page, text);
    const reason = 'Отказ не обоснован: фасад согласован с охраной наследия, заключение приложено.';
    await page.keyboard.type(reason);
    await expect(dialog.getByText(`${reason.length} из 10 000 символов`)).toBeVisible();
    await expect(dialog.getByText(/Опишите, с чем вы не согласны$/)).toBeHidden();
    await expect(dialog.getByText(/Выберите, на что вы жалуетесь$/)).toBeHidden();
    const files = new UploadField(dialog, 'Файлы');
    await files.upload([pdf('Заключение охраны наследия.pdf')]);
    await expectWellLaidOut(page, `the appeal dialog at ${width} px`);
    await page.screenshot({ path: `/tmp/appeals-dialog-${width}.png`, fullPage: true });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^Жалоба подана\. Ответ — до \d{1,2} [а-я]+ \d{4} г\.$/)).toBeVisible();

    // The appeal on the applicant's detail: subject, status, text, file and its due date.
    const appeals = detail.block('Жалобы');
    // The demo's refusal may carry answered appeals already: this one is told by its text.
    const appeal = appeals.getByTestId('appeal').filter({ hasText: reason });
    await expect(appeal).toHaveCount(1);
    await expect(appeal).toContainText('Отказ в согласовании');
    await expect(appeal).toContainText('На рассмотрении');
    await expect(appeal).toContainText(reason);
    await expect(detail.download('Заключение охраны наследия.pdf', appeal)).toBeVisible();
    const due = appeal.getByTestId('appeal-deadline');
    await expect(due).toHaveText(/^Срок ответа — до \d{1,2} [а-я]+ \d{4} г\./);
    const dueDay = /до (\d{1,2} [а-я]+ \d{4} г\.)/.exec((await due.textContent()) ?? '')?.[1];
    expect(dueDay).toBeTruthy();
    await expectWellLaidOut(page, `the applicant's detail at ${width} px`);
    await page.screenshot({ path: `/tmp/appeals-company-${width}.png`, fullPage: true });

    // The head: 'Жалобы' in the sidebar counts it, the register shows it with its due date.
    const head = await pageAs('head');
    await head.setViewportSize({ width, height: 900 });
    await head.goto('/instance/news');
    const link = await openAppealsLink(head);
    await expect(link).toBeVisible();
    const openBefore = await countOf(link);
    expect(openBefore).toBeGreaterThanOrEqual(1);
    await link.click();
    await expect(head).toHaveURL(/\/instance\/appeals\/?$/);
    await expect(head.getByRole('heading', { level: 1, name: 'Жалобы' })).toBeVisible();
    const row = head
      .getByRole('list', { name: 'Жалобы' })
      .getByTestId('appeal-row')
      .filter({ hasText: `№ ${refused.visibleId}` })
      .filter({ hasText: 'Отказ в согласовании' })
      .filter({ hasText: 'На рассмотрении' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Ответить до ${dueDay}`);
    await expect(row).toContainText('На рассмотрении');
    await expectWellLaidOut(head, `the register at ${width} px`);
    await head.screenshot({ path: `/tmp/appeals-register-${width}.png`, fullPage: true });
    await row.getByRole('link').click();
    await expect(head).toHaveURL(new RegExp(`/instance/statement/info/${refused.id}$`));

    // 'Рассмотреть жалобу' by keyboard: uphold, the examiner who reviews again, the answer.
    const review = new ReviewPage(head);
    const headAppeal = review.block('Жалобы').getByTestId('appeal').filter({ hasText: reason });
    const decide = headAppeal.getByRole('button', { name: 'Рассмотреть жалобу' });
    await decide.focus();
    await head.keyboard.press('Enter');
    const decision = head.getByRole('dialog', { name: 'Рассмотрение жалобы' });
    await expect(decision).toContainText(reason);
    const outcome = decision.getByRole('group', { name: 'Решение' });
    await tabTo(head, outcome.getByRole('radio', { name: 'Удовлетворить' }));
    await head.keyboard.press('Space');
    const examiners = decision.getByRole('group', { name: 'Эксперт' });
    await expect(examiners.getByRole('radio', { name: new RegExp(demoUsers.examiner1.fio) })).toBeChecked();
    const second = examiners.getByRole('radio', { name: new RegExp(demoUsers.examiner2.fio) });
    await second.focus();
    await head.keyboard.press('Space');
    await expect(second).toBeChecked();
    const answer = 'Отказ отменён: заключение органа охраны наследия подтверждает соответствие фасада.';
    await tabTo(head, decision.getByRole('textbox', { name: 'Ответ заявителю' }));
    await head.keyboard.type(answer);
    await expectWellLaidOut(head, `the decision dialog at ${width} px`);
    await head.screenshot({ path: `/tmp/appeals-decision-${width}.png`, fullPage: true });
    await tabTo(head, decision.getByRole('button', { name: 'Отправить ответ' }));
    await head.keyboard.press('Enter');
    await expect(decision).toBeHidden();
    await expect(head.getByText('Жалоба удовлетворена', { exact: true }).first()).toBeVisible();

    // The head's detail: the statement is back under review, the appeal upheld with the answer and its letter.
    await expect(head.locator('.detail-header').getByText('На рассмотрении', { exact: true })).toBeVisible();
    await expect(headAppeal).toContainText('Удовлетворена');
    await expect(headAppeal.getByRole('button', { name: 'Рассмотреть жалобу' })).toHaveCount(0);
    const headAnswer = headAppeal.getByTestId('appeal-answer');
    await expect(headAnswer).toContainText(answer);
    const headLetter = await downloadedText(head, headAnswer.getByRole('button', { name: /^Скачать «.+\.pdf»$/ }));
    expect(headLetter).toContain('Ответ на жалобу');
    expect(headLetter.replace(/\s+/g, ' ')).toContain(answer);
    await expectWellLaidOut(head, `the head's detail at ${width} px`);
    await head.screenshot({ path: `/tmp/appeals-head-detail-${width}.png`, fullPage: true });
    // One open appeal fewer beside 'Жалобы'.
    await head.goto('/instance/appeals');
    await expect(await openAppealsLink(head)).toHaveText(new RegExp(`^Жалобы\\s*${openBefore - 1}$`));

    // The applicant: under review again with examiner 2, and the same answer letter.
    await page.reload();
    await expect(page.locator('.detail-header').getByText('На рассмотрении', { exact: true })).toBeVisible();
    await expect(detail.block('Эксперт')).toContainText(demoUsers.examiner2.fio);
    await expect(detail.historyEntries.last()).toContainText('Решение отменено по жалобе');
    await expect(detail.historyEntries.last()).toContainText(`Эксперт: ${demoUsers.examiner2.fio}`);
    await expect(appeal).toContainText('Удовлетворена');
    const companyAnswer = appeal.getByTestId('appeal-answer');
    await expect(companyAnswer).toContainText(answer);
    const companyLetter = await downloadedText(
      page,
      companyAnswer.getByRole('button', { name: /^Скачать «.+\.pdf»$/ }),
    );
    expect(companyLetter).toBe(headLetter);
    await expectWellLaidOut(page, `the applicant's answered detail at ${width} px`);
    await page.screenshot({ path: `/tmp/appeals-company-answered-${width}.png`, fullPage: true });
  });
}

test.describe('an examiner who is not the head', () => {
  test.use({ role: 'examiner1', freshServer: false });

  test("has no 'Жалобы' in the sidebar, and the register refuses them", async ({ page }) => {
    await page.goto('/instance/news');
    const menu = page.getByRole('navigation', { name: 'Меню инстанции' });
    await expect(menu.getByRole('link', { name: 'Настройки' })).toBeAttached();
    await expect(menu.getByRole('link', { name: /^Жалобы/ })).toHaveCount(0);
    await page.goto('/instance/appeals');
    await expect(page.getByText('Раздел доступен только руководителю отдела.')).toBeVisible();
    await expect(page.getByTestId('appeal-row')).toHaveCount(0);
  });
});
