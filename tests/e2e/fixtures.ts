import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page.ts';
import { type Mailbox, startSmtpSink } from './smtp-sink.ts';

export { expect };

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** Node 24 from the `node` devDependency; the system Node is too old for the server. */
export const nodeBin = path.join(repoRoot, 'node_modules', '.bin', 'node');

/** Demo accounts the server seeds on an empty database (AGREEMENTS.md). */
export const demo = {
  owner: 'owner@demo.example',
  employee: 'employee@demo.example',
  examiner1: 'examiner1@demo.example',
  examiner2: 'examiner2@demo.example',
} as const;

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Portal {
  /** http://127.0.0.1:PORT of the server itself. */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface PortalOptions {
  smtpUrl: string;
  /** Origin browsers use (differs from `url` behind nginx). */
  publicOrigin?: string;
  env?: Record<string, string>;
}

const STARTED = 'Портал запущен';

/**
 * Starts `node server/src/start.ts` against the production build in dist/ with a fresh SQLite DATA_DIR,
 * so every test gets its own seeded demo data, rate limits and login codes.
 */
export async function startPortal(options: PortalOptions): Promise<Portal> {
  // A port found free can be taken by a parallel worker before the server binds it: try another one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPortalOn(await freePort(), options);
    } catch (error) {
      if (attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startPortalOn(port: number, options: PortalOptions): Promise<Portal> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: options.smtpUrl,
    MAIL_FROM: 'Портал согласования АГР <no-reply@portal.test>',
    PUBLIC_ORIGIN: options.publicOrigin ?? url,
    SKIP_BUILD: '1',
    NODE_ENV: 'test',
    ...options.env,
  };
  // e2e always runs on its own SQLite database, whatever the calling shell points at.
  delete env.DATABASE_URL;
  delete env.FILES_DIR;

  const child = spawn(nodeBin, ['server/src/start.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 5_000)),
      ]);
      if (!killed) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForStart(child, () => output, url);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return { url, port, dataDir, output: () => output, stop };
}

async function waitForStart(child: ChildProcess, output: () => string, url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The portal server exited (${child.exitCode ?? child.signalCode}) before listening`);
    }
    // The banner says it listens; /version.json answering is what counts (and covers a changed banner).
    if (await answers(`${url}/version.json`)) return;
    await new Promise((r) => setTimeout(r, output().includes(STARTED) ? 20 : 100));
  }
  throw new Error(`The portal server did not start within 30 s (no '${STARTED}', no /version.json)`);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Records CSP violations (DOM events and Chromium's console reports) from page start. */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Content-Security-Policy/i.test(text)) fromConsole.push(text);
  });
  await page.addInitScript(() => {
    const store = window as unknown as { __cspViolations?: string[] };
    store.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      store.__cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return async () => {
    const fromDom = await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    );
    return [...fromDom, ...fromConsole];
  };
}

interface Fixtures {
  /** SMTP sink the portal sends mail to. */
  mailbox: Mailbox;
  /** A portal server of this test, on its own port and database. */
  portal: Portal;
  loginPage: LoginPage;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument
  mailbox: async ({}, use) => {
    const mailbox = await startSmtpSink();
    await use(mailbox);
    await mailbox.close();
  },
  portal: async ({ mailbox }, use, testInfo) => {
    const portal = await startPortal({ smtpUrl: mailbox.smtpUrl });
    await use(portal);
    await portal.stop();
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('server-output.txt', { body: portal.output(), contentType: 'text/plain' });
    }
  },
  baseURL: async ({ portal }, use) => {
    await use(portal.url);
  },
  loginPage: async ({ page, mailbox }, use) => {
    await use(new LoginPage(page, mailbox));
  },
});
