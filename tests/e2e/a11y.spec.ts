import type { Page } from '@playwright/test';
import { demoUsers, wrongCode } from '../../tools/demo.ts';
import { expectAccessible, scrollsSideways } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { EmployeeFormPage, EmployeeListPage } from './pages/company-admin-pages.ts';
import { CreateStatementPage } from './pages/create-statement-page.ts';
import { AcceptanceRefusalDialog, NewsPage, ReviewPage, SettingsPage } from './pages/examiner-pages.ts';
import { ExaminerTablePage } from './pages/examiner-table-page.ts';
import { StatementPage } from './pages/statement-page.ts';

// WCAG 2.1 AA: axe-core on every screen of both cabinets, dialogs, menus and the drawer open, at the
// desktop and the phone width: no serious or critical violation. Each screen is a soft check, so one run names all.

const COMPANY_FILTERS = [
  'all',
  'sent',
  'under_review',
  'has_comments',
  'approved',
  'rejected',
  'not_accepted',
  'withdrawn',
] as const;
const INSTANCE_FILTERS = [
  'all',
  'under_review',
  'has_comments',
  'approved',
  'rejected',
  'not_accepted',
  'withdrawn',
] as const;
const COMPANY_STATUS_TITLES = [
  'Жилой комплекс «Северный»',
  'Школа на 550 мест',
  'Торговый центр «Квартал»',
  'Поликлиника на 300 посещений',
  'Административное здание',
  'Многоквартирный жилой дом на ул. Заречной',
  'Гостиница «Волга»',
] as const;

/** Waits until no 'Загрузка…' is left on the page. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByText('Загрузка…', { exact: true })).toHaveCount(0);
}

/** Below 992 px the sidebar is an off-canvas menu: scans it open too, then closes it. */
async function scanMenu(page: Page, screen: string): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Меню', exact: true });
  if (!(await toggle.isVisible())) return;
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Закрыть меню' })).toBeFocused();
  await expectAccessible(page, `${screen}, menu open`);
  await page.keyboard.press('Escape');
  await expect(toggle).toBeFocused();
}

