import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import type { DemoRole } from '../../tools/demo.ts';
import { pendingRequests, trackRequests } from '../../tools/settle.ts';
import type { Mailbox } from '../../tools/smtp-sink.ts';
import { CompanyListPage } from './pages/company-list-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { Sidebar } from './pages/sidebar.ts';
import { type Portal, PortalServer } from './portal.ts';
import { followRefreshes, type RequestFactory, type SessionStore } from './sessions.ts';

export { expect };

interface Options {
  /** The demo user `page` (and `context`) is logged in as: `test.use({ role: 'owner' })`. None by default. */
  role: DemoRole | undefined;
  /**
   * A server of the test's own instead of the worker's: for tests of login and rate limits, or that end a login
   * (logout). `test.use({ freshServer: true })`.
   */
  freshServer: boolean;
  /** A server of the test's own with these variables on top (the live spec: API_PROCESSES, DATABASE_URL). */
  serverEnv: Record<string, string> | undefined;
}

interface TestFixtures {
  /** The test's server: the worker's, or its own with `freshServer`. */
  server: PortalServer;
  /** The portal the test's pages talk to (baseURL). */
  portal: Portal;
  /** Mail the portal sent since the test started. */
  mailbox: Mailbox;
  /** The demo users' logins on the test's server. */
  sessions: SessionStore;
  /** A page logged in as another demo user, in a context of its own (a new tab when it is `role`'s). */
  pageAs: (role: DemoRole) => Promise<Page>;
  loginPage: LoginPage;
  sidebar: Sidebar;
  /** The company statement list and its notifications drawer. */
  companyList: CompanyListPage;
}

interface WorkerFixtures {
  /** One server per worker, started when a test first needs it: its database and logins last for the worker. */
  workerServer: PortalServer;
}

/** The page, its requests counted from now (for waitForSettled and a failure's report). */
function tracked(page: Page): Page {
  trackRequests(page);
  return page;
}

/** The focused element as a selector-like line with its accessible text: `input#files[type=file] "Файлы"`. */
function describeFocus(): string {
  const element = document.activeElement;
  if (!element || element === document.body) return 'body (nothing focused)';
  const id = element.id ? `#${element.id}` : '';
  const type = element.getAttribute('type');
  const name =
    element.getAttribute('aria-label') ??
    element.getAttribute('name') ??
    element.textContent?.trim().slice(0, 60) ??
    '';
  const dialog = element.closest('[role="dialog"]')?.getAttribute('aria-labelledby');
  const inDialog = dialog ? ` in dialog "${document.getElementById(dialog)?.textContent?.trim() ?? dialog}"` : '';
  return `${element.tagName.toLowerCase()}${id}${type ? `[type=${type}]` : ''} "${name}"${inDialog}`;
}

/**
 * Where each page stood when the test failed, printed to the run's output (CI keeps it; test-results/ holds the
 * screenshot) and attached to the report: its URL, the focused element and the requests still in flight.
 */
async function reportPages(testInfo: TestInfo, pages: Page[]): Promise<void> {
  const lines: string[] = [];
  for (const [index, page] of pages.entries()) {
    if (page.isClosed()) continue;
    const focus = await page
      .evaluate(describeFocus)
      .catch((error: Error) => `unknown (${error.message.split('\n')[0]})`);
    const pending = pendingRequests(page);
    lines.push(
      `page ${index + 1}: ${page.url()}`,
      `  focused: ${focus}`,
      `  in flight: ${pending.length > 0 ? pending.join(', ') : 'none'}`,
    );
  }
  if (lines.length === 0) return;
  const text = lines.join('\n');
  console.error(`pages when "${testInfo.title}" failed:\n${text}`);
  await testInfo.attach('pages.txt', { body: text, contentType: 'text/plain' });
}

export const test = base.extend<Options & TestFixtures, WorkerFixtures>({
  role: [undefined, { option: true }],
  freshServer: [false, { option: true }],
  serverEnv: [undefined, { option: true }],

  workerServer: [
    async ({ playwright }, use) => {
      const request: RequestFactory = (options) => playwright.request.newContext(options);
      const server = new PortalServer({ shared: true, request });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],

  server: async ({ freshServer, serverEnv, workerServer, playwright }, use, testInfo) => {
    const request: RequestFactory = (options) => playwright.request.newContext(options);
    const own = freshServer || serverEnv !== undefined;
    const server = own ? new PortalServer({ shared: false, request, env: serverEnv }) : workerServer;
    await use(server);
    if (testInfo.status !== testInfo.expectedStatus) {
      const output = await server.output();
      if (output !== null) {
        await testInfo.attach('server-output.txt', { body: output, contentType: 'text/plain' });
        // The report cuts attachments short, and a later stage's run replaces test-results/: the server's warnings and
        // errors (pino levels 40 and up) go to the run's own output, where CI keeps them.
        const warnings = output.split('\n').filter((line) => /"level":(4|5|6)0\b/.test(line));
        if (warnings.length > 0) {
          console.error(`server warnings and errors during "${testInfo.title}":\n${warnings.slice(-20).join('\n')}`);
        }
      }
    }
    if (own) await server.stop();
  },
  portal: async ({ server }, use) => {
    await use(await server.portal());
  },
  mailbox: async ({ server }, use) => {
    await use((await server.sink()).view());
  },
  sessions: async ({ server }, use) => {
    await use(await server.sessions());
  },
  baseURL: async ({ portal }, use) => {
    await use(portal.url);
  },

  // `role`'s latest state goes into the test's context and comes back, with its rotated cookie, after the test.
  storageState: async ({ role, server, storageState }, use) => {
    await use(role ? await (await server.sessions()).lend(role) : storageState);
  },
  context: async ({ context, role, server }, use, testInfo) => {
    if (!role) {
      await use(context);
      return;
    }
    const finalState = followRefreshes(context);
    await use(context);
    const passed = testInfo.status === testInfo.expectedStatus;
    await (await server.sessions()).giveBack(role, passed ? await finalState() : null);
  },
  pageAs: async ({ browser, baseURL, locale, timezoneId, role, context, server }, use, testInfo) => {
    const sessions = await server.sessions();
    const opened = new Map<DemoRole, { context: typeof context; finalState: ReturnType<typeof followRefreshes> }>();
    await use(async (as) => {
      if (as === role) return tracked(await context.newPage());
      let entry = opened.get(as);
      if (!entry) {
        const storageState = await sessions.lend(as);
        const own = await browser.newContext({ baseURL, locale, timezoneId, storageState });
        entry = { context: own, finalState: followRefreshes(own) };
        opened.set(as, entry);
      }
      return tracked(await entry.context.newPage());
    });
    const passed = testInfo.status === testInfo.expectedStatus;
    if (!passed)
      await reportPages(
        testInfo,
        [...opened.values()].flatMap((entry) => entry.context.pages()),
      );
    try {
      for (const [as, entry] of opened) await sessions.giveBack(as, passed ? await entry.finalState() : null);
    } finally {
      for (const entry of opened.values()) await entry.context.close();
    }
  },

  // Requests in flight are counted from the start, for waitForSettled (the live stream never ends: no networkidle).
  // A failed test says where each of its pages stood: URL, the focused element, requests still in flight.
  page: async ({ page }, use, testInfo) => {
    trackRequests(page);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) await reportPages(testInfo, page.context().pages());
  },
  loginPage: async ({ page, mailbox }, use) => {
    await use(new LoginPage(page, mailbox));
  },
  sidebar: async ({ page }, use) => {
    await use(new Sidebar(page));
  },
  companyList: async ({ page }, use) => {
    await use(new CompanyListPage(page));
  },
});
