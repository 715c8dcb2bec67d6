import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expectAccessible } from './axe.ts';
import { test as base, expect } from './fixtures.ts';
import { listedWhile, statementUnderReview } from './listed.ts';
import { pdf } from './pages/create-statement-page.ts';
import { NewsPage, ReviewPage, SettingsPage } from './pages/examiner-pages.ts';
import { StatementPage } from './pages/statement-page.ts';

// The examiner's screens (docs/product.md «Screens and routes»): new statements taken into work, and the examiner's own
// settings.
const test = base.extend<{ newsPage: NewsPage; settingsPage: SettingsPage }>({
  newsPage: async ({ page }, use) => {
    await use(new NewsPage(page));
  },
  settingsPage: async ({ page }, use) => {
    await use(new SettingsPage(page));
  },
});

// Both tests change what other tests see (the seeded sent statement, examiner1's name): each gets its own server.
test.use({ role: 'examiner1', freshServer: true });

test('examiner1 takes the seeded new statement into work with the keyboard, and it leaves the news', async ({
  page,
  newsPage,
  sidebar,
}) => {
  const listed = await listedWhile(page, '/api/instance/all/statements', () => newsPage.goto());
  const sent = listed.filter((statement) => statement.status === 'sent');
  expect(sent.length).toBeGreaterThan(0);
  const statement = sent.find((item) => item.title === 'Жилой комплекс «Северный»') ?? sent[0];
  if (!statement) throw new Error('no sent statement seeded');

  const row = newsPage.row(statement.visibleId);
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: statement.title })).toHaveAttribute(
    'href',
    `/instance/statement/info/${statement.id}`,
  );
  const underReview = sidebar.examinerMenu.getByRole('link', { name: /На рассмотрении/ });
  await expect(underReview).toContainText(/\d/);
  const before = Number(((await underReview.textContent()) ?? '').replace(/\D+/g, ''));
  // The sidebar counts the intake queue beside 'Новые заявления': as many as the list shows.
  const queued = sent.filter((item) => !item.awaitingSignature).length;
  await expect(newsPage.list.getByRole('listitem')).toHaveCount(queued);
  await expect(sidebar.news).toHaveText(new RegExp(`^Новые заявления\\s*${queued}$`));

  // Cancel first: nothing happens.
  await newsPage.takeButton(statement.visibleId).focus();
  await page.keyboard.press('Enter');
  await expect(newsPage.confirmDialog).toContainText('Принять в работу?');
  await page.keyboard.press('Escape');
  await expect(newsPage.confirmDialog).toBeHidden();
  await expect(newsPage.takeButton(statement.visibleId)).toBeFocused();

  // Then confirm with Enter on the focused 'Yes'.
  await page.keyboard.press('Enter');
  await expect(newsPage.confirmDialog).toBeVisible();
  const confirm = newsPage.confirmDialog.getByRole('button', { name: 'Yes' });
  await confirm.focus();
  const taken = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/instance/StartWorkOnStatement',
  );
  await page.keyboard.press('Enter');
  expect((await taken).status()).toBe(200);

  await expect(page.getByText('Заявление взято в работу')).toBeVisible();
  await expect(newsPage.confirmDialog).toBeHidden();
  await expect(newsPage.row(statement.visibleId)).toHaveCount(0);
  // The button that had focus is gone with its row: focus waits on the heading, not lost to the page.
  await expect(newsPage.heading).toBeFocused();
  await expect(underReview).toContainText(String(before + 1));
  await expect(sidebar.news).toHaveText(new RegExp(`^Новые заявления\\s*${queued - 1}$`));

  // After a reload the statement is still gone from the news (the server moved it).
  await newsPage.goto();
  await expect(page.getByText(`№ ${statement.visibleId}`, { exact: true })).toHaveCount(0);
});

