// The service units in ops/systemd pass `systemd-analyze verify` (where the tool exists), laid out as README installs
// them: the paths of /srv/portal/app and /etc/portal/env point into this checkout and a scratch directory.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..', '..');
const unitsDir = path.join(root, 'ops', 'systemd');
const units = readdirSync(unitsDir).filter((name) => name.endsWith('.service'));
const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
const scratch = mkdtempSync(path.join(tmpdir(), 'systemd-units-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(!hasSystemdAnalyze)('ops/systemd units', () => {
  it('are there', () => {
    expect(units).toContain('portal-api@.service');
  });

  it.each(units)('%s passes systemd-analyze verify', (unit) => {
    const envFile = path.join(scratch, 'env');
    writeFileSync(envFile, readFileSync(path.join(root, '.env.example')));
    const text = readFileSync(path.join(unitsDir, unit), 'utf8')
      .replaceAll('/srv/portal/app', root)
      .replaceAll('/etc/portal/env', envFile)
      .replaceAll('/var/lib/portal', scratch);
    writeFileSync(path.join(scratch, unit), text);
    const instance = unit.replace('@.service', '@4321.service');
    const result = spawnSync('systemd-analyze', ['verify', path.join(scratch, instance)], { encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
    expect(result.status).toBe(0);
  });

  it('start the API itself with the flags npm start gives it, hardened', () => {
    const flags = execFileSync(
      process.execPath,
      ['-e', "import('./server/src/node-flags.ts').then((m) => console.log(m.API_NODE_FLAGS.join(' ')))"],
      { cwd: root, encoding: 'utf8' },
    ).trim();
    for (const unit of units) {
      const text = readFileSync(path.join(unitsDir, unit), 'utf8');
      expect(text).toContain(`ExecStart=/srv/portal/app/node_modules/.bin/node ${flags} server/src/server.ts`);
      for (const option of [
        'NoNewPrivileges=yes',
        'ProtectSystem=strict',
        'ReadWritePaths=',
        'PrivateTmp=yes',
        'ProtectHome=yes',
        'RestrictAddressFamilies=',
        'EnvironmentFile=',
        'Restart=on-failure',
        'TimeoutStopSec=',
      ]) {
        expect(text, `${unit}: ${option}`).toContain(option);
      }
    }
  });
});
