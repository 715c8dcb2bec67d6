import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Child } from '../../tools/child.ts';
import { freePort } from '../../tools/free-port.ts';
import { answersOk } from '../../tools/http.ts';
import { startPortalProcess } from '../../tools/portal-process.ts';
import { startSmtpSink } from '../../tools/smtp-sink.ts';
import { expect, test } from './fixtures.ts';
import { CompanyListPage } from './pages/company-list-page.ts';
import { servedThroughNginx, serverEnv } from './portal.ts';
import { SessionStore } from './sessions.ts';

// docs/product.md «Session behaviour on the site»: while the portal cannot be reached the page says so, and once it
// can again the banner goes away by itself, with what the page showed still there. Here the portal really stops and
// starts again on the same port and database.

const LOST = 'Нет соединения с порталом: изменения появятся, когда связь восстановится';

test('stopping the portal shows the banner; starting it again clears it, the list still there', async ({
  browser,
  playwright,
  locale,
  timezoneId,
}) => {
  test.setTimeout(120_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-restart-'));
  const sink = await startSmtpSink();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = serverEnv(port, dataDir, {
    SMTP_URL: sink.smtpUrl,
    MAIL_FROM: 'Портал согласования АГР <no-reply@portal.test>',
    PUBLIC_ORIGIN: url,
  });
  const start = async (): Promise<Child> => {
    const child = startPortalProcess(servedThroughNginx ? 'nginx' : 'start', port, { env, detached: true });
    await child.waitForStart({ name: 'The portal', timeoutMs: 30_000, ready: () => answersOk(`${url}/version.json`) });
    return child;
  };
  let portal = await start();
  const sessions = new SessionStore({
    baseURL: url,
    sink,
    shared: false,
    request: (options) => playwright.request.newContext(options),
  });
  const context = await browser.newContext({
    baseURL: url,
    locale,
    timezoneId,
    storageState: await sessions.lend('owner'),
  });
  try {
    const page = await context.newPage();
    const list = new CompanyListPage(page);
    await page.goto('/company');
    await expect(list.cards.first()).toBeVisible();
    const shown = await list.cards.count();
    const banner = page.getByRole('status').filter({ hasText: LOST });
    await expect(banner).toHaveCount(0);

    await portal.stop();
    // The live stream drops and cannot come back: the banner, and the list as it was.
    await expect(banner).toBeVisible();
    await expect(list.cards).toHaveCount(shown);

    portal = await start();
    // The stream tries again after a pause that grew while the portal was down (at most 30 s).
    await expect(banner).toHaveCount(0, { timeout: 45_000 });
    await expect(list.cards).toHaveCount(shown);
  } finally {
    await context.close();
    await portal.stop();
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
