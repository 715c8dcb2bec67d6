import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink } from '../../tools/smtp-sink.ts';
import { expect, test } from './fixtures.ts';
import { distDir, nodeBin, repoRoot } from './paths.ts';
import { startPortal } from './portal.ts';

// docs/product.md «Session behaviour on the site»: every page asks /version.json (never cached) and, when the deployed
// version differs from the one the browser stored, stores it and reloads onto the new build. Here a real rebuild is
// deployed under an open page.

const versionIn = async (dir: string) =>
  (JSON.parse(await readFile(path.join(dir, 'version.json'), 'utf8')) as { version: string }).version;

function buildInto(outDir: string, version: string): void {
  const astro = path.join(repoRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(nodeBin, [astro, 'build', '--outDir', outDir], {
    cwd: repoRoot,
    env: { ...process.env, APP_VERSION: version },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`astro build failed:\n${result.stdout}\n${result.stderr}`);
}

test('an open page reloads onto a new build after a deploy, once', async ({ page }) => {
  test.setTimeout(240_000);
  const root = await mkdtemp(path.join(os.tmpdir(), 'portal-deploy-'));
  const live = path.join(root, 'live');
  await cp(distDir, live, { recursive: true });
  const deployed = await versionIn(live);
  const sink = await startSmtpSink();
  const portal = await startPortal({ smtpUrl: sink.smtpUrl, env: { DIST_DIR: live } });
  // Read between navigations: while the page reloads there is nothing to read yet.
  const storedVersion = () => page.evaluate(() => localStorage.getItem('app-version')).catch(() => null);
  try {
    await page.goto(`${portal.url}/login`);
    await expect.poll(storedVersion).toBe(deployed);

    const next = path.join(root, 'next');
    buildInto(next, 'e2e-next');
    expect(await versionIn(next)).toBe('e2e-next');
    // The deploy: the new build replaces the served directory while the page stays open.
    await rm(live, { recursive: true });
    await rename(next, live);
    expect((await (await fetch(`${portal.url}/version.json`)).json()).version).toBe('e2e-next');

    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    // The user opens the next page: its check sees the new version, stores it and reloads.
    await page.reload();
    await expect.poll(storedVersion).toBe('e2e-next');
    await expect.poll(() => loads).toBe(2);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Once stored, the same version reloads nothing.
    await page.reload();
    await expect(page.locator('html[data-version-check="same"]')).toBeAttached();
    expect(loads).toBe(3);
  } finally {
    await portal.stop();
    await sink.close();
    await rm(root, { recursive: true, force: true });
  }
});

test.describe('the version in the sidebar', () => {
  test.use({ role: 'owner' });

  test("the sidebar's footer names the deployed version, as /version.json does", async ({ page }) => {
    const deployed = await versionIn(distDir);
    await page.goto('/company');
    await expect(page.getByRole('complementary').getByText(`Версия ${deployed}`, { exact: true })).toBeVisible();
  });
});
