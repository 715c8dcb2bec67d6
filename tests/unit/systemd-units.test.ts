// The units in ops/systemd (the API's service, the nightly backup's service and timer) pass `systemd-analyze verify`
// (where the tool exists), laid out as README installs them: the paths of /srv/portal/app and /etc/portal/env point
// into this checkout and a scratch directory.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..', '..');
const unitsDir = path.join(root, 'ops', 'systemd');
const units = readdirSync(unitsDir).filter((name) => name.endsWith('.service') || name.endsWith('.timer'));
const apiUnits = units.filter((name) => name.startsWith('portal-api'));
const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
const scratch = mkdtempSync(path.join(tmpdir(), 'systemd-units-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(!hasSystemdAnalyze)('ops/systemd units', () => {
  it('are there', () => {
    expect(units).toEqual(
      expect.arrayContaining(['portal-api@.service', 'portal-backup.service', 'portal-backup.timer']),
    );
  });

  it.each(units)('%s passes systemd-analyze verify', (unit) => {
    const envFile = path.join(scratch, 'env');
    writeFileSync(envFile, readFileSync(path.join(root, '.env.example')));
    // All of them, so a timer finds the service it starts beside it.
    for (const name of units) {
      const text = readFileSync(path.join(unitsDir, name), 'utf8')
        .replaceAll('/srv/portal/app', root)
        .replaceAll('/etc/portal/env', envFile)
        .replaceAll('/var/lib/portal', scratch);
      writeFileSync(path.join(scratch, name), text);
    }
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
    expect(apiUnits.length).toBeGreaterThan(0);
    for (const unit of apiUnits) {
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

  it('back up nightly as the API runs: its user, folder and settings, hardened, a timer that makes up a missed night', () => {
    const api = readFileSync(path.join(unitsDir, 'portal-api@.service'), 'utf8');
    const service = readFileSync(path.join(unitsDir, 'portal-backup.service'), 'utf8');
    const setting = (text: string, name: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith(`${name}=`))
        .join('\n');
    for (const name of ['User', 'Group', 'WorkingDirectory', 'EnvironmentFile', 'NoNewPrivileges', 'ProtectSystem']) {
      expect(setting(service, name), name).toBe(setting(api, name));
    }
    expect(service).toContain('Type=oneshot');
    expect(service).toContain('Environment=BACKUP_DIR=/var/backups/portal');
    expect(service).toContain(
      `ExecStart=/srv/portal/app/node_modules/.bin/node --max-semi-space-size=1 --optimize-for-size server/src/cli.ts backup --under \${BACKUP_DIR}`,
    );
    expect(setting(service, 'ReadWritePaths')).toBe('ReadWritePaths=/var/lib/portal /var/backups/portal');
    expect(setting(service, 'UMask')).toBe('UMask=0077');
    const timer = readFileSync(path.join(unitsDir, 'portal-backup.timer'), 'utf8');
    expect(timer).toMatch(/^OnCalendar=\*-\*-\* 0[0-5]:\d\d:00$/m);
    expect(timer).toContain('Persistent=true');
    expect(timer).toMatch(/^RandomizedDelaySec=\d+min$/m);
    expect(timer).toContain('Unit=portal-backup.service');
    expect(timer).toContain('WantedBy=timers.target');
  });
});
