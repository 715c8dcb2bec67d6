import { test as base, expect } from './fixtures.ts';
import { NewsPage, SettingsPage } from './pages/examiner-pages.ts';

// The examiner's screens of spec §2: new statements taken into work, and the examiner's own settings.
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

interface Listed {
  id: number;
  visibleId: number;
  title: string;
  status: string;
}

test('examiner1 takes the seeded new statement into work with the keyboard, and it leaves the news', async ({
  page,
  newsPage,
  sidebar,
}) => {
  const listed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/instance/all/statements',
  );
  await newsPage.goto();
  const sent = ((await (await listed).json()) as Listed[]).filter((statement) => statement.status === 'sent');
  expect(sent.length).toBeGreaterThan(0);
  const statement = sent.find((item) => item.title === 'Жилой комплекс «Северный»') ?? sent[0];
  if (!statement) throw new Error('no sent statement seeded');

  const row = newsPage.row(statement.visibleId);
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: statement.title })).toHaveAttribute(
    'href',
    `/instance/statement/info/${statement.id}`,
  );
  const underReview = sidebar.instanceMenu.getByRole('link', { name: /На рассмотрении/ });
  await expect(underReview).toContainText(/\d/);
  const before = Number(((await underReview.textContent()) ?? '').replace(/\D+/g, ''));

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
  await expect(underReview).toContainText(String(before + 1));

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

  // Spaces only: the spec §5 error and toast, nothing sent.
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
