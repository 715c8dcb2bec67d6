// The nightly backups' rotation (server/src/backup/rotation.ts): dated folder names, BACKUP_KEEP and BACKUP_DIR, and
// which folders under PARENT a prune removes: only our complete backups beyond the newest N, and an interrupted
// backup's leftovers older than the newest complete one, never anything else.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  backupDir,
  backupKeep,
  datedFolderName,
  newDatedFolder,
  pruneBackups,
} from '../../server/src/backup/rotation.ts';

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(path.join(tmpdir(), 'backups-'));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

/** A folder under PARENT with this manifest.json text (none when null) and a file of data. */
function folder(name: string, manifest: string | null): void {
  mkdirSync(path.join(parent, name, 'database'), { recursive: true, mode: 0o700 });
  writeFileSync(path.join(parent, name, 'database', 'users.jsonl'), '{}\n', { mode: 0o600 });
  if (manifest !== null) writeFileSync(path.join(parent, name, 'manifest.json'), manifest, { mode: 0o600 });
}

const complete = (name: string) => folder(name, JSON.stringify({ kind: 'approval-portal-backup', format: 1 }));
const left = () => readdirSync(parent).sort();

describe('datedFolderName', () => {
  it('is UTC to the second, without colons, and sorts as time does', () => {
    expect(datedFolderName(new Date('2026-11-29T03:00:00.789Z'))).toBe('2026-11-29T030000Z');
    const names = ['2026-12-01T00:00:00Z', '2026-11-30T23:59:59Z', '2027-01-01T00:00:00Z', '2026-11-30T09:05:07Z'].map(
      (at) => datedFolderName(new Date(at)),
    );
    expect([...names].sort()).toEqual([
      '2026-11-30T090507Z',
      '2026-11-30T235959Z',
      '2026-12-01T000000Z',
      '2027-01-01T000000Z',
    ]);
    for (const name of names) expect(name).not.toContain(':');
  });

  it('gives a second run of the same second a folder of its own, sorting after the first', async () => {
    const now = new Date('2026-11-29T03:00:00.100Z');
    const first = await newDatedFolder(parent, now);
    expect(first).toBe(path.join(parent, '2026-11-29T030000Z'));
    complete('2026-11-29T030000Z');
    const second = await newDatedFolder(parent, new Date('2026-11-29T03:00:00.900Z'));
    expect(second).toBe(path.join(parent, '2026-11-29T030000Z-001'));
    complete('2026-11-29T030000Z-001');
    expect(await newDatedFolder(parent, now)).toBe(path.join(parent, '2026-11-29T030000Z-002'));
    // The next second sorts after both, and a prune keeping one leaves the newest.
    complete(datedFolderName(new Date('2026-11-29T03:00:01Z')));
    expect(left()).toEqual(['2026-11-29T030000Z', '2026-11-29T030000Z-001', '2026-11-29T030001Z']);
    await pruneBackups(parent, 1);
    expect(left()).toEqual(['2026-11-29T030001Z']);
  });
});

describe('BACKUP_KEEP and BACKUP_DIR', () => {
  it('keep 14 and /var/backups/portal unless set', () => {
    expect(backupKeep({})).toBe(14);
    expect(backupKeep({ BACKUP_KEEP: '' })).toBe(14);
    expect(backupKeep({ BACKUP_KEEP: '30' })).toBe(30);
    expect(backupDir({})).toBe('/var/backups/portal');
    expect(backupDir({ BACKUP_DIR: '/srv/backups' })).toBe('/srv/backups');
  });

  it('refuse anything but a positive integer, and a relative folder, saying why in Russian', () => {
    for (const value of ['0', '-3', '2.5', 'много', '1e3']) {
      expect(() => backupKeep({ BACKUP_KEEP: value })).toThrow(
        `BACKUP_KEEP должен быть положительным целым числом (сколько последних резервных копий хранить), а не «${value}»`,
      );
    }
    expect(() => backupDir({ BACKUP_DIR: 'backups' })).toThrow('BACKUP_DIR должен быть абсолютным путём');
  });
});

describe('pruneBackups', () => {
  it('removes the oldest complete backups beyond keep, oldest first', async () => {
    for (const name of ['2026-11-25T030000Z', '2026-11-26T030000Z', '2026-11-27T030000Z', '2026-11-28T030000Z']) {
      complete(name);
    }
    expect(await pruneBackups(parent, 2)).toEqual([
      path.join(parent, '2026-11-25T030000Z'),
      path.join(parent, '2026-11-26T030000Z'),
    ]);
    expect(left()).toEqual(['2026-11-27T030000Z', '2026-11-28T030000Z']);
    expect(await pruneBackups(parent, 2)).toEqual([]);
    expect(await pruneBackups(parent, 5)).toEqual([]);
    expect(left()).toEqual(['2026-11-27T030000Z', '2026-11-28T030000Z']);
  });

  it('never touches a folder named otherwise, another kind’s manifest, a file or a link, even a backup of ours', async () => {
    complete('2026-11-27T030000Z');
    complete('2026-11-28T030000Z');
    complete('before-upgrade');
    folder('notes', null);
    folder('2026-11-20T030000Z', JSON.stringify({ kind: 'something-else' }));
    folder('2026-11-21T030000Z', JSON.stringify(['approval-portal-backup']));
    writeFileSync(path.join(parent, '2026-11-22T030000Z'), 'a file');
    mkdirSync(path.join(parent, 'elsewhere'));
    symlinkSync(path.join(parent, 'elsewhere'), path.join(parent, '2026-11-23T030000Z'));
    expect(await pruneBackups(parent, 1)).toEqual([path.join(parent, '2026-11-27T030000Z')]);
    expect(left()).toEqual([
      '2026-11-20T030000Z',
      '2026-11-21T030000Z',
      '2026-11-22T030000Z',
      '2026-11-23T030000Z',
      '2026-11-28T030000Z',
      'before-upgrade',
      'elsewhere',
      'notes',
    ]);
  });

  it('removes an interrupted backup’s leftovers older than the newest complete one, never a newer one (it may be running)', async () => {
    folder('2026-11-26T030000Z', null);
    folder('2026-11-27T030000Z', '{"kind": "approval-portal-bac');
    complete('2026-11-28T030000Z');
    folder('2026-11-29T030000Z', null);
    expect(await pruneBackups(parent, 14)).toEqual([
      path.join(parent, '2026-11-26T030000Z'),
      path.join(parent, '2026-11-27T030000Z'),
    ]);
    expect(left()).toEqual(['2026-11-28T030000Z', '2026-11-29T030000Z']);
  });

  it('with no complete backup yet removes nothing at all', async () => {
    folder('2026-11-27T030000Z', null);
    folder('2026-11-28T030000Z', 'not json');
    expect(await pruneBackups(parent, 1)).toEqual([]);
    expect(left()).toEqual(['2026-11-27T030000Z', '2026-11-28T030000Z']);
  });

  it('refuses a keep that is not a positive integer', async () => {
    complete('2026-11-28T030000Z');
    await expect(pruneBackups(parent, 0)).rejects.toThrow('keep must be a positive integer');
    expect(left()).toEqual(['2026-11-28T030000Z']);
  });
});