for (const width of [1400, 576]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Each test walks a whole cabinet: some twenty pages and dialogs, each scanned by axe after its animations end.
    test.slow();

    test.describe('the company cabinet', () => {
      test.use({ role: 'owner' });

      test('lists, the drawer, the create form, each status detail and the new-version dialog', async ({
        page,
        companyList,
      }) => {
        for (const filter of COMPANY_FILTERS) {
          const path = filter === 'all' ? '/company' : `/company/filter/${filter}`;
          await companyList.goto(path);
          await expectAccessible(page, path);
        }
        await scanMenu(page, '/company');

        await companyList.bell.click();
        await expect(companyList.drawer).toBeVisible();
        await expectAccessible(page, 'notifications drawer');
        await page.keyboard.press('Escape');
        await expect(companyList.drawer).toBeHidden();

        // The search opened and the period's calendar open.
        await companyList.searchButton.click();
        await companyList.search.fill('Школа');
        await expectAccessible(page, '/company with a search');
        await companyList.start.focus();
        await companyList.start.press('Enter');
        await expect(page.getByRole('dialog', { name: 'Начало периода' })).toBeVisible();
        await expectAccessible(page, '/company, calendar open');
        await page.keyboard.press('Escape');

        const create = new CreateStatementPage(page);
        await create.goto();
        await expectAccessible(page, '/statement/create');
        await create.submit.click();
        await expect(page.getByText('Укажите наименование объекта')).toBeVisible();
        await expectAccessible(page, '/statement/create with errors');

        const detail = new StatementPage(page);
        for (const title of COMPANY_STATUS_TITLES) {
          await companyList.goto('/company');
          await companyList.card(title).first().click();
          await expect(detail.title).toBeVisible();
          await settled(page);
          await expectAccessible(page, `detail of «${title}»`);
          if (await detail.newVersion.isVisible()) {
            await detail.newVersion.click();
            await expect(detail.versionDialog).toBeVisible();
            await expectAccessible(page, 'new-version dialog');
            await detail.versionSubmit.click();
            await expect(detail.versionDialog.getByText('Загрузите хотя бы один файл')).toBeVisible();
            await expectAccessible(page, 'new-version dialog with errors');
            await page.keyboard.press('Escape');
          }
          if (await detail.deleteButton.isVisible()) {
            await detail.deleteButton.click();
            await expect(detail.confirmDialog).toBeVisible();
            await expectAccessible(page, 'delete confirmation');
            await page.keyboard.press('Escape');
          }
          if (await detail.withdrawButton.isVisible()) {
            await detail.withdrawButton.click();
            await expect(detail.withdrawReason).toBeVisible();
            await expectAccessible(page, 'withdrawal confirmation');
            await page.keyboard.press('Escape');
            await expect(detail.withdrawDialog).toBeHidden();
          }
        }
      });

      test('employees list, create and edit, and the company', async ({ page }) => {
        const list = new EmployeeListPage(page);
        const form = new EmployeeFormPage(page);
        await list.goto();
        await settled(page);
        await expectAccessible(page, '/employees/list');

        await list.add.click();
        await expect(form.create).toBeVisible();
        await expectAccessible(page, '/employees/create');
        await form.email.fill('не-почта');
        await form.create.click();
        await expect(form.fio).toHaveAttribute('aria-invalid', 'true');
        await expectAccessible(page, '/employees/create with errors');

        await list.goto();
        await list.link(demoUsers.employee.fio).click();
        await expect(form.save).toBeVisible();
        await settled(page);
        await expectAccessible(page, '/employees/{id}/edit');
        await form.remove.click();
        await expect(form.confirm).toBeVisible();
        await expectAccessible(page, 'remove-employee confirmation');
        await page.keyboard.press('Escape');

        await page.goto('/company/edit');
        await expect(page.getByRole('heading', { level: 1, name: 'Моя компания' })).toBeVisible();
        await settled(page);
        await expectAccessible(page, '/company/edit');
      });
    });

    test.describe('the examiner cabinet', () => {
      // The approval makes the statement's check token: a server of its own.
      test.use({ role: 'examiner1', freshServer: true });

      test('news, the lists and table, a detail with the reply and approve dialogs, settings', async ({ page }) => {
        const news = new NewsPage(page);
        await news.goto();
        await settled(page);
        await expectAccessible(page, '/instance/news');
        await scanMenu(page, '/instance/news');
        const take = page.getByRole('button', { name: /^Взять в работу заявление/ }).first();
        if (await take.isVisible()) {
          await take.click();
          await expect(news.confirmDialog).toBeVisible();
          await expectAccessible(page, 'take-into-work confirmation');
          await page.keyboard.press('Escape');
        }
        const refuse = page.getByRole('button', { name: /^Отказать в приёме заявления/ }).first();
        if (await refuse.isVisible()) {
          const refusal = new AcceptanceRefusalDialog(page);
          await refuse.click();
          await expect(refusal.grounds.getByRole('checkbox').first()).toBeVisible();
          await expectAccessible(page, 'refusal-to-accept dialog');
          await refusal.submit.click();
          await expect(refusal.root.getByText(/Выберите основание$/)).toBeVisible();
          await expectAccessible(page, 'refusal-to-accept dialog with errors');
          await page.keyboard.press('Escape');
          await expect(refusal.root).toBeHidden();
        }

        const table = new ExaminerTablePage(page);
        for (const path of ['/instance/all', ...INSTANCE_FILTERS.map((filter) => `/instance/filter/${filter}`)]) {
          await table.goto(path);
          await settled(page);
          await expectAccessible(page, path);
        }

        const review = new ReviewPage(page);
        await table.goto('/instance/filter/under_review');
        await table.link(table.rows.first()).click();
        await expect(review.replyMenu).toBeEnabled();
        await settled(page);
        await expectAccessible(page, '/instance/statement/info/{id}');

        await review.replyMenu.click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectAccessible(page, 'reply menu open');
        await page.keyboard.press('Escape');

        await review.choose('На доработку');
        await expect(review.replyDialog).toBeVisible();
        await expectAccessible(page, 'reply dialog');
        await page.keyboard.press('Escape');
        await expect(review.replyDialog).toBeHidden();

        // 'Согласовать' makes and downloads the certificate first, then opens the dialog.
        const download = page.waitForEvent('download');
        await review.choose('Согласовать');
        await download;
        await expect(review.replyDialog).toBeVisible();
        await expectAccessible(page, 'approve dialog (certificate made)');
        await page.keyboard.press('Escape');

        for (const status of ['has_comments', 'approved', 'rejected', 'not_accepted', 'withdrawn'] as const) {
          await table.goto(`/instance/filter/${status}`);
          if ((await table.rows.count()) === 0) continue;
          await table.link(table.rows.first()).click();
          await expect(review.title).toBeVisible();
          await settled(page);
          await expectAccessible(page, `examiner detail (${status})`);
        }

        const settings = new SettingsPage(page);
        await settings.goto();
        await expectAccessible(page, '/instance/settings');
        await settings.fio.fill('  ');
        await settings.save.click();
        await expect(page.getByText('Укажите ФИО')).toBeVisible();
        await expectAccessible(page, '/instance/settings with errors');
      });
    });

    test.describe('the public pages', () => {
      // Asks for a login code: a server of its own, so the code limits of others' tests are not touched.
      test.use({ freshServer: true });

      test('login in both steps with errors, the password page, the certificate check and the 404', async ({
        page,
        loginPage,
        pageAs,
      }) => {
        await loginPage.goto();
        await expectAccessible(page, '/login');
        await loginPage.getCode.click();
        await expect(loginPage.email).toHaveAttribute('aria-invalid', 'true');
        await expectAccessible(page, '/login with an error');
        await loginPage.requestCode(demoUsers.owner.email);
        await expectAccessible(page, '/login, code step');
        await loginPage.enterCode('000000');
        await loginPage.confirm.click();
        await expect(page.getByRole('alert').first()).toBeVisible();
        await expectAccessible(page, '/login, wrong code');

        await page.goto('/login-password');
        await expectAccessible(page, '/login-password');

        // A real check address: the examiner's certificate of the statement under review.
        const examiner = await pageAs('examiner1');
        const table = new ExaminerTablePage(examiner);
        await table.goto('/instance/filter/under_review');
        await table.link(table.rows.first()).click();
        const review = new ReviewPage(examiner);
        const certificate = examiner.waitForResponse((response) =>
          /\/certificate$/.test(new URL(response.url()).pathname),
        );
        const download = examiner.waitForEvent('download');
        await review.choose('Согласовать');
        const body = (await (await certificate).json()) as Record<string, unknown>;
        await download;
        const token = String(body.token ?? '');
        expect(token).not.toBe('');

        await page.goto(`/check/${token}`);
        await settled(page);
        await expectAccessible(page, '/check/{token}');
        await page.goto('/check/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
        await expect(page.getByText('Свидетельство не найдено')).toBeVisible();
        await expectAccessible(page, '/check/{unknown}');

        await page.goto('/no-such-page');
        await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
        await expectAccessible(page, '404');
      });
    });
  });
}

