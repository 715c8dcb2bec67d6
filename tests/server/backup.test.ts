import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/migrations/index.ts';
import { createBackup } from '../../server/src/backup/backup.ts';
import { readManifest } from '../../server/src/backup/manifest.ts';
import { restoreBackup } from '../../server/src/backup/restore.ts';
import { dataTables } from '../../server/src/backup/snapshot.repository.ts';
import { verifyBackup } from '../../server/src/backup/verify.ts';
import { API_APPLICATION_NAME, createDatabase, type Db, migrateToLatest } from '../../server/src/db/database.ts';
import { directoryFileStore, type FileStore, measureStream } from '../../server/src/storage/file-store.ts';
import { emptyPostgresDatabase, startTestPortal, type TestPortal, usingPostgres } from './helpers.ts';

const quiet = () => {};

/** Every row of every data table, ordered, booleans as booleans: what a restore must give back. */
async function contents(db: Db): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {};
  for (const table of await dataTables(db)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
    all[table.name] = rows
      .map((row) =>
        table.columns.map((column) => {
          const value = row[column.name];
          return column.boolean && typeof value === 'number' ? value !== 0 : value;
        }),
      )
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return all;
}

const tempDir = (name: string) => mkdtempSync(path.join(tmpdir(), `portal-${name}-`));