test('examiner1 changes the full name in settings and the sidebar shows it', async ({
  page,
  settingsPage,
  sidebar,
}) => {
  await settingsPage.goto();
  await expect(settingsPage.fio).toHaveValue('Смирнов Алексей Петрович');
  await expect(settingsPage.phone).toHaveAttribute('placeholder', '+7 (___) ___-__-__');
  await expect(sidebar.user('examiner1')).toBeVisible();

  // Spaces only: the validation error and toast, nothing sent.
  await settingsPage.fio.fill('   ');
  await settingsPage.save.click();
  await expect(page.getByText('Укажите ФИО')).toBeVisible();
  await expect(page.getByText('Проверьте корректность полей')).toBeVisible();
  await expect(settingsPage.fio).toBeFocused();

  // Keyboard only from here: type, Tab to the phone, Enter submits.
  await settingsPage.fio.fill('');
  await page.keyboard.type('Смирнова Алла Петровна');
  await page.keyboard.press('Tab');
  await expect(settingsPage.phone).toBeFocused();
  await settingsPage.phone.fill('');
  await page.keyboard.type('+7 (900) 123-45-67');
  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/instance/me' && response.request().method() === 'PUT',
  );
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);

  await expect(page.getByText('Изменения сохранены')).toBeVisible();
  await expect(sidebar.root.getByText('Смирнова Алла Петровна', { exact: true })).toBeVisible();
  await expect(page.getByText('Укажите ФИО')).toBeHidden();

  // The saved values come back on the next visit; an emptied phone is saved as none.
  await settingsPage.goto();
  await expect(settingsPage.fio).toHaveValue('Смирнова Алла Петровна');
  await expect(settingsPage.phone).toHaveValue('+7 (900) 123-45-67');
  await settingsPage.phone.fill('  ');
  const cleared = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/instance/me' && response.request().method() === 'PUT',
  );
  await settingsPage.save.click();
  expect(await (await cleared).json()).toMatchObject({ contactFio: 'Смирнова Алла Петровна', contactPhone: null });
  await settingsPage.goto();
  await expect(settingsPage.phone).toHaveValue('');
  await expect(sidebar.root.getByText('Смирнова Алла Петровна', { exact: true })).toBeVisible();
});

test('examiner1 approves the seeded statement under review: the certificate downloads, then the reply is sent', async ({
  page,
}) => {
  const review = new ReviewPage(page);
  const statement = await statementUnderReview(page);

  await review.goto(statement.id);
  await expect(page.getByText(`№ ${statement.visibleId}`, { exact: true })).toBeVisible();
  for (const block of ['О проекте', 'Заявитель', 'О компании']) await expect(review.block(block)).toBeVisible();

  const download = page.waitForEvent('download');
  await review.choose('Согласовать');
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Свидетельство_${statement.visibleId}.pdf`);
  const path = await file.path();
  const head = await readFile(path);
  expect(head.subarray(0, 5).toString()).toBe('%PDF-');

  await expect(review.replyDialog).toBeVisible();
  await expect(review.replyDialog).toContainText('Согласовать');
  await review.replyComment.fill('Согласовано без замечаний.');
  await review.attachCertificate(file);
  // The stamp goes bottom right unless chosen: the first document's goes top left, its first page showing where.
  const stamp = review.replyDialog.getByRole('region', { name: 'Штамп «СОГЛАСОВАНО»' });
  const firstDocument = stamp.getByRole('group').first();
  const documentName = ((await firstDocument.locator('legend').textContent()) ?? '').trim();
  await expect(firstDocument.getByRole('radio', { name: 'Правый нижний' })).toBeChecked();
  const topLeft = firstDocument.getByRole('radio', { name: 'Левый верхний' });
  await topLeft.focus();
  await page.keyboard.press('Space');
  await expect(topLeft).toBeChecked();
  if (documentName.endsWith('.pdf')) {
    await expect(stamp.getByRole('img', { name: `Первый лист «${documentName}» с местом штампа` })).toBeVisible();
  }
  for (const width of [576, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `the approval dialog with the stamp's corners at ${width} px`);
    await page.screenshot({ path: `/tmp/e2e-stamp-corners-${width}.png` });
  }
  const sent = page.waitForResponse((response) =>
    /\/api\/instance\/\d+\/stages$/.test(new URL(response.url()).pathname),
  );
  await review.replySubmit.click();
  expect((await sent).status()).toBe(201);

  await expect(page.getByText('Ответ на заявление был отправлен')).toBeVisible();
  await expect(review.replyDialog).toBeHidden();
  await expect(review.replyMenu).toHaveCount(0);
  await expect(review.title).toBeFocused();
  await expect(page.getByText('Согласовано без замечаний.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Согласовано по этой подаче' })).toBeVisible();

  // The set is stamped after the approval: once the detail shows it, the chosen document's stamp stands top left.
  const stampedName = `${documentName.replace(/\.[^.]+$/, '')}_согласовано.pdf`;
  const set = await review.madeSet(stampedName);
  const stamped = page.waitForEvent('download');
  await set.getByRole('button', { name: `Скачать «${stampedName}»` }).click();
  const box = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', await (await stamped).path(), '-'], {
    encoding: 'utf8',
  });
  const sheet = /<page width="([\d.]+)" height="([\d.]+)">/.exec(box);
  const word = /<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>СОГЛАСОВАНО<\/word>/.exec(box);
  expect(sheet && word, 'the stamp on the first page').toBeTruthy();
  expect(Number(word?.[1]) / Number(sheet?.[1])).toBeLessThan(0.5);
  expect(Number(word?.[2]) / Number(sheet?.[2])).toBeLessThan(0.5);
});