// WCAG 1.4.10 reflow: the 1400 px desktop at 200% zoom is 700 CSS px at a device scale of 2; nothing scrolls sideways
// (a wide data table may scroll inside its own box, the page may not).
test.describe('at 200% zoom (700 CSS px)', () => {
  test.use({ viewport: { width: 700, height: 450 }, deviceScaleFactor: 2 });

  /** Fails softly when the page at `screen` is wider than the window. */
  async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
    await settled(page);
    const { scrollWidth, clientWidth } = await scrollsSideways(page);
    expect
      .soft(scrollWidth, `${screen}: scrollWidth ${scrollWidth} > clientWidth ${clientWidth}`)
      .toBeLessThanOrEqual(clientWidth);
  }

  test.describe('the company cabinet', () => {
    test.use({ role: 'owner' });

    test('the list, the drawer, the create form, a detail and its dialog, employees and the company', async ({
      page,
      companyList,
    }) => {
      await companyList.goto('/company');
      await expectNoSidewaysScroll(page, '/company');
      await companyList.bell.click();
      await expect(companyList.drawer).toBeVisible();
      await expectNoSidewaysScroll(page, 'notifications drawer');
      await page.keyboard.press('Escape');

      const create = new CreateStatementPage(page);
      await create.goto();
      await create.submit.click();
      await expect(page.getByText('Укажите наименование объекта')).toBeVisible();
      await expectNoSidewaysScroll(page, '/statement/create with errors');

      const detail = new StatementPage(page);
      await companyList.goto('/company/filter/has_comments');
      await companyList.cards.first().click();
      await expect(detail.newVersion).toBeVisible();
      await expectNoSidewaysScroll(page, 'statement detail');
      await detail.newVersion.click();
      await expect(detail.versionDialog).toBeVisible();
      await expectNoSidewaysScroll(page, 'new-version dialog');
      await page.keyboard.press('Escape');

      for (const path of ['/employees/list', '/employees/create', '/company/edit']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page, path);
      }
    });
  });

  test.describe('the examiner cabinet', () => {
    test.use({ role: 'examiner1' });

    test('news, the table, a detail and settings', async ({ page }) => {
      const table = new ExaminerTablePage(page);
      await new NewsPage(page).goto();
      await expectNoSidewaysScroll(page, '/instance/news');
      await table.goto('/instance/all');
      await expectNoSidewaysScroll(page, '/instance/all');
      await table.goto('/instance/filter/under_review');
      await expectNoSidewaysScroll(page, '/instance/filter/under_review');
      await table.link(table.rows.first()).click();
      const review = new ReviewPage(page);
      await expect(review.replyMenu).toBeVisible();
      await expectNoSidewaysScroll(page, '/instance/statement/info/{id}');
      await review.choose('На доработку');
      await expect(review.replyDialog).toBeVisible();
      await expectNoSidewaysScroll(page, 'reply dialog');
      await page.keyboard.press('Escape');
      await new SettingsPage(page).goto();
      await expectNoSidewaysScroll(page, '/instance/settings');
    });
  });

  test('the login, the certificate check and the 404', async ({ page, loginPage }) => {
    await loginPage.goto();
    await expectNoSidewaysScroll(page, '/login');
    await page.goto('/check/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByText('Свидетельство не найдено')).toBeVisible();
    await expectNoSidewaysScroll(page, '/check/{unknown}');
    await page.goto('/no-such-page');
    await expectNoSidewaysScroll(page, '404');
  });
});

