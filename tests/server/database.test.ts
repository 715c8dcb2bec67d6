import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../server/src/config.ts';
import { createDatabase, migrateToLatest } from '../../server/src/db/database.ts';
import { assertSqliteDurability } from '../../server/src/db/node-sqlite.ts';
import { usingPostgres } from './helpers.ts';

function admin(dataDir: string, ...args: string[]): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, [path.join(rootDir, 'server/src/cli.ts'), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.skipIf(usingPostgres)('SQLite durability', () => {
  it('opens with WAL, synchronous FULL, foreign keys and a busy timeout, and refuses a weaker file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-db-'));
    const db = createDatabase({ databaseUrl: null, dataDir: dir });
    await migrateToLatest(db);
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    await expect(
      sql`insert into users (email, role, created_at, company_id) values ('x@y.z', 'owner', 'now', 999)`.execute(db),
    ).rejects.toThrow(/FOREIGN KEY/);
    await db.destroy();
    const weak = new DatabaseSync(path.join(dir, 'weak.sqlite'));
    expect(() => assertSqliteDurability(weak)).toThrow();
    weak.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up, verifies and restores through the admin CLI, refusing a target that is not empty', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
    expect(admin(dir, 'create-company', '--email', 'boss@firm.example', '--legal-entity', 'ООО «Фирма»').code).toBe(0);
    const backup = path.join(dir, 'backup');
    const made = admin(dir, 'backup', '--to', backup);
    expect(made).toMatchObject({ code: 0 });
    expect(made.stdout).toContain(`Резервная копия записана: ${backup}`);
    expect(admin(dir, 'verify-backup', '--from', backup).stdout).toContain(`Копия ${backup} цела`);
    const restored = mkdtempSync(path.join(tmpdir(), 'portal-restored-'));
    const loaded = admin(restored, 'restore', '--from', backup);
    expect(loaded).toMatchObject({ code: 0 });
    expect(loaded.stdout).toContain(`Копия ${backup} восстановлена`);
    expect(admin(restored, 'list-users').stdout).toContain('boss@firm.example');
    expect(admin(restored, 'restore', '--from', backup)).toMatchObject({
      code: 1,
      stderr: 'Ошибка: База данных не пуста: восстановление возможно только в пустую базу\n',
    });
    // Nightly: into a dated folder under a parent, keeping the newest N.
    const nightly = path.join(dir, 'nightly');
    expect(admin(dir, 'backup', '--under', nightly, '--keep', '1')).toMatchObject({ code: 0 });
    const second = admin(dir, 'backup', '--under', nightly, '--keep', '1');
    expect(second).toMatchObject({ code: 0 });
    expect(second.stdout).toMatch(/Старая копия удалена: .*nightly\/\d{4}-\d\d-\d\dT\d{6}Z/);
    expect(readdirSync(nightly)).toHaveLength(1);
    expect(admin(dir, 'backup', '--to', backup, '--under', nightly)).toMatchObject({
      code: 1,
      stderr: 'Ошибка: Укажите одно из: --to DIR или --under PARENT\n',
    });
    expect(admin(restored, 'verify-backup', '--from', dir)).toMatchObject({ code: 1 });
    expect(admin(restored, 'verify-backup', '--from', dir).stderr).toContain(`В каталоге ${dir} нет manifest.json`);
    rmSync(dir, { recursive: true, force: true });
    rmSync(restored, { recursive: true, force: true });
  });
});

describe('admin CLI', () => {
  it('creates a company with its owner and an examiner, lists them, and fails clearly on bad input', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-cli-'));
    if (usingPostgres) {
      const db = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, dataDir: dir });
      await sql`drop schema if exists public cascade`.execute(db);
      await sql`create schema public`.execute(db);
      await db.destroy();
    }
    const company = admin(
      dir,
      'create-company',
      '--email',
      'Boss@Firm.Example',
      '--legal-entity',
      'ООО «Фирма»',
      '--inn',
      '7700000009',
    );
    expect(company).toMatchObject({ code: 0 });
    expect(company.stdout).toContain('Компания создана');
    expect(admin(dir, 'create-examiner', '--email', 'expert@city.example', '--fio', 'Орлова Ольга Олеговна').code).toBe(
      0,
    );
    const list = admin(dir, 'list-users').stdout;
    expect(list).toMatch(/boss@firm\.example\towner\t—\tООО «Фирма»/);
    // The committee's first examiner is its head: a committee always has one.
    expect(list).toMatch(/expert@city\.example\texaminer \(руководитель\)\tОрлова Ольга Олеговна/);

    // The head's flag moves by set-head; the last head keeps it.
    expect(admin(dir, 'create-examiner', '--email', 'second@city.example', '--fio', 'Белов Борис').code).toBe(0);
    expect(admin(dir, 'list-users').stdout).toMatch(/second@city\.example\texaminer\tБелов Борис/);
    expect(admin(dir, 'set-head', '--email', 'second@city.example', '--on').code).toBe(0);
    expect(admin(dir, 'set-head', '--email', 'expert@city.example', '--off').code).toBe(0);
    const lastHead = admin(dir, 'set-head', '--email', 'second@city.example', '--off');
    expect(lastHead.code).toBe(1);
    expect(lastHead.stderr).toContain('единственный руководитель отдела');
    expect(admin(dir, 'list-users').stdout).toMatch(/second@city\.example\texaminer \(руководитель\)\tБелов Борис/);
    expect(admin(dir, 'set-head', '--email', 'boss@firm.example', '--on').stderr).toContain('Активного эксперта');
    expect(admin(dir, 'set-head', '--email', 'second@city.example', '--on', '--off').code).toBe(1);

    const duplicate = admin(dir, 'create-examiner', '--email', 'expert@city.example', '--fio', 'Другой');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('уже используется');
    const badInn = admin(
      dir,
      'create-company',
      '--email',
      'c@d.example',
      '--legal-entity',
      'ООО «В»',
      '--inn',
      '7700000000',
    );
    expect(badInn.code).toBe(1);
    expect(badInn.stderr).toContain('ИНН указан с ошибкой');
    const missing = admin(dir, 'create-company', '--email', 'a@b.example');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--legal-entity');
    const unknown = admin(dir, 'drop-everything');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Неизвестная команда');
    rmSync(dir, { recursive: true, force: true });
    // Seventeen admin processes, each starting Node and opening the database (~0.7 s alone, several times that on a
    // 2-core machine beside the other database's suite): a bound far above that, not a wait.
  }, 180_000);
});
