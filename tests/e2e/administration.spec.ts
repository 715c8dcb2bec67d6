import type { Page } from '@playwright/test';
import { drawingPdf } from '../../tools/drawing-pdf.ts';
import { blockingViolations, expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { AdminPage } from './pages/admin-page.ts';
import { CreateStatementPage } from './pages/create-statement-page.ts';
import { AssignDialog, NewsPage, ReviewPage } from './pages/examiner-pages.ts';
import { LoginPage } from './pages/login-page.ts';
import { StatementDetailPage } from './pages/statement-page.ts';

// The committee's administration (docs/product.md «Administration»): the head adds an examiner and a work type in the
// browser, the examiner logs in, an applicant uses the work type without a restart, an examiner fills a remark from a
// template in two clicks, a retired work type leaves the create form, a deactivated examiner's statement waits on
// 'Нагрузка' for 'Назначить эксперту'. At 1400 and 576 px, by keyboard, axe nothing serious.

test.use({ role: 'head', freshServer: true });

const NEW_EXAMINER = {
  email: 'volkov@agr.example',
  fio: 'Волков Игорь Семёнович',
  phone: '89161234567',
  position: 'Ведущий специалист',
};
const WORK_TYPE = 'Устройство навеса';
const TEMPLATE = 'Укажите материал и цвет кровли навеса по каталогу RAL';

/** Saves a screenshot to /tmp for a person to look at (not committed). */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/admin-${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

test('the head adds an examiner, a work type and a template; they are used at once; retiring and deactivating follow', async ({
  page,
  pageAs,
  browser,
  baseURL,
  mailbox,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1400, height: 900 });
  const admin = new AdminPage(page);

  // The sidebar's item leads there.
  await page.goto('/instance/filter/under_review');
  await page
    .getByRole('navigation', { name: 'Меню инстанции' })
    .getByRole('link', { name: 'Администрирование' })
    .click();
  await expect(admin.heading).toBeVisible();
  const examiners = admin.list('Эксперты');
  await expect(admin.row(examiners, 'Орлова Елена Викторовна')).toContainText('руководитель');

  // An examiner by e-mail and ФИО; the form's own errors first, in Russian, beside the fields.
  await examiners.getByRole('button', { name: 'Добавить эксперта' }).click();
  const addExaminer = admin.dialog('Новый эксперт');
  await addExaminer.getByRole('button', { name: 'Сохранить' }).click();
  await expect(addExaminer.getByRole('textbox', { name: 'Электронная почта' })).toHaveAccessibleDescription(
    /Укажите адрес электронной почты/,
  );
  await expect(addExaminer.getByRole('textbox', { name: 'Фамилия Имя Отчество' })).toHaveAccessibleDescription(
    /Укажите ФИО/,
  );
  await expect(addExaminer.getByRole('textbox', { name: 'Электронная почта' })).toBeFocused();
  await addExaminer.getByRole('textbox', { name: 'Электронная почта' }).fill(NEW_EXAMINER.email);
  await addExaminer.getByRole('textbox', { name: 'Фамилия Имя Отчество' }).fill(NEW_EXAMINER.fio);
  await addExaminer.getByRole('textbox', { name: /^Телефон/ }).fill(NEW_EXAMINER.phone);
  await addExaminer.getByRole('textbox', { name: /^Должность/ }).fill(NEW_EXAMINER.position);
  await shot(page, 'examiner-dialog');
  await expectAccessible(page, 'the add examiner dialog');
  await addExaminer.getByRole('button', { name: 'Сохранить' }).click();
  await expect(addExaminer).toBeHidden();
  const added = admin.row(examiners, NEW_EXAMINER.fio);
  await expect(added).toContainText(NEW_EXAMINER.email);
  // The phone is written out on leaving the field.
  await expect(added).toContainText('+7 (916) 123-45-67');
  await expect(added).toContainText(NEW_EXAMINER.position);
  await shot(page, 'examiners');

  // A work type, by keyboard: the add button, the name, Enter.
  await admin.openSection('Справочники');
  const workTypes = admin.list('Виды работ');
  await workTypes.getByRole('button', { name: 'Добавить вид работ' }).focus();
  await page.keyboard.press('Enter');
  const addWorkType = admin.dialog('Новый вид работ');
  await expect(addWorkType.getByRole('button', { name: 'Закрыть' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(addWorkType.getByRole('textbox', { name: 'Наименование' })).toBeFocused();
  await page.keyboard.type(WORK_TYPE);
  await page.keyboard.press('Enter');
  await expect(addWorkType).toBeHidden();
  await expect(admin.row(workTypes, WORK_TYPE)).toContainText('не используется');
  // Focus is back on the button that opened the dialog.
  await expect(workTypes.getByRole('button', { name: 'Добавить вид работ' })).toBeFocused();
  // The grounds carry their legal basis.
  await expect(admin.list('Основания для отказа в согласовании').getByRole('columnheader').nth(1)).toHaveText(
    'Правовое основание',
  );
  await shot(page, 'catalogs');

  // A remark template for that work type.
  await admin.openSection('Шаблоны замечаний');
  const templates = admin.list('Шаблоны замечаний');
  await templates.getByRole('button', { name: 'Добавить шаблон' }).click();
  const addTemplate = admin.dialog('Новый шаблон замечания');
  await addTemplate.getByRole('textbox', { name: 'Текст замечания' }).fill(TEMPLATE);
  await addTemplate.getByRole('radio', { name: 'Рекомендация' }).check();
  await addTemplate.getByRole('combobox', { name: /^Вид работ/ }).selectOption({ label: WORK_TYPE });
  await addTemplate.getByRole('button', { name: 'Сохранить' }).click();
  await expect(addTemplate).toBeHidden();
  await expect(admin.row(templates, TEMPLATE)).toContainText(WORK_TYPE);
  await shot(page, 'templates');

  // The new examiner logs in with the code mailed to them.
  // A context of its own, empty: a context made in a test takes the test's options, the head's login among them.
  const examinerContext = await browser.newContext({
    baseURL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    storageState: { cookies: [], origins: [] },
  });
  const examinerPage = await examinerContext.newPage();
  await examinerPage.setViewportSize({ width: 1400, height: 900 });
  await new LoginPage(examinerPage, mailbox).logIn(NEW_EXAMINER.email);
  await expect(examinerPage).toHaveURL(/\/instance\/filter\/under_review\/?$/);

  // An applicant finds the work type in the create form and uses it, without a restart.
  const owner = await pageAs('owner');
  const create = new CreateStatementPage(owner);
  await create.goto();
  await expect(create.workType.getByRole('option', { name: WORK_TYPE })).toHaveCount(1);
  await create.fill({ objectName: 'Навес над входом', address: 'ул. Садовая, 3', workType: WORK_TYPE });
  await create.documents.upload([
    { name: 'Навес.pdf', mimeType: 'application/pdf', buffer: drawingPdf({ pages: 1, label: 'Canopy' }) },
  ]);
  const { id, visibleId } = await create.create();

  // The new examiner takes it and fills a remark from the template: 'Из шаблона', then the template.
  const news = new NewsPage(examinerPage);
  await news.goto();
  await news.takeButton(visibleId).click();
  await news.confirmDialog.getByRole('button', { name: 'Yes' }).click();
  await expect(news.row(visibleId)).toBeHidden();
  const review = new ReviewPage(examinerPage);
  await review.goto(id);
  await examinerPage
    .getByRole('region', { name: 'Замечания', exact: true })
    .getByRole('button', { name: 'Добавить замечание' })
    .click();
  const editor = examinerPage.getByRole('dialog', { name: 'Новое замечание' });
  await editor.getByRole('button', { name: 'Из шаблона' }).click();
  const offered = editor.getByRole('region', { name: 'Шаблоны замечаний' }).getByRole('button');
  // The statement's work type's templates come first.
  await expect(offered.first()).toHaveAccessibleName(new RegExp(`^${TEMPLATE}`));
  await shot(examinerPage, 'remark-templates');
  await expectAccessible(examinerPage, 'the remark dialog with its templates');
  await offered.first().click();
  await expect(editor.getByRole('textbox', { name: 'Текст замечания' })).toHaveValue(TEMPLATE);
  await expect(editor.getByRole('textbox', { name: 'Текст замечания' })).toBeFocused();
  await expect(editor.getByRole('radio', { name: 'Рекомендация' })).toBeChecked();
  await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(editor).toBeHidden();
  await expect(examinerPage.getByRole('article').filter({ hasText: TEMPLATE })).toBeVisible();

  // Retired, the work type leaves the create form (the statement keeps it).
  await admin.openSection('Справочники');
  await admin.act(workTypes, 'Вывести из употребления', WORK_TYPE);
  await expect(admin.confirmation).toContainText(`Вывести «${WORK_TYPE}» из употребления?`);
  await admin.confirmation.getByRole('button', { name: 'Вывести из употребления' }).click();
  await expect(workTypes.getByRole('heading', { name: 'Выведены из употребления' })).toBeVisible();
  await expect(admin.row(admin.apart(workTypes, 'Виды работ', 'Выведены из употребления'), WORK_TYPE)).toBeVisible();
  await create.goto();
  await expect(create.workType.getByRole('option', { name: WORK_TYPE })).toHaveCount(0);

  // The last head stays a head, said in Russian.
  await admin.openSection('Эксперты');
  await admin.act(examiners, 'Снять роль руководителя', 'Орлова Елена Викторовна');
  await admin.confirmation.getByRole('button', { name: 'Снять роль руководителя' }).click();
  await expect(examiners.getByRole('alert')).toContainText('должен остаться хотя бы один руководитель');

  // Deactivated: their sessions end, their statement waits on 'Нагрузка' for 'Назначить эксперту'.
  await admin.act(examiners, 'Деактивировать', NEW_EXAMINER.fio);
  await expect(admin.confirmation).toContainText('сеансы завершатся');
  await expect(admin.confirmation).toContainText('очередь руководителя');
  await shot(page, 'deactivate');
  await admin.confirmation.getByRole('button', { name: 'Деактивировать' }).click();
  await expect(page.getByText('Эксперт деактивирован, 1 заявление передано в очередь руководителя')).toBeVisible();
  await expect(examiners.getByRole('heading', { name: 'Деактивированные' })).toBeVisible();
  await expect(admin.row(admin.apart(examiners, 'Эксперты', 'Деактивированные'), NEW_EXAMINER.fio)).toBeVisible();
  await examinerPage.reload();
  await expect(examinerPage).toHaveURL(/\/login/);
  await examinerContext.close();

  await page.goto('/instance/team');
  const unassigned = page.getByRole('region', { name: 'Не распределены' });
  const row = unassigned.getByRole('listitem').filter({ hasText: `№ ${visibleId}` });
  await expect(row).toContainText('На рассмотрении');
  await row.getByRole('link').click();
  // The release is in the statement's history: by the head, naming the examiner who had it.
  const released = new StatementDetailPage(page, '/instance/statement/info/').historyEntries.filter({
    hasText: 'Возвращено в очередь руководителя',
  });
  await expect(released).toContainText(`Эксперт: ${NEW_EXAMINER.fio}`);
  await expect(released).toContainText('Орлова Елена Викторовна');
  await shot(page, 'released-history');
  await page.getByRole('button', { name: 'Назначить эксперту' }).click();
  const assign = new AssignDialog(page, 'Назначить эксперту');
  await assign.examiner('Смирнов Алексей Петрович').check();
  await assign.submit.click();
  await expect(page.getByText('Заявление передано: Смирнов Алексей Петрович')).toBeVisible();

  // The log: newest first, who and what.
  await page.goto('/instance/admin/log');
  const log = page.getByRole('table', { name: 'Изменения данных комитета, новые сверху' });
  await expect(log.getByRole('row').nth(1)).toContainText('Эксперт деактивирован');
  await expect(log.getByRole('row').nth(1)).toContainText('Орлова Елена Викторовна');
  await expect(log).toContainText('Эксперт добавлен');
  await expect(log).toContainText('Запись справочника выведена из употребления');
  await shot(page, 'log');
});

test('the sections at 1400 and 576 px: axe nothing serious, the calendar marks a preliminary year', async ({
  page,
}) => {
  // Ten pages read by axe at two widths: a long walk on a loaded machine.
  test.slow();
  const admin = new AdminPage(page);
  for (const width of [1400, 576]) {
    await page.setViewportSize({ width, height: 900 });
    await admin.goto();
    await expect(admin.row(admin.list('Эксперты'), 'Орлова Елена Викторовна')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, 'section-examiners');
    for (const [section, ready] of [
      ['Справочники', 'Категории объектов'],
      ['Шаблоны замечаний', 'Шаблоны замечаний'],
      ['Производственный календарь', 'Производственный календарь'],
    ] as const) {
      await admin.openSection(section);
      const list = admin.list(ready);
      await expect(list.getByRole('row').nth(1).or(list.getByText('Шаблонов пока нет'))).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);
      await shot(page, `section-${section}`);
    }
    // A year without official data is marked so; each year takes a file.
    const years = admin.list('Производственный календарь');
    await expect(years.getByText('предварительный').first()).toBeVisible();
    await expect(years.getByRole('button', { name: /^Загрузить календарь: \d{4}$/ }).first()).toBeVisible();

    await page.goto('/instance/admin/log');
    await expect(page.getByRole('heading', { level: 1, name: 'Журнал администрирования' })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  }
});

/** A whole year: the New Year holidays, every other holiday of art. 112 on a weekday, and 31 December as a day off. */
function officialYear(year: number): string {
  const weekday = (day: string) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
  const holidays = ['02-23', '03-08', '05-01', '05-09', '06-12', '11-04', '12-31']
    .map((monthDay) => `${year}-${monthDay}`)
    .filter(weekday);
  return [
    `# Производственный календарь на ${year} год`,
    `нерабочие: ${year}-01-01..${year}-01-08, ${holidays.join(', ')}`,
  ].join('\n');
}

test('the calendar: a file is checked, what changes is shown, then applied', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.openSection('Производственный календарь');
  const years = admin.list('Производственный календарь');
  const row = years.getByRole('row').filter({ hasText: 'предварительный' }).first();
  const year = Number(
    await row
      .getByRole('rowheader')
      .textContent()
      .then((text) => text?.slice(0, 4)),
  );
  await row.getByRole('button', { name: `Загрузить календарь: ${year}` }).click();
  const dialog = admin.dialog(`Календарь на ${year} год`);

  // The instructions are in plain words, with an example, and name no console command.
  await expect(dialog).toContainText('Например: «нерабочие: 2027-01-01..2027-01-08, 2027-02-23»');
  await expect(dialog).not.toContainText('calendar-import');

  // A file that is another one altogether is refused once, by its cause, beside the field, in Russian.
  const file = dialog.getByLabel('Файл календаря');
  await file.setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('праздники: все\n') });
  await dialog.getByRole('button', { name: 'Проверить' }).click();
  await expect(file).toHaveAccessibleDescription(
    'Ошибка: Файл календаря не принят: Это не файл производственного календаря: в нём нет ни строки «нерабочие:», ни строки «рабочие:» с датами.',
  );
  await expect(file).toBeFocused();
  await file.setInputFiles({ name: 'old.txt', mimeType: 'text/plain', buffer: Buffer.from(officialYear(year - 1)) });
  await dialog.getByRole('button', { name: 'Проверить' }).click();
  await expect(file).toHaveAccessibleDescription(
    `Ошибка: Файл календаря не принят: Все даты в файле — ${year - 1} года, а загружается календарь на ${year} год. Выберите файл на ${year} год.`,
  );
  // One line with a wrong key in an otherwise good file: that line, not the holidays it seems to lack.
  await file.setInputFiles({
    name: 'typo.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${officialYear(year)}\nпраздники: ${year}-02-23\n`),
  });
  await dialog.getByRole('button', { name: 'Проверить' }).click();
  await expect(file).toHaveAccessibleDescription(
    /не принят: строка \d+: ожидается «нерабочие: даты» или «рабочие: даты»/,
  );
  await expect(file).not.toHaveAccessibleDescription(/ст\. 112/);

  await file.setInputFiles({ name: 'official.txt', mimeType: 'text/plain', buffer: Buffer.from(officialYear(year)) });
  await dialog.getByRole('button', { name: 'Проверить' }).click();
  const preview = dialog.getByRole('region', { name: 'Что изменится' });
  await expect(preview).toBeVisible();
  await shot(page, 'calendar-preview');
  expect(await blockingViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Календарь на ${year} год загружен`)).toBeVisible();
  await expect(
    years
      .getByRole('row')
      .filter({ hasText: String(year) })
      .first(),
  ).toContainText('официальный');
});

test('the calendar: a year of 0 working days is warned of and applied only once confirmed', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const admin = new AdminPage(page);
  await admin.goto();
  await admin.openSection('Производственный календарь');
  const years = admin.list('Производственный календарь');
  const row = years.getByRole('row').last();
  const year = Number(
    await row
      .getByRole('rowheader')
      .textContent()
      .then((text) => text?.slice(0, 4)),
  );
  const load = async (name: string, text: string) => {
    await row.getByRole('button', { name: `Загрузить календарь: ${year}` }).click();
    const dialog = admin.dialog(`Календарь на ${year} год`);
    await dialog
      .getByLabel('Файл календаря')
      .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
    await dialog.getByRole('button', { name: 'Проверить' }).click();
    await expect(dialog.getByRole('region', { name: 'Что изменится' })).toBeVisible();
    return dialog;
  };

  // The attack's file: every day of the year off.
  const dialog = await load('all-off.txt', `нерабочие: ${year}-01-01..${year}-12-31\n`);
  await expect(dialog.getByText('Проверьте число рабочих дней')).toBeVisible();
  await expect(
    dialog.getByText(
      `В ${year} году получается 0 рабочих дней, а обычно их от 200 до 300. Проверьте файл или подтвердите, что так и задумано.`,
    ),
  ).toBeVisible();
  const confirm = dialog.getByRole('checkbox', { name: `Да, в ${year} году действительно 0 рабочих дней` });
  await expect(confirm).not.toBeChecked();
  await shot(page, 'calendar-unusual');
  expect(await blockingViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 576, height: 900 });
  await expect(confirm).toBeVisible();
  await shot(page, 'calendar-unusual');
  expect(await blockingViolations(page)).toEqual([]);

  // 'Применить' without the confirmation sends nothing and says why beside the checkbox.
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(confirm).toHaveAccessibleDescription(/Подтвердите, что так и задумано, или выберите другой файл/);
  await expect(dialog).toBeVisible();
  await confirm.check();
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('официальный');
  await expect(row.getByRole('cell').first()).toHaveText('0');

  // The official year again: a usual count asks nothing.
  const usual = await load('official.txt', officialYear(year));
  await expect(usual.getByRole('checkbox')).toHaveCount(0);
  await usual.getByRole('button', { name: 'Применить' }).click();
  await expect(usual).toBeHidden();
  await expect(row.getByRole('cell').first()).not.toHaveText('0');
});

test.describe('an examiner who is not the head', () => {
  test.use({ role: 'examiner1', freshServer: false });

  test('has no link and reads a refusal at the address', async ({ page }) => {
    await page.goto('/instance/filter/under_review');
    const menu = page.getByRole('navigation', { name: 'Меню инстанции' });
    await expect(menu.getByRole('link', { name: 'Настройки' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Администрирование' })).toHaveCount(0);
    for (const path of ['/instance/admin', '/instance/admin/log']) {
      await page.goto(path);
      await expect(page.getByText('Раздел доступен только руководителю отдела.')).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    }
  });
});
