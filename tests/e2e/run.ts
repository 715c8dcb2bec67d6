// `npm run test:e2e`: builds dist/ when it is missing, then runs Playwright with any extra arguments
// (e.g. `npm run test:e2e -- login.spec.ts --headed`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Children (npm, npx, Playwright's `#!/usr/bin/env node`) must run on this Node 24, not the system's.
const env = {
  ...process.env,
  PATH: [path.join(root, 'node_modules', '.bin'), path.dirname(process.execPath), process.env.PATH].join(
    path.delimiter,
  ),
};

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('dist/ is missing: npm run build');
  const status = run('npm', ['run', 'build']);
  if (status !== 0) process.exit(status);
}

process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
