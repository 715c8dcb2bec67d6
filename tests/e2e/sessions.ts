import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import { REFRESH_LOCK_NAME } from '../../src/lib/api/session-core.ts';
import { type DemoRole, demoUsers } from '../../tools/demo.ts';
import type { SmtpSink } from '../../tools/smtp-sink.ts';

/** What `context.storageState()` returns and `browser.newContext({ storageState })` takes. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** `playwright.request.newContext`, given a base URL and optionally the cookies to send. */
export type RequestFactory = (options: { baseURL: string; storageState?: StorageState }) => Promise<APIRequestContext>;

const REFRESH_PATH = '/api/authentication/refresh';

/** The server a store logs in to. */
export interface SessionServer {
  baseURL: string;
  sink: SmtpSink;
  request: RequestFactory;
  /** Shared by the tests of a worker: a test that ends a login fails, as later tests would. */
  shared: boolean;
}

/**
 * One login per demo user per server, handed from test to test. The login is only its refresh cookie (the access token
 * lives in page memory), and the cookie rotates on every refresh: a replayed one revokes the whole login. So a user's
 * state is lent to one browser context at a time (tests in a worker run one after another) and taken back after the
 * test with the cookie that context ended with; a shared store checks it by rotating it once more.
 */
export class SessionStore {
  /** Logins made per user, so a test can see that states were reused. */
  readonly logins = new Map<DemoRole, number>();
  /**
   * Kept logins per user that a late refresh of the previous test's browser ended (`stillLive`), each replaced by a
   * new login: the one reason a kept state is not reused.
   */
  readonly endedBetweenTests = new Map<DemoRole, number>();
  private readonly states = new Map<DemoRole, StorageState>();
  private readonly lent = new Set<DemoRole>();

  private readonly server: SessionServer;

  constructor(server: SessionServer) {
    this.server = server;
  }

  /** The user's latest state (logging in by the mailed code the first time); give it back with `giveBack`. */
  async lend(role: DemoRole): Promise<StorageState> {
    if (this.lent.has(role)) {
      throw new Error(`${role} is already logged in in this test: open another tab of that context instead`);
    }
    const kept = this.states.get(role);
    this.states.delete(role);
    const state = (kept && (await this.stillLive(role, kept))) ?? (await this.logIn(role));
    this.lent.add(role);
    return state;
  }

  /**
   * The kept state rotated once more, or null when the login ended after it was taken back. The previous test's
   * browser shared this login; a refresh of it that reached the server late (after the state was read, within the
   * reuse grace) retires the store's cookie, and the next test would open on /login. That is a race of two clients
   * of one login, which only these tests make; it is said in the run's output, and a new login takes its place.
   */
  private async stillLive(role: DemoRole, state: StorageState): Promise<StorageState | null> {
    const renewed = await this.rotate(state);
    if (!renewed) {
      this.endedBetweenTests.set(role, (this.endedBetweenTests.get(role) ?? 0) + 1);
      console.error(
        `the kept login of ${role} ended between two tests (a late refresh of the previous test's browser); ` +
          'logging in anew',
      );
    }
    return renewed;
  }

  /** Takes back the state a context ended with (null when the test failed or the state is unknown: log in anew). */
  async giveBack(role: DemoRole, state: StorageState | null): Promise<void> {
    this.lent.delete(role);
    if (state === null) return;
    if (!this.server.shared) {
      this.states.set(role, state);
      return;
    }
    const renewed = await this.rotate(state);
    if (!renewed) {
      throw new Error(
        `This test ended ${role}'s login on the server the worker's tests share (logged out, or replayed a rotated ` +
          'refresh cookie). A test that ends a login takes its own server: test.use({ freshServer: true }).',
      );
    }
    this.states.set(role, renewed);
  }

  private async logIn(role: DemoRole): Promise<StorageState> {
    const { email } = demoUsers[role];
    const mailbox = this.server.sink.view();
    const api = await this.server.request({ baseURL: this.server.baseURL });
    try {
      const started = await api.post('/api/authentication/start-email-login', { data: { email } });
      if (started.status() !== 204) {
        throw new Error(`Logging in ${role}: start-email-login answered ${started.status()} ${await started.text()}`);
      }
      const code = await mailbox.waitForCode(email);
      const verified = await api.post('/api/authentication/verify-email-login', { data: { email, code } });
      if (!verified.ok()) {
        throw new Error(
          `Logging in ${role}: verify-email-login answered ${verified.status()} ${await verified.text()}`,
        );
      }
      this.logins.set(role, (this.logins.get(role) ?? 0) + 1);
      return await api.storageState();
    } finally {
      await api.dispose();
    }
  }

  /** The state with its refresh cookie rotated once, or null when the login is over. */
  private async rotate(state: StorageState): Promise<StorageState | null> {
    const api = await this.server.request({ baseURL: this.server.baseURL, storageState: state });
    try {
      const response = await api.post(REFRESH_PATH);
      return response.ok() ? await api.storageState() : null;
    } finally {
      await api.dispose();
    }
  }
}

/**
 * Waits until the page's document can take the site's refresh lock, i.e. no refresh of it is under way. A test often
 * ends right after a click that navigates: the evaluation then meets a document being replaced, whose successor is
 * about to start its own refresh; it is asked again in the new document (before the route, that refresh would spend
 * the cookie read; after it, the route aborts it).
 */
async function waitForRefreshLock(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 5 && !page.isClosed(); attempt += 1) {
    if (!page.url().startsWith('http')) return;
    try {
      await page.evaluate((name) => navigator.locks?.request(name, () => undefined), REFRESH_LOCK_NAME);
      return;
    } catch {
      // the document went away under the evaluation: ask its successor once it has loaded
      await page.waitForLoadState('domcontentloaded').catch(() => undefined);
    }
  }
}

/**
 * Follows a context's refresh calls; the returned function reads the context's state once none is under way and
 * refuses later ones, so the state read holds the cookie the server issued last.
 */
export function followRefreshes(context: BrowserContext): () => Promise<StorageState> {
  const underWay = new Set<Request>();
  const isRefresh = (request: Request) => new URL(request.url()).pathname === REFRESH_PATH;
  context.on('request', (request) => {
    if (isRefresh(request)) underWay.add(request);
  });
  // The cookie is stored with the response's headers (a body a page never reads may never 'finish').
  context.on('response', (response) => underWay.delete(response.request()));
  context.on('requestfailed', (request) => underWay.delete(request));
  return async () => {
    await context.route(`**${REFRESH_PATH}`, (route) => route.abort());
    // A refresh a page began before the route holds the site's refresh lock until its answer (and the cookie in it)
    // is in. Waiting for the lock waits for it even when its request event has not reached this process yet: read
    // too early, the state would carry the cookie that refresh spent, and the store's own rotation of it (within the
    // server's reuse grace) would retire the cookie the browser's answer brought, ending the login for the next test.
    for (const page of context.pages()) await waitForRefreshLock(page);
    const deadline = Date.now() + 5_000;
    while (underWay.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return context.storageState();
  };
}
