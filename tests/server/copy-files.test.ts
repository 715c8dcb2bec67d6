// `npm run admin -- copy-files --to-s3`: every file the database refers to, from FILES_DIR into a bucket of a real
// S3-compatible server (s3rver on loopback), verified by size and SHA-256, idempotent, failing loudly.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepRegistrationStatement } from '../../server/src/companies/companies.service.ts';
import { copyFiles } from '../../server/src/files/copy-files.ts';
import { keepLetter } from '../../server/src/letters/letters.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { type FileStore, measureStream } from '../../server/src/storage/file-store.ts';
import { s3FileStore } from '../../server/src/storage/s3-file-store.ts';
import { findUserByEmail } from '../../server/src/users/users.repository.ts';
import { demoUsers } from '../../tools/demo.ts';
import { startTestS3, type TestS3 } from '../../tools/s3.ts';
import { startTestPortal, type TestPortal } from './helpers.ts';

let portal: TestPortal;
let s3: TestS3;
let bucket: FileStore;
/** Files the tests break in FILES_DIR, with their right bytes, to put back as an operator would. */
const broken: Array<{ key: string; bytes: Buffer }> = [];
const inFilesDir = (key: string) => path.join(portal.config.filesDir, key);

beforeAll(async () => {
  portal = await startTestPortal();
  s3 = await startTestS3();
  bucket = s3FileStore(s3.config);
  const owner = await findUserByEmail(portal.db, demoUsers.owner.email);
  if (!owner) throw new Error('no owner');
  // Pending prefiles beside the demo's stage files, one of them larger than a multipart part.
  for (const [fileName, source] of [
    ['черновик.pdf', randomBytes(1000)],
    ['большой альбом.pdf', randomBytes(6 * 1024 * 1024)],
  ] as const) {
    await storePrefile(portal.ctx, owner.id, { fileName, contentType: 'application/pdf', source });
  }
  // A registration's statement, kept by its company (as the portal makes it once, for the head to sign).
  await keepLetter(portal.ctx, new Uint8Array(randomBytes(3000)).buffer, async (stored) => {
    await keepRegistrationStatement(portal.db, owner.company_id as number, stored);
  });
}, 60_000);
afterAll(async () => {
  await s3?.close();
  await portal?.close();
});

/** What the database says every stored file is. */
async function knownFiles() {
  const stage = await portal.db.selectFrom('files').select(['storage_key', 'size', 'sha256']).execute();
  const pending = await portal.db
    .selectFrom('prefiles')
    .select(['storage_key', 'size', 'sha256'])
    .where('attached_at', 'is', null)
    .execute();
  // A power of attorney's XML and signature (the demo's): uploads it keeps, not a stage's.
  const powers = await portal.db
    .selectFrom('prefiles')
    .innerJoin('powers_of_attorney', (join) =>
      join.on((eb) =>
        eb.or([
          eb('powers_of_attorney.xml_key', '=', eb.ref('prefiles.storage_key')),
          eb('powers_of_attorney.signature_key', '=', eb.ref('prefiles.storage_key')),
        ]),
      ),
    )
    .select(['prefiles.storage_key', 'prefiles.size', 'prefiles.sha256'])
    .execute();
  const statements = await portal.db
    .selectFrom('companies')
    .select(['statement_key as storage_key', 'statement_size as size', 'statement_sha256 as sha256'])
    .where('statement_key', 'is not', null)
    .$narrowType<{ storage_key: string; size: number }>()
    .execute();
  expect(statements).toHaveLength(1);
  return { stage, pending, powers, all: [...stage, ...pending, ...powers, ...statements] };
}

function copy() {
  const lines: string[] = [];
  return copyFiles(portal.db, portal.ctx.files, bucket, (line) => lines.push(line)).then((report) => ({
    report,
    lines,
  }));
}

const runCli = promisify(execFile);