test('examiner1 on the detail: a dialog whose code failed to load offers a retry; one dialog closes, another opens', async ({
  page,
}) => {
  const review = new ReviewPage(page);
  const statement = await statementUnderReview(page);
  // The dialogs' code loads when a dialog first opens (not with the page): the first load of it fails, as offline.
  const dialogCode = /\/_astro\/DialogBox\.[\w-]+\.js$/;
  let failed = 0;
  await page.route(dialogCode, async (route) => {
    failed += 1;
    await route.abort('internetdisconnected');
  });
  await review.goto(statement.id);
  const addRemark = page
    .getByRole('region', { name: 'Замечания', exact: true })
    .getByRole('button', { name: 'Добавить замечание' });
  const editor = page.getByRole('dialog', { name: 'Новое замечание' });

  await addRemark.click();
  // In its place a window with the dialog's title, where the user looks, says so and offers 'Повторить'.
  const failure = editor.getByRole('alert');
  await expect(failure).toHaveText(/^Не удалось открыть окно\. Проверьте подключение и попробуйте ещё раз\./);
  await expect(editor.getByRole('textbox', { name: 'Текст замечания' })).toHaveCount(0);
  expect(failed).toBeGreaterThan(0);
  for (const width of [1400, 576]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(failure.getByRole('button', { name: 'Повторить' })).toBeInViewport();
    await page.screenshot({ path: `/tmp/e2e-dialog-failed-${width}.png` });
  }
  await expectAccessible(page, 'a dialog whose code failed to load');
  await editor.getByRole('button', { name: 'Закрыть' }).click();
  await expect(editor).toHaveCount(0);
  await expect(addRemark).toBeFocused();

  // Back online: opened again, 'Повторить' opens the dialog that was asked for.
  await page.unroute(dialogCode);
  await page.keyboard.press('Enter');
  await failure.getByRole('button', { name: 'Повторить' }).click();
  await expect(editor.getByRole('textbox', { name: 'Текст замечания' })).toBeVisible();
  await expect(failure).toHaveCount(0);
  await expect(editor.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(addRemark).toBeFocused();

  // Another dialog after it: the reply, then the first one again; each closes, and the focus is not lost.
  await review.choose('На доработку');
  await expect(review.replyDialog).toContainText('На доработку');
  await page.screenshot({ path: '/tmp/e2e-dialog-reply-576.png' });
  await page.keyboard.press('Escape');
  await expect(review.replyDialog).toBeHidden();
  // The menu item that opened it is gone: the focus waits on the heading.
  await expect(review.title).toBeFocused();
  await page.setViewportSize({ width: 1400, height: 900 });
  await addRemark.click();
  await expect(editor).toBeVisible();
  await page.screenshot({ path: '/tmp/e2e-dialog-again-1400.png' });
  await editor.getByRole('button', { name: 'Закрыть' }).click();
  await expect(editor).toBeHidden();
  await expect(addRemark).toBeFocused();
});

test('examiner2 sees no answer menu on a statement assigned to examiner1', async ({ pageAs }) => {
  const page = await pageAs('examiner2');
  const all = await listedWhile(page, '/api/instance/all/statements', () => page.goto('/instance/all'));
  const assigned = all.find((statement) => statement.status === 'under_review');
  if (!assigned) throw new Error('no statement under review seeded');
  const review = new ReviewPage(page);
  await review.goto(assigned.id);
  await expect(page.getByText(`№ ${assigned.visibleId}`, { exact: true })).toBeVisible();
  await expect(review.block('О проекте')).toBeVisible();
  await expect(review.replyMenu).toHaveCount(0);
});

test('examiner1 takes a new statement, sends it back with a file, sees the next round and rejects it', async ({
  page,
  newsPage,
  pageAs,
}) => {
  const review = new ReviewPage(page);
  const listed = await listedWhile(page, '/api/instance/all/statements', () => newsPage.goto());
  const statement = listed.find((item) => item.status === 'sent');
  if (!statement) throw new Error('no sent statement seeded');
  await newsPage.take(statement.visibleId);

  // Rework with a comment and a file, by keyboard through the menu.
  await review.goto(statement.id);
  await review.choose('На доработку');
  await expect(review.replyDialog).toContainText('На доработку');
  await review.replyComment.fill('Приложите ведомость отделки фасадов.');
  const remark = pdf('Замечания эксперта.pdf');
  await review.replyFiles.upload([remark]);
  await review.replySubmit.click();
  await expect(page.getByText('Ответ на заявление был отправлен')).toBeVisible();
  await expect(review.replyMenu).toHaveCount(0);
  await expect(review.round('Документы')).toContainText('Приложите ведомость отделки фасадов.');
  await expect(review.round('Документы').getByRole('button', { name: `Скачать «${remark.name}»` })).toBeVisible();

  // The applicant sees the remark and sends a new version.
  const owner = await pageAs('owner');
  const applicant = new StatementPage(owner);
  await applicant.goto(statement.id);
  await expect(owner.getByText('Приложите ведомость отделки фасадов.')).toBeVisible();
  await applicant.newVersion.click();
  const fixed = pdf('Ведомость отделки.pdf');
  await applicant.versionFiles.upload([fixed]);
  await applicant.versionSubmit.click();
  await expect(owner.getByText('Версия добавлена')).toBeVisible();

  // The examiner sees the next round and rejects it: no answer is offered afterwards.
  await review.goto(statement.id);
  const next = review.round(/^Повторная подача №1 — /);
  await expect(next.getByRole('button', { name: `Скачать «${fixed.name}»` })).toBeVisible();
  await review.choose('Отклонить');
  await review.replyComment.fill('Решение не соответствует регламенту.');
  // Without a ground the dialog asks for one and sends nothing.
  await review.replySubmit.click();
  await expect(review.replyDialog.getByText('Выберите основание отказа')).toBeVisible();
  await review.tickGrounds(
    'Архитектурно-градостроительный облик не соответствует',
    'Представленные документы содержат',
  );
  await expect(review.replyDialog.getByText('Выберите основание отказа')).toBeHidden();
  await review.replySubmit.click();
  await expect(page.getByText('Ответ на заявление был отправлен')).toBeVisible();
  const grounds = review.block('Основания отказа');
  await expect(grounds.getByRole('listitem')).toHaveCount(2);
  await expect(grounds.getByRole('listitem').first()).toContainText('правилами землепользования и застройки');
  await expect(page.getByText('Отклонено', { exact: true }).first()).toBeVisible();
  await expect(review.replyMenu).toHaveCount(0);

  // The applicant reads the same grounds, each with its legal basis.
  await applicant.goto(statement.id);
  const told = applicant.block('Основания отказа');
  await expect(told.getByRole('listitem')).toHaveText([
    /^Архитектурно-градостроительный облик не соответствует.*постановление Правительства Российской Федерации № 857/,
    /^Представленные документы содержат недостоверные или противоречивые сведения/,
  ]);

  // The decision's letter is a file of the rejection's round, made by the portal, in Russian.
  const letter = `Отказ_${statement.visibleId}.pdf`;
  const downloading = owner.waitForEvent('download');
  await applicant.download(letter, applicant.round(/^Повторная подача №1 — /)).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(letter);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await download.path(), '-'], { encoding: 'utf8' });
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain(`Регистрационный номер: № ${statement.visibleId}`);
  expect(flat).toContain('Разъяснение причин отказа: Решение не соответствует регламенту.');
});
