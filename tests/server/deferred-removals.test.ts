// While a backup runs the portal removes no stored file's bytes (docs/operations.md «Резервные копии»): a file let go
// meanwhile waits in `deferred_file_removals`, the orphan sweep sleeps, and the housekeeping job removes what waited
// once no backup runs, unless the database names the key again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_ALIVE_MS, finishBackupRun, startBackupRun } from '../../server/src/backup/backup-runs.repository.ts';
import { deferFileRemoval } from '../../server/src/backup/deferred-removals.repository.ts';
import { removeOrphanFiles } from '../../server/src/files/files.service.ts';
import { keepLetter } from '../../server/src/letters/letters.ts';
import { runHousekeeping } from '../../server/src/plugins/housekeeping.ts';
import { demoUsers } from '../../tools/demo.ts';
import { signedIn, startTestPortal, storedPrefile, type TestPortal } from './helpers.ts';

let portal: TestPortal;
let owner: Awaited<ReturnType<typeof signedIn<'owner'>>>;

beforeAll(async () => {
  portal = await startTestPortal();
  owner = await signedIn(portal, { owner: demoUsers.owner.email });
}, 60_000);
afterAll(async () => {
  await portal.close();
});

const succeeded = { succeeded: true, rows: 1, files: 1, bytes: 1 };

/** A prefile of the demo's owner, stored: its id and storage key. */
async function prefile(name: string): Promise<{ id: number; key: string }> {
  const id = await storedPrefile(portal, owner.users.owner, name);
  const row = await portal.db
    .selectFrom('prefiles')
    .select('storage_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, key: row.storage_key };
}

async function deletePrefile(id: number): Promise<void> {
  const answer = await portal.app.inject({
    method: 'DELETE',
    url: `/api/prefiles/${id}`,
    headers: { authorization: owner.bearer.owner },
  });
  expect(answer.statusCode).toBe(204);
}

async function deferred(key: string): Promise<boolean> {
  const row = await portal.db
    .selectFrom('deferred_file_removals')
    .select('storage_key')
    .where('storage_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

describe('while a backup runs', () => {
  it('a prefile deleted keeps its bytes and waits; once the backup ended the job removes them', async () => {
    const run = await startBackupRun(portal.db, '/backups/test', portal.ctx.now());
    const { id, key } = await prefile('ждёт-копию.pdf');
    await deletePrefile(id);
    expect(await portal.ctx.files.exists(key)).toBe(true);
    expect(await deferred(key)).toBe(true);
    // Deleted again while it waits (another process's sweep): one row, no error.
    await portal.ctx.files.remove(key);
    expect(await portal.ctx.files.exists(key)).toBe(true);

    // The job does nothing while the backup runs.
    await runHousekeeping(portal.app);
    expect(await portal.ctx.files.exists(key)).toBe(true);
    expect(await deferred(key)).toBe(true);

    await finishBackupRun(portal.db, run, succeeded, portal.ctx.now());
    await runHousekeeping(portal.app);
    expect(await portal.ctx.files.exists(key)).toBe(false);
    expect(await deferred(key)).toBe(false);
  });

  it('a key the database names again keeps its bytes; its waiting row goes', async () => {
    const run = await startBackupRun(portal.db, '/backups/test', portal.ctx.now());
    const { key } = await prefile('снова-нужен.pdf');
    await deferFileRemoval(portal.db, key, portal.ctx.now());
    await finishBackupRun(portal.db, run, succeeded, portal.ctx.now());
    await runHousekeeping(portal.app);
    expect(await portal.ctx.files.exists(key)).toBe(true);
    expect(await deferred(key)).toBe(false);
  });

  it('a dead backup (silent for longer than BACKUP_ALIVE_MS) holds nothing', async () => {
    const longAgo = new Date(portal.ctx.now().getTime() - BACKUP_ALIVE_MS - 60_000);
    await startBackupRun(portal.db, '/backups/killed', longAgo);
    const { id, key } = await prefile('без-копии.pdf');
    await deletePrefile(id);
    expect(await portal.ctx.files.exists(key)).toBe(false);
    expect(await deferred(key)).toBe(false);
  });

  it('the orphan sweep leaves everything alone, and sweeps once the backup ended', async () => {
    const key = 'orphan-while-backup-0001';
    await portal.ctx.files.put(key, 'nobody names me');
    // Past the sweep's 24 hours.
    portal.clock.advance(25 * 60 * 60 * 1000);
    const run = await startBackupRun(portal.db, '/backups/test', portal.ctx.now());
    expect(await removeOrphanFiles(portal.ctx)).toBe(0);
    expect(await portal.ctx.files.exists(key)).toBe(true);
    await finishBackupRun(portal.db, run, succeeded, portal.ctx.now());
    expect(await removeOrphanFiles(portal.ctx)).toBeGreaterThanOrEqual(1);
    expect(await portal.ctx.files.exists(key)).toBe(false);
  });

  it('bytes whose row was never written go at once, even inside an open transaction (no wait on the database)', async () => {
    const run = await startBackupRun(portal.db, '/backups/test', portal.ctx.now());
    const key = 'letter-never-named-0001';
    // On SQLite the transaction holds the one connection: a removal that asked the database would wait for ever.
    const kept = portal.db.transaction().execute(() =>
      keepLetter(
        portal.ctx,
        new Uint8Array(Buffer.from('%PDF-1.4 letter')).buffer,
        async () => {
          throw new Error('the row could not be written');
        },
        key,
      ),
    );
    await expect(kept).rejects.toThrow('the row could not be written');
    expect(await portal.ctx.files.exists(key)).toBe(false);
    expect(await deferred(key)).toBe(false);
    await finishBackupRun(portal.db, run, succeeded, portal.ctx.now());
  });
});
