import type { FileChooser, Locator, Page, Route } from '@playwright/test';
import { demoUsers } from '../../tools/demo.ts';
import { focusedElement } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { EmployeeFormPage, EmployeeListPage } from './pages/company-admin-pages.ts';
import { type ChosenFile, CreateStatementPage, pdf } from './pages/create-statement-page.ts';
import { NewsPage, ReviewPage } from './pages/examiner-pages.ts';

// WCAG 2.1.1 and 2.4.7: every flow by keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, typing; files
// through the chooser the keyboard opens), and a visible focus indicator on every element Tab lands on.
test.use({ freshServer: true });

/** True when `target` has focus. */
async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop that the focused element shows a
 * focus indicator; fails when `target` is not reached in `max` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeAttached();
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focused = await focusedElement(page);
    expect.soft(focused.visible, `a visible focus indicator on ${focused.describe}`).toBe(true);
    if (await hasFocus(target)) return;
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} did not reach ${target} in ${max} presses`);
}

/** The file choosers each page opened and no test has answered yet. */
const openedChoosers = new WeakMap<Page, FileChooser[]>();

/**
 * Intercepts the page's file choosers from now on. Playwright turns interception on when the first 'filechooser'
 * listener is added, without waiting for the browser to confirm: a listener added just before the key press (as
 * `waitForEvent` does) can lose the race, and the browser's own chooser opens unseen. So a page's choosers are
 * intercepted as soon as the test has the page, long before any key opens one.
 */
function interceptChoosers(page: Page): Page {
  const opened: FileChooser[] = [];
  openedChoosers.set(page, opened);
  page.on('filechooser', (chooser) => opened.push(chooser));
  return page;
}

/** Presses Space on the focused file picker `input` and chooses `files` in the chooser it opens. */
async function chooseFiles(page: Page, input: Locator, files: ChosenFile[]): Promise<void> {
  const opened = openedChoosers.get(page);
  if (!opened) throw new Error('interceptChoosers(page) first, when the test gets the page');
  await expect(input).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(() => opened.length, { message: 'Space on the focused file picker opens a chooser' }).toBe(1);
  await opened.shift()?.setFiles(files);
}

/** Presses ArrowDown in an open menu until the item named `name` has focus, then Enter. */
async function pickMenuItem(page: Page, name: string): Promise<void> {
  const item = page.getByRole('menuitem', { name });
  await expect(item).toBeVisible();
  for (let press = 0; press < 6 && !(await hasFocus(item)); press += 1) await page.keyboard.press('ArrowDown');
  await expect(item).toBeFocused();
  const focused = await focusedElement(page);
  expect.soft(focused.visible, `a visible focus indicator on ${focused.describe}`).toBe(true);
  await page.keyboard.press('Enter');
}

test('log in: the e-mail, Enter, the code typed into the cells, the confirm button', async ({
  page,
  loginPage,
  mailbox,
}) => {
  await loginPage.goto();
  await tabTo(page, loginPage.email);
  await page.keyboard.type(demoUsers.owner.email);
  await page.keyboard.press('Enter');
  await expect(loginPage.digit(1)).toBeFocused();
  await page.keyboard.type(await mailbox.waitForCode(demoUsers.owner.email));
  await expect(loginPage.confirm).toBeEnabled();
  if (!(await hasFocus(loginPage.confirm))) await tabTo(page, loginPage.confirm);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/company\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Все заявления' })).toBeVisible();
});

test.describe('the statement from submission to the answer', () => {
  test.use({ role: 'owner' });

  test('the owner submits with files, examiner1 takes it into work and sends it back with a comment and a file', async ({
    page,
    pageAs,
  }) => {
    const objectName = `Детский сад на 220 мест ${Date.now().toString(36)}`;
    const create = new CreateStatementPage(interceptChoosers(page));
    await create.goto();
    await tabTo(page, create.objectName);
    await page.keyboard.type(objectName);
    await tabTo(page, create.address);
    await page.keyboard.type('ул. Садовая, 12');
    await tabTo(page, create.category);
    await page.keyboard.press('ArrowDown');
    await expect(create.category).not.toHaveValue('');
    await tabTo(page, create.workType);
    await page.keyboard.press('ArrowDown');
    await expect(create.workType).not.toHaveValue('');
    const documents = [pdf('Альбом АГР.pdf'), pdf('Пояснительная записка.pdf')];
    await tabTo(page, create.documents.input);
    await chooseFiles(page, create.documents.input, documents);
    await create.documents.expectUploaded(documents.map((file) => file.name));

    // The answer to the submission is read on its way: the site leaves the page as soon as it arrives.
    let created: { id: number; visibleId: number } | null = null;
    await page.route('**/api/statements', async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      created = await response.json();
      return route.fulfill({ response });
    });
    await tabTo(page, create.submit);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/company\/?$/);
    await expect(page.getByRole('status').filter({ hasText: 'Заявление создано' })).toBeVisible();
    const statement = created as { id: number; visibleId: number } | null;
    if (!statement) throw new Error('the statement was not created');

    // Take into work: the row's button, Enter, Tab to 'Yes' in the confirmation, Enter.
    const examiner = interceptChoosers(await pageAs('examiner1'));
    const news = new NewsPage(examiner);
    await news.goto();
    await tabTo(examiner, news.takeButton(statement.visibleId), { max: 120 });
    await examiner.keyboard.press('Enter');
    await expect(news.confirmDialog).toContainText('Принять в работу?');
    await tabTo(examiner, news.confirmDialog.getByRole('button', { name: 'Yes' }), { max: 5 });
    await examiner.keyboard.press('Enter');
    await expect(examiner.getByRole('status').filter({ hasText: 'Заявление взято в работу' })).toBeVisible();
    await expect(news.row(statement.visibleId)).toHaveCount(0);

    // Answer: the menu by Enter and arrows, the comment typed, a file chosen, the send button by Enter.
    const review = new ReviewPage(examiner);
    await review.goto(statement.id);
    await expect(review.replyMenu).toBeEnabled();
    await tabTo(examiner, review.replyMenu, { max: 80 });
    await examiner.keyboard.press('Enter');
    await pickMenuItem(examiner, 'На доработку');
    await expect(review.replyDialog).toContainText('На доработку');
    await tabTo(examiner, review.replyComment, { max: 10 });
    await examiner.keyboard.type('Приложите ведомость отделки фасадов.');
    const remark = pdf('Замечания эксперта.pdf');
    await tabTo(examiner, review.replyFiles.input, { max: 10 });
    await chooseFiles(examiner, review.replyFiles.input, [remark]);
    await review.replyFiles.expectUploaded([remark.name]);
    await tabTo(examiner, review.replySubmit, { max: 10 });
    await examiner.keyboard.press('Enter');
    await expect(examiner.getByRole('status').filter({ hasText: 'Ответ на заявление был отправлен' })).toBeVisible();
    await expect(review.replyMenu).toHaveCount(0);
    await expect(review.round('Документы')).toContainText('Приложите ведомость отделки фасадов.');
    await expect(review.round('Документы').getByRole('button', { name: `Скачать «${remark.name}»` })).toBeVisible();
  });
});

test.describe('the company', () => {
  test.use({ role: 'owner' });

  test('the owner adds an employee', async ({ page }) => {
    const list = new EmployeeListPage(page);
    const form = new EmployeeFormPage(page);
    await list.goto();
    await tabTo(page, list.add);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/employees\/create$/);

    // A refused submit first: the errors are tied to their fields and focus goes to the first.
    await tabTo(page, form.create);
    await page.keyboard.press('Enter');
    await expect(form.fio).toBeFocused();
    await expect(form.fio).toHaveAttribute('aria-invalid', 'true');
    await expect(form.fio).toHaveAccessibleDescription(/Укажите ФИО/);

    await page.keyboard.type('Орлова Вера Николаевна');
    await tabTo(page, form.email);
    await page.keyboard.type('orlova@stroyproekt.example');
    await tabTo(page, form.position);
    await page.keyboard.type('Главный архитектор проекта');
    await tabTo(page, form.create);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/employees\/list$/);
    await expect(page.getByRole('status').filter({ hasText: 'Сотрудник добавлен' })).toBeVisible();
    await expect(list.row('Орлова Вера Николаевна')).toContainText('Главный архитектор проекта');
  });
});
