import { COUNTERS_CACHE_KEY } from '../../src/features/statements/counters.ts';
import type { DemoRole } from '../../tools/demo.ts';
import { expect, test } from './fixtures.ts';
import { Sidebar } from './pages/sidebar.ts';

// Each demo user logs in once per worker; every test below starts already logged in, from that user's latest state.
const homes: Record<DemoRole, { path: RegExp; heading: string; menu: 'companyMenu' | 'examinerMenu' }> = {
  owner: { path: /\/company\/?$/, heading: 'Все заявления', menu: 'companyMenu' },
  employee: { path: /\/company\/?$/, heading: 'Все заявления', menu: 'companyMenu' },
  examiner1: { path: /\/instance\/filter\/under_review\/?$/, heading: 'Заявления в работе', menu: 'examinerMenu' },
  examiner2: { path: /\/instance\/filter\/under_review\/?$/, heading: 'Заявления в работе', menu: 'examinerMenu' },
  head: { path: /\/instance\/filter\/under_review\/?$/, heading: 'Заявления в работе', menu: 'examinerMenu' },
};

for (const [role, home] of Object.entries(homes) as [DemoRole, (typeof homes)[DemoRole]][]) {
  test.describe(`logged in as ${role}`, () => {
    test.use({ role });

    test('the start page opens on the area of the role', async ({ page, sidebar }) => {
      await page.goto('/');

      await expect(page).toHaveURL(home.path);
      await expect(page.getByRole('heading', { level: 1, name: home.heading })).toBeVisible();
      await expect(sidebar[home.menu]).toBeVisible();
      await expect(sidebar.user(role)).toBeVisible();
    });
  });
}

test.describe('one login per user and worker', () => {
  test.use({ role: 'owner' });
  // In order on one worker: the second test gets the owner's state as the first one left it.
  test.describe.configure({ mode: 'serial' });

  test('the owner opens the company page', async ({ page }) => {
    await page.goto('/company/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Моя компания' })).toBeVisible();
  });

  test('the owner and an examiner work side by side, the owner still on the first login', async ({
    page,
    pageAs,
    sessions,
    sidebar,
  }) => {
    const examiner = await pageAs('examiner1');

    await Promise.all([page.goto('/employees/list'), examiner.goto('/instance/filter/under_review')]);

    await expect(page.getByRole('heading', { level: 1, name: 'Сотрудники' })).toBeVisible();
    await expect(sidebar.user('owner')).toBeVisible();
    await expect(new Sidebar(examiner).user('examiner1')).toBeVisible();
    // One login, plus one for each kept login a late refresh of the previous test's browser ended (said in the
    // run's output): never a new login because a kept state was not reused.
    expect(sessions.logins.get('owner')).toBe(1 + (sessions.endedBetweenTests.get('owner') ?? 0));
  });
});

test.describe('an island whose script arrives after the session', () => {
  test.use({ role: 'examiner1' });

  test('hydrates what the static page was made from, then the live counts, without a mismatch', async ({
    page,
    sidebar,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/instance/all');
    const approved = sidebar.examinerMenu.getByRole('link', { name: /^Согласовано/ });
    // The counts have come and this tab keeps them (the prerendered page shows no count until they do).
    const kept = () =>
      page.evaluate(
        (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null') as { counters?: { approved?: number } } | null,
        COUNTERS_CACHE_KEY,
      );
    await expect.poll(async () => (await kept())?.counters?.approved ?? null).not.toBeNull();
    await expect(approved).toHaveText(new RegExp(`${(await kept())?.counters?.approved}$`));
    const counted = await approved.textContent();

    // The sidebar's script is late: it is held until the session and this tab's cached counts are in.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/_astro\/ExaminerSidebar\.[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await expect(page.locator('body[data-session="ready"]')).toBeAttached();
    release();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(approved).toHaveText(counted ?? '');
    expect(errors).toEqual([]);
  });
});
