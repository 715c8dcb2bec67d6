import { demoUsers, wrongCode } from '../../tools/demo.ts';
import { recordCspViolations } from './csp.ts';
import { expect, test } from './fixtures.ts';

test.describe('login by e-mailed code', () => {
  // A server sends an e-mail a code at most once a minute and counts wrong codes: each test has a server of its own.
  test.use({ freshServer: true });

  test('a company owner logs in and lands on the company start page', async ({ page, loginPage, sidebar }) => {
    const cspViolations = await recordCspViolations(page);

    await loginPage.logIn(demoUsers.owner.email);

    await expect(page).toHaveURL(/\/company\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Все заявления' })).toBeVisible();
    await expect(sidebar.companyMenu).toBeVisible();
    expect(await cspViolations()).toEqual([]);
  });

  test('an examiner logs in and lands on the statements in work', async ({ page, loginPage, sidebar }) => {
    const cspViolations = await recordCspViolations(page);

    await loginPage.logIn(demoUsers.examiner1.email);

    await expect(page).toHaveURL(/\/instance\/filter\/under_review\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Заявления в работе' })).toBeVisible();
    await expect(sidebar.examinerMenu).toBeVisible();
    expect(await cspViolations()).toEqual([]);
  });

  test('the login page loads without CSP violations', async ({ page, loginPage }) => {
    const cspViolations = await recordCspViolations(page);
    await loginPage.goto();
    await loginPage.requestCode(demoUsers.employee.email);
    await expect(loginPage.confirm).toBeDisabled();
    expect(await cspViolations()).toEqual([]);
  });

  test('a wrong code shows the attempts left and clears the cells', async ({ page, loginPage, mailbox }) => {
    const { email } = demoUsers.employee;
    await loginPage.goto();
    await loginPage.requestCode(email);
    const code = await mailbox.waitForCode(email);

    await loginPage.enterCode(wrongCode(code).slice(0, 5));
    await expect(loginPage.confirm).toBeDisabled();
    await loginPage.submitCode(wrongCode(code));

    await expect(loginPage.alert('Неверный код')).toHaveText('Неверный код. Осталось попыток: 4');
    for (let n = 1; n <= 6; n++) await expect(loginPage.digit(n)).toHaveValue('');

    // The right code still works after one wrong try.
    await loginPage.submitCode(code);
    await expect(page).toHaveURL(/\/company\/?$/);
  });

  test('too many wrong codes return to the e-mail step', async ({ loginPage, mailbox }) => {
    const { email } = demoUsers.examiner2;
    await loginPage.goto();
    await loginPage.requestCode(email);
    const code = await mailbox.waitForCode(email);

    for (let attempt = 1; attempt <= 4; attempt++) {
      await loginPage.submitCode(wrongCode(code, attempt));
      await expect(loginPage.alert('Неверный код')).toHaveText(`Неверный код. Осталось попыток: ${5 - attempt}`);
    }
    // The fifth wrong code ends this code: back to the e-mail step.
    await loginPage.submitCode(wrongCode(code, 5));

    await expect(loginPage.alert('Слишком много')).toHaveText('Слишком много неверных попыток. Запросите код заново.');
    await expect(loginPage.email).toBeVisible();
    await expect(loginPage.digit(1)).toBeHidden();
  });
});

// No other test asks a code for this address, so this test can share the worker's server.
// That no mail goes to it is proved where the outbox can be waited on (tests/server/authentication.test.ts); a browser
// test could only wait a while for a mail that must not come.
test('an unknown e-mail gets the same next step', async ({ loginPage }) => {
  const unknown = `nobody-${Date.now()}@demo.example`;
  await loginPage.goto();
  await loginPage.requestCode(unknown);
  await expect(loginPage.confirm).toBeDisabled();
  await expect(loginPage.digit(1)).toBeFocused();
});

test.describe('a logged-in session', () => {
  test.use({ role: 'owner' });

  test('two tabs opened at once both keep the session (refreshes never replay a rotated cookie)', async ({
    context,
    page,
  }) => {
    await page.goto('/company');
    await expect(page.getByRole('heading', { level: 1, name: 'Все заявления' })).toBeVisible();

    // Hold each refresh until the other tab's arrives too (or 1.5 s pass), so that without the cross-tab lock
    // both would reach the server with the same cookie. The time is an input here, not a wait: with the lock, the
    // second refresh never comes while the first is held, and the first goes on after it.
    let held: Array<() => void> = [];
    await context.route('**/api/authentication/refresh', async (route) => {
      await new Promise<void>((resolve) => {
        held.push(resolve);
        if (held.length >= 2) {
          for (const release of held) release();
          held = [];
        } else setTimeout(resolve, 1_500);
      });
      await route.continue();
    });
    const [first, second] = await Promise.all([context.newPage(), context.newPage()]);
    await Promise.all([first.goto('/company/edit'), second.goto('/employees/list')]);
    await expect(first.getByRole('heading', { level: 1, name: 'Моя компания' })).toBeVisible();
    await expect(second.getByRole('heading', { level: 1, name: 'Сотрудники' })).toBeVisible();

    // Both refreshed with the same cookie jar; a replay would have revoked the login for every tab.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Все заявления' })).toBeVisible();
  });

  test.describe(() => {
    // Logging out ends the login the worker's other tests would go on with.
    test.use({ freshServer: true });

    test('logging out in one tab logs out the other', async ({ context, page, sidebar }) => {
      await page.goto('/company');
      await expect(page.getByRole('heading', { level: 1, name: 'Все заявления' })).toBeVisible();

      // The second tab restores the session from the refresh cookie.
      const other = await context.newPage();
      await other.goto('/company');
      await expect(other.getByRole('heading', { level: 1, name: 'Все заявления' })).toBeVisible();

      await sidebar.logout.click();

      await expect(page).toHaveURL(/\/login/);
      await expect(other).toHaveURL(/\/login/);
      await expect(other.getByRole('textbox', { name: 'Электронная почта' })).toBeVisible();
    });
  });
});
