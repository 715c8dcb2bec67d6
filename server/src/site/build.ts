// Building dist/ on start when needed: `npm start` (server/src/start.ts) and `npm run start:nginx` (scripts/start-nginx.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from '../config.ts';

const SOURCES = [
  'src',
  'public',
  'astro.config.mjs',
  'scripts/precompress.ts',
  'scripts/version-file.ts',
  'package.json',
  'openapi.yaml',
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** dist/ is stale when missing or older than any source of the site. */
export function siteIsStale(): boolean {
  const marker = path.join(rootDir, 'dist', 'index.html');
  if (!existsSync(marker)) return true;
  // Sources changed while the build ran may be missing from it: compare with when it started, when that is known.
  let built = statSync(marker).mtimeMs;
  try {
    const started = Number(readFileSync(path.join(rootDir, 'dist', '.build-started'), 'utf8'));
    if (Number.isFinite(started) && started > 0) built = started;
  } catch {
    // A build from before dist/.build-started existed: its end time.
  }
  return SOURCES.some((source) => newestMtime(path.join(rootDir, source)) > built);
}

/** Runs `astro build` (which also precompresses, see astro.config.mjs) unless SKIP_BUILD=1 or dist/ is current; exits on failure. */
export function buildSiteIfStale(): void {
  // DIST_DIR names a build made elsewhere: serve it as it is.
  if (process.env.SKIP_BUILD === '1' || process.env.DIST_DIR || !siteIsStale()) return;
  console.log('Собираю сайт (dist/ отсутствует или устарел)…');
  const astro = path.join(rootDir, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], { cwd: rootDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Сборка сайта не удалась');
    process.exit(1);
  }
}