// What a screen reader hears: toasts in a live region, errors tied to their fields, statuses in words.
test.describe('announced to screen readers', () => {
  test.use({ role: 'owner' });

  test('toasts in a polite live region, field errors described and invalid, status badges in words', async ({
    page,
    companyList,
  }) => {
    // Company view: each of the five seeded statuses says its name, not only its colour.
    await companyList.goto('/company');
    const badges = page.locator('.badge');
    await expect(badges.first()).toBeVisible();
    const shown = (await badges.allTextContents()).map((text) => text.trim());
    for (const label of ['Отправлено', 'На рассмотрении', 'Есть замечания', 'Согласовано', 'Отклонено']) {
      expect(shown).toContain(label);
    }
    expect(shown.every((text) => text !== '')).toBe(true);

    const create = new CreateStatementPage(page);
    await create.goto();
    await create.submit.click();
    const region = page.getByRole('status', { name: 'Уведомления о действиях' });
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toContainText('Проверьте корректность полей');
    await expect(create.objectName).toHaveAttribute('aria-invalid', 'true');
    await expect(create.objectName).toHaveAccessibleDescription(/Ошибка: Укажите наименование объекта/);
    await expect(create.documents.input).toHaveAttribute('aria-invalid', 'true');
    await expect(create.documents.input).toHaveAccessibleDescription(/Добавьте хотя бы один файл/);
    await create.objectName.fill('Склад');
    await expect(create.objectName).not.toHaveAttribute('aria-invalid', 'true');
  });

  test.describe('the login', () => {
    // Asks for a code: a server of its own.
    test.use({ role: undefined, freshServer: true });

    test('the login code refused: an alert the code cells point to', async ({ page, loginPage }) => {
      await loginPage.goto();
      await loginPage.requestCode(demoUsers.employee.email);
      await loginPage.submitCode(wrongCode(await loginPage.mailbox.waitForCode(demoUsers.employee.email)));
      const alert = page.getByRole('alert');
      await expect(alert).toBeVisible();
      await expect(loginPage.digit(1)).toHaveAttribute('aria-invalid', 'true');
      await expect(loginPage.digit(1)).toHaveAccessibleDescription(((await alert.textContent()) ?? '').trim());
    });
  });
});
