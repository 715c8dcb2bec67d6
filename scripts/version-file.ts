// Writes dist/version.json at the end of every `astro build` (hook in astro.config.mjs): the deployed version that open
// clients compare with the one they stored (docs/product.md «API and session»: a different one reloads the page).
// `APP_VERSION` at build time names it; otherwise it is the package version plus a hash of everything built, so every
// changed build differs and an identical rebuild does not reload anyone. Served as a static file with `Cache-Control:
// no-cache` by nginx (and a CDN) and by `npm start`; the API server answers `GET /version.json` from the same file.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const VERSION_FILE = 'version.json';

async function builtFiles(dir: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.name.startsWith('.') || relative === VERSION_FILE || /\.(br|gz)$/.test(entry.name)) continue;
    if (entry.isDirectory()) files.push(...(await builtFiles(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/** A short hash of every built file's path and bytes, in a stable order. */
export async function buildHash(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await builtFiles(dir)).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(await readFile(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** Writes `dir/version.json` and returns the version written. */
export async function writeVersionFile(dir: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const version = env.APP_VERSION?.trim() || `${pkg.version}+${await buildHash(dir)}`;
  await writeFile(path.join(dir, VERSION_FILE), `${JSON.stringify({ version })}\n`);
  return version;
}
