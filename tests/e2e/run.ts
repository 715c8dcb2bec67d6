// `npm run test:e2e`: Playwright with any extra arguments (e.g. `npm run test:e2e -- login.spec.ts --headed`).
// Its global setup (tests/e2e/global-setup.ts) rebuilds dist/ first when the site changed since the last build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Children (npx, Playwright's `#!/usr/bin/env node`) must run on this Node 24, not the system's.
const env = {
  ...process.env,
  PATH: [path.join(root, 'node_modules', '.bin'), path.dirname(process.execPath), process.env.PATH].join(
    path.delimiter,
  ),
};

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
