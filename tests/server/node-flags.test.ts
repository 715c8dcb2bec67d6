import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../server/src/config.ts';
import { ADMIN_NODE_FLAGS, API_NODE_FLAGS } from '../../server/src/node-flags.ts';

// The API's V8 flags are written in package.json's scripts too (npm cannot import them): they must not drift.
describe('the API process flags', () => {
  const scripts = (
    JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;

  it.each(['start', 'serve:api'])('npm run %s starts node with them', (name) => {
    const command = scripts[name] ?? '';
    expect(command).toMatch(/^node /);
    for (const flag of API_NODE_FLAGS) expect(command.split(/\s+/)).toContain(flag);
  });

  it('npm run admin starts node with the admin CLI flags', () => {
    const command = scripts.admin ?? '';
    expect(command).toMatch(/^node /);
    for (const flag of ADMIN_NODE_FLAGS) expect(command.split(/\s+/)).toContain(flag);
  });

  it('the nightly backup unit starts node with them too', () => {
    const unit = readFileSync(path.join(rootDir, 'ops/systemd/portal-backup.service'), 'utf8');
    const start = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
    expect(start.split(/\s+/).slice(1, 1 + ADMIN_NODE_FLAGS.length)).toEqual([...ADMIN_NODE_FLAGS]);
  });
});
