// One production build for the whole run: dist/ is rebuilt when it is missing or any input of the site changed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { distDir, nodeBin, repoRoot } from './paths.ts';

/** What `astro build` reads; unit tests inside src/ are not part of the site. */
const INPUTS = [
  'src',
  'public',
  'astro.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'openapi.yaml',
  'scripts/precompress.ts',
  'scripts/version-file.ts',
];
const isTestFile = (name: string) => name === '__tests__' || /\.test\.[jt]sx?$/.test(name);

const indexHtml = path.join(distDir, 'index.html');
/** Written after a build: the hash of every input it was built from, and which build that was. */
const stampFile = path.join(distDir, '.build-inputs.json');

interface Stamp {
  /** mtime of dist/index.html when the stamp was written: a later `npm run build` makes the stamp stale. */
  builtAt: number;
  /** sha1 of each input file, by path relative to the repository. */
  files: Record<string, string>;
}

/** Input files (relative paths), and the newest mtime among them and their directories (a deletion touches its directory). */
function listInputs(): { files: string[]; newest: { path: string; mtimeMs: number } } {
  const files: string[] = [];
  let newest = { path: '', mtimeMs: 0 };
  const visit = (relative: string) => {
    const absolute = path.join(repoRoot, relative);
    if (!existsSync(absolute)) return;
    const info = statSync(absolute);
    if (info.mtimeMs > newest.mtimeMs) newest = { path: relative, mtimeMs: info.mtimeMs };
    if (!info.isDirectory()) {
      files.push(relative);
      return;
    }
    for (const name of readdirSync(absolute).sort()) if (!isTestFile(name)) visit(path.join(relative, name));
  };
  for (const input of INPUTS) visit(input);
  return { files, newest };
}

function hashFiles(files: string[]): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const file of files) {
    hashes[file] = createHash('sha1')
      .update(readFileSync(path.join(repoRoot, file)))
      .digest('hex');
  }
  return hashes;
}

/** When the build in dist/ started (dist/.build-started, written by astro.config.mjs), else when it ended. */
function buildStartedAt(builtAt: number): number {
  try {
    const started = Number(readFileSync(path.join(distDir, '.build-started'), 'utf8'));
    return Number.isFinite(started) && started > 0 ? started : builtAt;
  } catch {
    return builtAt;
  }
}

function readStamp(): Stamp | null {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

function writeStamp(files: Record<string, string>): void {
  const stamp: Stamp = { builtAt: statSync(indexHtml).mtimeMs, files };
  writeFileSync(stampFile, `${JSON.stringify(stamp, null, 1)}\n`);
}

function changedFiles(before: Record<string, string>, now: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(now)]);
  return [...names].filter((name) => before[name] !== now[name]).sort();
}

/** Why dist/ must be rebuilt (null when it is the build of the current inputs), and the inputs' hashes now. */
export function inspectBuild(): { stale: string | null; hashes: Record<string, string> } {
  const { files, newest } = listInputs();
  const hashes = hashFiles(files);
  if (!existsSync(indexHtml)) return { stale: 'dist/ has no build', hashes };
  const builtAt = statSync(indexHtml).mtimeMs;
  const stamp = readStamp();
  if (stamp && stamp.builtAt === builtAt) {
    const changed = changedFiles(stamp.files, hashes);
    if (changed.length === 0) return { stale: null, hashes };
    const more = changed.length > 3 ? ` and ${changed.length - 3} more` : '';
    return { stale: `changed since the build: ${changed.slice(0, 3).join(', ')}${more}`, hashes };
  }
  // Built without a stamp (`npm run build`, as `npm test` does right before e2e): current when it started after the
  // last change of every input (a change made while it ran may be missing from it).
  if (newest.mtimeMs < buildStartedAt(builtAt)) {
    writeStamp(hashes);
    return { stale: null, hashes };
  }
  return { stale: `${newest.path} is newer than the build`, hashes };
}

/** Builds dist/ when it is stale; the stamp records the inputs as they were before the build started. */
export function ensureFreshBuild(): void {
  const started = Date.now();
  const { stale, hashes } = inspectBuild();
  if (stale === null) {
    console.log(`dist/ is current (checked in ${Date.now() - started} ms)`);
    return;
  }
  console.log(`dist/ is stale (${stale}): astro build`);
  const astro = path.join(repoRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(nodeBin, [astro, 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status})`);
  writeStamp(hashes);
}
