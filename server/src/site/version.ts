// The deployed site version of `GET /version.json`: the file every build writes into dist/ (scripts/version-file.ts),
// read on each call so a rebuild is seen without a restart; `APP_VERSION` or package.json when no build is there
// (an API server on a machine without the site, behind nginx or a CDN that serves the file itself).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

export async function deployedVersion(config: Pick<Config, 'distDir' | 'appVersion'>): Promise<string> {
  try {
    const file = JSON.parse(await readFile(path.join(config.distDir, 'version.json'), 'utf8')) as { version?: unknown };
    if (typeof file.version === 'string' && file.version) return file.version;
  } catch {
    // No build here (or one being replaced): the configured version.
  }
  return config.appVersion;
}