describe('backup, verify-backup and restore', () => {
  let portal: TestPortal;
  let backupDir: string;
  const scratch: string[] = [];

  beforeAll(async () => {
    portal = await startTestPortal();
    backupDir = path.join(tempDir('backup'), 'nightly');
    scratch.push(path.dirname(backupDir));
  });
  afterAll(async () => {
    await portal?.close();
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  it('writes the database and every file it names, private to the portal user, with a manifest of hashes', async () => {
    const report = await createBackup({
      db: portal.db,
      control: portal.db,
      files: portal.ctx.files,
      dir: backupDir,
      portalVersion: 'test',
      log: quiet,
    });
    const manifest = await readManifest(backupDir);
    expect(manifest.migrations.at(-1)).toBe(Object.keys(migrations).sort().at(-1));
    const statements = manifest.tables.find((table) => table.name === 'statements');
    const { rows } = await sql<{ n: number }>`select count(*) as n from statements`.execute(portal.db);
    expect(statements?.rows).toBe(Number(rows[0]?.n));
    expect(statements?.rows).toBeGreaterThan(0);
    const { rows: stored } = await sql<{ n: number }>`select count(distinct storage_key) as n from files`.execute(
      portal.db,
    );
    expect(manifest.files.length).toBeGreaterThanOrEqual(Number(stored[0]?.n));
    expect(report.files).toBe(manifest.files.length);
    for (const file of manifest.files.slice(0, 5)) {
      const bytes = await measureStream(await portal.ctx.files.get(file.key));
      expect(bytes).toEqual({ size: file.size, sha256: file.sha256 });
    }
    expect(statSync(backupDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(backupDir, 'manifest.json')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(backupDir, 'database', 'statements.jsonl')).mode & 0o777).toBe(0o600);
    const run = await portal.db.selectFrom('backups').selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ location: backupDir, files: manifest.files.length });
    expect(Boolean(run.succeeded)).toBe(true);
    expect((await verifyBackup(backupDir)).problems).toEqual([]);
  });

  it('refuses a folder that is not empty, and leaves it as it was', async () => {
    await expect(
      createBackup({
        db: portal.db,
        control: portal.db,
        files: portal.ctx.files,
        dir: backupDir,
        portalVersion: 't',
        log: quiet,
      }),
    ).rejects.toThrow(`Каталог ${backupDir} не пуст`);
    expect((await verifyBackup(backupDir)).problems).toEqual([]);
  });

  it('restores into a new SQLite and directory: every row, every file, and the id counters go on', async () => {
    const dataDir = tempDir('restored');
    scratch.push(dataDir);
    const db = createDatabase({ databaseUrl: null, dataDir });
    const files = directoryFileStore(path.join(dataDir, 'files'));
    try {
      const report = await restoreBackup({ dir: backupDir, db, files, migrations, log: quiet });
      expect(report.files).toBe((await readManifest(backupDir)).files.length);
      expect(await contents(db)).toEqual(await contents(portal.db));
      await expectSameFiles(backupDir, files);
      // The target is no longer empty: a second restore is refused and changes nothing.
      await expect(restoreBackup({ dir: backupDir, db, files, migrations, log: quiet })).rejects.toThrow(
        'База данных не пуста: восстановление возможно только в пустую базу',
      );
      expect(await contents(db)).toEqual(await contents(portal.db));
      await expectCountersGoOn(db, portal.db);
    } finally {
      await db.destroy();
    }
  });

  it.runIf(usingPostgres)('restores into a new PostgreSQL database too', async () => {
    const target = await emptyPostgresDatabase('restore');
    const db = createDatabase({ databaseUrl: target.url, dataDir: tempDir('unused') });
    const filesDir = tempDir('restored-files');
    scratch.push(filesDir);
    const files = directoryFileStore(filesDir);
    try {
      await restoreBackup({ dir: backupDir, db, files, migrations, log: quiet });
      expect(await contents(db)).toEqual(await contents(portal.db));
      await expectSameFiles(backupDir, files);
      await expectCountersGoOn(db, portal.db);
    } finally {
      await db.destroy();
      await target.drop();
    }
  });

  it.runIf(usingPostgres)('refuses the database a running portal uses, and says so', async () => {
    // What an API process's connections call themselves (runtime.ts): the restore looks for them.
    const api = createDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL ?? null,
      dataDir: tempDir('api'),
      applicationName: API_APPLICATION_NAME,
    });
    try {
      await sql`select 1`.execute(api);
      await expect(
        restoreBackup({ dir: backupDir, db: portal.db, files: portal.ctx.files, migrations, log: quiet }),
      ).rejects.toThrow('С этой базой работает запущенный портал: остановите его');
    } finally {
      await api.destroy();
    }
  });

  it('names a changed file, a missing one, a truncated manifest and a backup of another kind', async () => {
    const copy = path.join(tempDir('broken'), 'copy');
    scratch.push(path.dirname(copy));
    cpSync(backupDir, copy, { recursive: true });
    const [changed, missing] = readdirSync(path.join(copy, 'files'));
    if (!changed || !missing) throw new Error('the demo has fewer than two files');
    const bytes = readFileSync(path.join(copy, 'files', changed));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    writeFileSync(path.join(copy, 'files', changed), bytes);
    rmSync(path.join(copy, 'files', missing));
    const { problems } = await verifyBackup(copy);
    expect(problems).toHaveLength(2);
    expect(problems).toContainEqual(
      expect.stringMatching(new RegExp(`^files/${changed}: изменён: SHA-256 [0-9a-f]{64}`)),
    );
    expect(problems).toContainEqual(`files/${missing}: файла нет в копии`);
    // A restore refuses it before writing anything.
    const dataDir = tempDir('refused');
    scratch.push(dataDir);
    const db = createDatabase({ databaseUrl: null, dataDir });
    try {
      await expect(
        restoreBackup({
          dir: copy,
          db,
          files: directoryFileStore(path.join(dataDir, 'files')),
          migrations,
          log: quiet,
        }),
      ).rejects.toThrow(`files/${changed}: изменён`);
      expect(await dataTables(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
    const manifest = path.join(copy, 'manifest.json');
    const text = readFileSync(manifest, 'utf8');
    writeFileSync(manifest, text.slice(0, text.length / 2));
    await expect(verifyBackup(copy)).rejects.toThrow('manifest.json повреждён или обрезан');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(text), kind: 'gitlab-backup' }));
    await expect(verifyBackup(copy)).rejects.toThrow('manifest.json не от резервной копии портала согласования');
    rmSync(manifest);
    await expect(verifyBackup(copy)).rejects.toThrow('нет manifest.json');
  });

  it('takes everything back when a restore fails halfway: the database empty, the files it put removed', async () => {
    const copy = path.join(tempDir('dangling'), 'copy');
    scratch.push(path.dirname(copy));
    cpSync(backupDir, copy, { recursive: true });
    // A statement whose company does not exist: the rows load, the references do not hold.
    const manifestFile = path.join(copy, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const table = manifest.tables.find((entry: { name: string }) => entry.name === 'statements');
    const file = path.join(copy, table.file);
    const lines = readFileSync(file, 'utf8').split('\n');
    const row = JSON.parse(lines[0] as string);
    row[table.columns.indexOf('company_id')] = 999_999;
    lines[0] = JSON.stringify(row);
    writeFileSync(file, lines.join('\n'));
    const rewritten = readFileSync(file);
    table.size = rewritten.length;
    table.sha256 = (await measureStream(Readable.from([rewritten]))).sha256;
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect((await verifyBackup(copy)).problems).toEqual([]);

    const dataDir = tempDir('halfway');
    scratch.push(dataDir);
    const db = createDatabase({ databaseUrl: null, dataDir });
    const files = directoryFileStore(path.join(dataDir, 'files'));
    try {
      await expect(restoreBackup({ dir: copy, db, files, migrations, log: quiet })).rejects.toThrow(
        'Ссылки между таблицами копии не сходятся',
      );
      expect(await dataTables(db)).toEqual([]);
      const left = [];
      for await (const entry of files.list()) left.push(entry.name);
      expect(left).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('migrates a backup made by an older version forward after loading it', async () => {
    const names = Object.keys(migrations).sort();
    const older = names.at(-2) as string;
    const dataDir = tempDir('older');
    scratch.push(dataDir);
    const source = createDatabase({ databaseUrl: null, dataDir });
    const { Migrator } = await import('kysely/migration');
    await new Migrator({ db: source, provider: { getMigrations: async () => migrations } }).migrateTo(older);
    await sql`insert into companies (legal_entity, created_at) values ('ООО «Давняя»', '2026-01-01T00:00:00.000Z')`.execute(
      source,
    );
    const dir = path.join(dataDir, 'backup');
    const files = directoryFileStore(path.join(dataDir, 'files'));
    // The older schema has no table for backups' runs: this backup is recorded nowhere, as such a version recorded none.
    const control = createDatabase({ databaseUrl: null, dataDir: tempDir('control') });
    await migrateToLatest(control);
    await createBackup({ db: source, control, files, dir, portalVersion: 'old', log: quiet });
    await control.destroy();
    await source.destroy();
    expect((await readManifest(dir)).migrations.at(-1)).toBe(older);

    const targetDir = tempDir('newer');
    scratch.push(targetDir);
    const target = createDatabase({ databaseUrl: null, dataDir: targetDir });
    try {
      const report = await restoreBackup({
        dir,
        db: target,
        files: directoryFileStore(path.join(targetDir, 'files')),
        migrations,
        log: quiet,
      });
      expect(report).toMatchObject({ migratedFrom: older, migratedTo: names.at(-1) });
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(target);
      expect(rows.map((row) => row.name)).toEqual(names);
      const company = await target.selectFrom('companies').select('legal_entity').executeTakeFirstOrThrow();
      expect(company.legal_entity).toBe('ООО «Давняя»');
    } finally {
      await target.destroy();
    }
  });
});

async function expectSameFiles(dir: string, files: FileStore): Promise<void> {
  const manifest = await readManifest(dir);
  expect(manifest.files.length).toBeGreaterThan(0);
  for (const file of manifest.files) {
    expect(await measureStream(await files.get(file.key))).toEqual({ size: file.size, sha256: file.sha256 });
  }
}

/** A new row in the restored database gets an id after every id the original handed out. */
async function expectCountersGoOn(restored: Db, original: Db): Promise<void> {
  const { rows } = await sql<{ id: number }>`select max(id) as id from companies`.execute(original);
  const row = await restored
    .insertInto('companies')
    .values({ legal_entity: 'ООО «Новая»', created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(row.id).toBeGreaterThan(Number(rows[0]?.id));
}

describe('a backup of a portal whose files are in a bucket', () => {
  let portal: TestPortal;
  const scratch: string[] = [];
  beforeAll(async () => {
    portal = await startTestPortal({}, { fileStore: 's3' });
  });
  afterAll(async () => {
    await portal?.close();
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  it('copies every file from the bucket, and restores them into a directory with the same bytes', async () => {
    const dir = path.join(tempDir('bucket-backup'), 'copy');
    scratch.push(path.dirname(dir));
    await createBackup({
      db: portal.db,
      control: portal.db,
      files: portal.ctx.files,
      dir,
      portalVersion: 't',
      log: quiet,
    });
    expect((await verifyBackup(dir)).problems).toEqual([]);
    const dataDir = tempDir('from-bucket');
    scratch.push(dataDir);
    const db = createDatabase({ databaseUrl: null, dataDir });
    const files = directoryFileStore(path.join(dataDir, 'files'));
    try {
      await restoreBackup({ dir, db, files, migrations, log: quiet });
      await expectSameFiles(dir, files);
      for (const file of (await readManifest(dir)).files) {
        expect(await measureStream(await portal.ctx.files.get(file.key))).toEqual({
          size: file.size,
          sha256: file.sha256,
        });
      }
    } finally {
      await db.destroy();
    }
  });
});