/** The admin command as an operator runs it, on the portal's database and FILES_DIR. */
async function admin(args: string[], env: Record<string, string>) {
  const database = process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};
  try {
    const { stdout, stderr } = await runCli(process.execPath, ['server/src/cli.ts', ...args], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: portal.config.dataDir,
        FILES_DIR: portal.config.filesDir,
        ...database,
        ...env,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('copy-files', () => {
  it('copies every stage file and pending prefile into the bucket, each verified, then skips them', async () => {
    const { stage, pending, powers, all } = await knownFiles();
    expect(stage.length).toBeGreaterThan(0);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(powers.length).toBe(2);

    const first = await copy();
    expect(first.report).toEqual({ copied: all.length, skipped: 0, failed: 0 });
    for (const file of all) {
      expect(await measureStream(await bucket.get(file.storage_key))).toEqual({ size: file.size, sha256: file.sha256 });
    }

    const again = await copy();
    expect(again.report).toEqual({ copied: 0, skipped: all.length, failed: 0 });
  });

  it('copies again an object whose bytes in the bucket are wrong', async () => {
    const { all } = await knownFiles();
    const victim = all[0];
    if (!victim) throw new Error('no files');
    await bucket.put(victim.storage_key, 'испорчено');
    const { report } = await copy();
    expect(report).toEqual({ copied: 1, skipped: all.length - 1, failed: 0 });
    expect((await measureStream(await bucket.get(victim.storage_key))).sha256).toBe(victim.sha256);
  });

  it('reports a source file that is missing or differs from the database, keeps nothing wrong, goes on', async () => {
    const { all } = await knownFiles();
    const [changed, missing] = all;
    if (!changed || !missing) throw new Error('too few files');
    for (const file of [changed, missing]) {
      broken.push({ key: file.storage_key, bytes: readFileSync(inFilesDir(file.storage_key)) });
      await bucket.remove(file.storage_key);
    }
    writeFileSync(inFilesDir(changed.storage_key), 'не тот файл');
    rmSync(inFilesDir(missing.storage_key));

    const { report, lines } = await copy();
    expect(report).toEqual({ copied: 0, skipped: all.length - 2, failed: 2 });
    expect(lines).toContainEqual(expect.stringContaining(`${changed.storage_key}`));
    expect(lines.find((line) => line.includes(changed.storage_key))).toMatch(/в каталоге не тот файл/);
    expect(lines.find((line) => line.includes(missing.storage_key))).toMatch(/нет в исходном каталоге/);
    expect(await bucket.exists(changed.storage_key)).toBe(false);
    expect(await bucket.exists(missing.storage_key)).toBe(false);
  });

  it('runs as an admin command: a Russian summary, exit 1 while anything failed, 0 once all is copied', async () => {
    const failing = await admin(['copy-files', '--to-s3'], s3.env);
    expect(failing.code, failing.stderr).toBe(1);
    expect(failing.stdout).toMatch(/скопировано 0, пропущено \(уже там и проверены\) \d+, ошибки 2/);
    expect(failing.stderr).toMatch(/нет в исходном каталоге/);

    // The operator puts the right files back into FILES_DIR and runs it again.
    for (const { key, bytes } of broken) writeFileSync(inFilesDir(key), bytes);
    const fine = await admin(['copy-files', '--to-s3'], s3.env);
    expect(fine.code, fine.stderr).toBe(0);
    expect(fine.stdout).toMatch(
      /в s3:\/\/portal-files .*: скопировано 2, пропущено \(уже там и проверены\) \d+, ошибки 0/,
    );
    const { all } = await knownFiles();
    for (const file of all) {
      expect(await measureStream(await bucket.get(file.storage_key))).toEqual({ size: file.size, sha256: file.sha256 });
    }

    const unconfigured = await admin(['copy-files', '--to-s3'], {});
    expect(unconfigured.code).toBe(1);
    expect(unconfigured.stderr).toContain('S3 не настроен');
    const noTarget = await admin(['copy-files'], s3.env);
    expect(noTarget.code).toBe(1);
    expect(noTarget.stderr).toContain('copy-files --to-s3');
  }, 60_000);
});
