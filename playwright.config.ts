import { defineConfig } from '@playwright/test';

const ci = Boolean(process.env.CI);

/**
 * Browser tests against the production build (dist/) served by the real server, in Debian's Chromium:
 * nothing downloads a browser. Run through `npm run test:e2e` (tests/e2e/run.ts); the global setup rebuilds dist/
 * when the site changed since it was built. Fixtures: tests/e2e/fixtures.ts.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // One folder per stage, so the nginx pass does not replace the first pass's screenshots and traces of a failure.
  outputDir: process.env.E2E_SERVE === 'nginx' ? 'test-results/e2e-nginx' : 'test-results/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Each worker runs one server (plus one per test that asks for a fresh one) and Chromium; two cores fit two.
  workers: ci ? 1 : 2,
  fullyParallel: true,
  // A retry is for the diagnosis (its trace), never for the verdict: a test that passes only on its retry fails the run
  // (the summary names it with its first failure).
  retries: ci ? 1 : 0,
  failOnFlakyTests: ci,
  forbidOnly: ci,
  reporter: [['list'], ['./tests/e2e/summary-reporter.ts']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // Recording a trace of every test costs about a third of the run: traces come with CI's retry of a failed test,
    // or locally with `npm run test:e2e -- --trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
