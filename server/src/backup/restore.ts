// `npm run admin -- restore`: a backup loaded into an empty database of either engine and the file store the
// environment names (docs/operations.md «Резервные копии»).
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { type Migration, Migrator } from 'kysely/migration';
import { type Db, isPostgres } from '../db/database.ts';
import { FileNotFoundError, type FileStore, measureStream } from '../storage/file-store.ts';
import { BackupError, FILES_DIR, type Manifest, type ManifestTable } from './manifest.ts';
import {
  apiConnections,
  continueSequences,
  deleteAllRows,
  insertRows,
  isEmptyDatabase,
  wipe,
  withChecksHeld,
} from './restore.repository.ts';
import { columnsOf, type TableColumn } from './snapshot.repository.ts';
import { tableRows, verifyBackup } from './verify.ts';

export interface RestoreOptions {
  dir: string;
  /** The target database, as opened: nothing migrated, nothing filled. */
  db: Db;
  files: FileStore;
  /** Every migration this portal knows, by name (the backup's must be among them). */
  migrations: Record<string, Migration>;
  log: (line: string) => void;
}

export interface RestoreReport {
  tables: number;
  rows: number;
  files: number;
  /** Files the store already held with the same bytes. */
  present: number;
  migratedFrom: string;
  migratedTo: string;
  seconds: number;
}

/**
 * Loads the backup in `dir` into an empty target: the backup is verified first; the files go to the store (a file
 * already there with the same bytes is kept, another file under the same key refuses the restore); the database is
 * built to the backup's schema version, loaded as it was (ids, counters, triggers' work included, none of the
 * triggers run again), and then migrated to this portal's version. A failure takes back everything written: the
 * database is empty again and the files put are removed.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const started = performance.now();
  const { db, files, log } = options;
  await assertEmpty(db);
  const { manifest, problems } = await verifyBackup(options.dir, log);
  if (problems.length > 0) {
    throw new BackupError(`Копия не прошла проверку, восстановление не начато:\n${problems.join('\n')}`);
  }
  const known = Object.keys(options.migrations).sort();
  const unknown = manifest.migrations.find((name) => !known.includes(name));
  if (unknown) {
    throw new BackupError(
      `Копия сделана более новой версией портала (${manifest.portalVersion}, миграция ${unknown} здесь неизвестна): восстановите её той же или более новой версией`,
    );
  }
  const written: string[] = [];
  try {
    const present = await restoreFiles(options.dir, manifest, files, written, log);
    const schemaVersion = manifest.migrations.at(-1) as string;
    await migrate(db, options.migrations, schemaVersion);
    const rows = await loadTables(db, options.dir, manifest, log);
    await migrate(db, options.migrations, known.at(-1) as string);
    return {
      tables: manifest.tables.length,
      rows,
      files: manifest.files.length,
      present,
      migratedFrom: schemaVersion,
      migratedTo: known.at(-1) as string,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    log('Восстановление прервано: база и хранилище возвращаются в прежнее (пустое) состояние');
    await wipe(db).catch((wipeError: unknown) => log(`Не удалось очистить базу: ${String(wipeError)}`));
    for (const key of written) await files.remove(key).catch(() => {});
    throw error;
  }
}

/** Refuses a target with any table in it, saying when a running portal holds it. */
async function assertEmpty(db: Db): Promise<void> {
  if (await isEmptyDatabase(db)) return;
  if ((await apiConnections(db)) > 0) {
    throw new BackupError(
      'С этой базой работает запущенный портал: остановите его; восстановление возможно только в пустую базу',
    );
  }
  throw new BackupError('База данных не пуста: восстановление возможно только в пустую базу');
}

/** Puts every file of the backup into the store, each checked as it lands; how many were already there. */
async function restoreFiles(
  dir: string,
  manifest: Manifest,
  store: FileStore,
  written: string[],
  log: (line: string) => void,
): Promise<number> {
  let present = 0;
  for (const file of manifest.files) {
    const there = await (async () => measureStream(await store.get(file.key)))().catch((error: unknown) => {
      if (error instanceof FileNotFoundError) return null;
      throw error;
    });
    if (there) {
      if (there.size === file.size && there.sha256 === file.sha256) {
        present += 1;
        continue;
      }
      throw new BackupError(
        `В хранилище ${store.description} под ключом ${file.key} уже другой файл (${there.size} байт): восстановление возможно только в хранилище без чужих файлов`,
      );
    }
    written.push(file.key);
    const put = await store.put(file.key, createReadStream(path.join(dir, FILES_DIR, file.key)));
    if (put.size !== file.size || put.sha256 !== file.sha256) {
      throw new BackupError(`Файл ${file.key} записан в хранилище не таким, каким он в копии`);
    }
    if (written.length % 1000 === 0)
      log(`…файлов в хранилище: ${written.length + present} из ${manifest.files.length}`);
  }
  log(`Файлы: ${manifest.files.length} (записано ${written.length}, уже были ${present}) в ${store.description}`);
  return present;
}

async function migrate(db: Db, migrations: Record<string, Migration>, to: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateTo(to);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`Миграция ${failed?.migrationName ?? ''} не выполнена: ${String(error)}`);
}

/** A value from the backup as the target's column takes it. */
function forColumn(value: unknown, column: TableColumn | undefined, postgres: boolean): unknown {
  if (postgres && column?.boolean && typeof value === 'number') return value !== 0;
  return value;
}

/**
 * Loads every table in one transaction with the references checked at its end and the triggers silent (their work is
 * in the backup already); the id counters go on from where the original's were.
 */
async function loadTables(db: Db, dir: string, manifest: Manifest, log: (line: string) => void): Promise<number> {
  const postgres = isPostgres(db);
  let total = 0;
  await withChecksHeld(db, async (trx) => {
    // What the migrations themselves put in (counters, catalogues) is in the backup as it was then.
    for (const table of manifest.tables) await deleteAllRows(trx, table.name);
    for (const table of manifest.tables) {
      const target = new Map((await columnsOf(trx, table.name)).map((column) => [column.name, column]));
      if (target.size === 0) throw new BackupError(`Таблицы ${table.name} из копии нет в схеме портала`);
      const missing = table.columns.find((column) => !target.has(column));
      if (missing) throw new BackupError(`Столбца ${table.name}.${missing} из копии нет в схеме портала`);
      total += await loadTable(trx, dir, table, target, postgres);
    }
    await continueSequences(trx, manifest.sequences);
  });
  log(`База: ${manifest.tables.length} таблиц, строк ${total}`);
  return total;
}

async function loadTable(
  trx: Db,
  dir: string,
  table: ManifestTable,
  target: Map<string, TableColumn>,
  postgres: boolean,
): Promise<number> {
  const columns = table.columns.map((name) => target.get(name));
  // Under every engine's limit of bound values in one statement.
  const size = Math.max(1, Math.min(500, Math.floor(30_000 / table.columns.length)));
  const read = { size: 0, sha256: '', rows: 0 };
  let pending: Record<string, unknown>[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    await insertRows(trx, table.name, pending);
    pending = [];
  };
  for await (const values of tableRows(dir, table, read)) {
    pending.push(
      Object.fromEntries(
        table.columns.map((name, index) => [name, forColumn(values[index], columns[index], postgres)]),
      ),
    );
    if (pending.length >= size) await flush();
  }
  await flush();
  // The bytes were verified before the restore began; a file changed since is caught here.
  if (read.sha256 !== table.sha256) throw new BackupError(`${table.file} изменился во время восстановления`);
  return read.rows;
}
