// `npm run admin -- backup`: one consistent backup of the database and every file it names, taken while the portal
// runs (docs/operations.md «Резервные копии»).
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Db, isPostgres, nowIso } from '../db/database.ts';
import { knownFiles } from '../files/copy-files.ts';
import { FileNotFoundError, type FileStore, measure, type StoredFile } from '../storage/file-store.ts';
import { finishBackupRun, keepBackupRunAlive, startBackupRun } from './backup-runs.repository.ts';
import {
  BACKUP_FORMAT,
  BACKUP_KIND,
  BackupError,
  DATABASE_DIR,
  FILES_DIR,
  MANIFEST,
  type Manifest,
  type ManifestFile,
  type ManifestTable,
} from './manifest.ts';
import { dataTables, readRows, readSequences, withSnapshot } from './snapshot.repository.ts';

/** Files and folders of a backup are the portal's user's alone. */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** How often a running backup tells the portal it is alive (well inside `BACKUP_ALIVE_MS`). */
const ALIVE_EVERY_MS = 60 * 1000;

export interface BackupReport {
  dir: string;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  takenAt: string;
  seconds: number;
}

export interface BackupOptions {
  /** The database to read (its snapshot is one transaction on this handle). */
  db: Db;
  /** Another handle on the same database, for the run's own row while the snapshot's transaction is open. */
  control: Db;
  files: FileStore;
  dir: string;
  portalVersion: string;
  log: (line: string) => void;
}

/** A file the snapshot names, with what the database says of its bytes (a hash only since hashes were recorded). */
interface NamedFile {
  key: string;
  size: number;
  sha256: string | null;
}

/**
 * Writes one backup into `dir` (new or empty): the database as one point-in-time snapshot, table by table, in a form
 * either engine loads; then every file the snapshot names, each measured as it is copied and held to what the database
 * recorded; the manifest last, so a folder without one is a backup that did not finish. While it runs, its row in
 * `backups` keeps the portal from removing any file's bytes. Streams throughout: memory holds only the list of keys.
 * A failure removes what was written and is recorded; the error is thrown.
 */
export async function createBackup(options: BackupOptions): Promise<BackupReport> {
  const started = performance.now();
  const { db, control, files, log } = options;
  const dir = path.resolve(options.dir);
  const created = await prepareDirectory(dir);
  const runId = await startBackupRun(control, dir);
  const alive = setInterval(() => {
    keepBackupRunAlive(control, runId).catch((error: unknown) => log(`Не удалось отметить копию живой: ${error}`));
  }, ALIVE_EVERY_MS);
  alive.unref();
  try {
    const snapshot = await readSnapshot(db, dir, log);
    const copied = await copyFiles(files, snapshot.files, dir, log);
    const manifest: Manifest = {
      kind: BACKUP_KIND,
      format: BACKUP_FORMAT,
      portalVersion: options.portalVersion,
      engine: isPostgres(db) ? 'postgres' : 'sqlite',
      migrations: snapshot.migrations,
      takenAt: snapshot.takenAt,
      finishedAt: nowIso(),
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files: copied,
    };
    const manifestFile = path.join(dir, MANIFEST);
    await writeLines(`${manifestFile}.part`, [JSON.stringify(manifest, null, 1)]);
    await rename(`${manifestFile}.part`, manifestFile);
    const report: BackupReport = {
      dir,
      tables: snapshot.tables.length,
      rows: snapshot.tables.reduce((sum, table) => sum + table.rows, 0),
      files: copied.length,
      bytes: copied.reduce((sum, file) => sum + file.size, 0),
      takenAt: snapshot.takenAt,
      seconds: (performance.now() - started) / 1000,
    };
    await finishBackupRun(control, runId, {
      succeeded: true,
      rows: report.rows,
      files: report.files,
      bytes: report.bytes,
    });
    return report;
  } catch (error) {
    await removeWritten(dir, created);
    await finishBackupRun(control, runId, { succeeded: false, rows: null, files: null, bytes: null }).catch(() => {});
    throw error;
  } finally {
    clearInterval(alive);
  }
}

/** Makes `dir` (private) unless it exists empty; true when this run made it. */
async function prepareDirectory(dir: string): Promise<boolean> {
  let entries: string[] | null = null;
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new BackupError(`Каталог ${dir} недоступен: ${(error as Error).message}`);
    }
  }
  if (entries && entries.length > 0) {
    throw new BackupError(`Каталог ${dir} не пуст: укажите новый или пустой каталог для резервной копии`);
  }
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  await chmod(dir, PRIVATE_DIR);
  await mkdir(path.join(dir, DATABASE_DIR), { mode: PRIVATE_DIR });
  await mkdir(path.join(dir, FILES_DIR), { mode: PRIVATE_DIR });
  return entries === null;
}

/** Takes back what a failed backup wrote: the folder it made, or what it put in the empty one it was given. */
async function removeWritten(dir: string, created: boolean): Promise<void> {
  if (created) {
    await rm(dir, { recursive: true, force: true });
    return;
  }
  for (const name of [MANIFEST, `${MANIFEST}.part`, DATABASE_DIR, FILES_DIR]) {
    await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

interface Snapshot {
  takenAt: string;
  migrations: string[];
  tables: ManifestTable[];
  sequences: Record<string, number>;
  files: NamedFile[];
}

/**
 * The database at one moment: one read-only transaction (repeatable read on PostgreSQL; SQLite's read transaction
 * in WAL mode sees one state of the file) reads the schema version, every table, the id counters and the files named.
 */
async function readSnapshot(db: Db, dir: string, log: (line: string) => void): Promise<Snapshot> {
  return withSnapshot(db, async (trx, applied) => {
    const takenAt = nowIso();
    const tables: ManifestTable[] = [];
    for (const table of await dataTables(trx)) {
      const file = `${DATABASE_DIR}/${table.name}.jsonl`;
      let rows = 0;
      const lines = async function* () {
        for await (const row of readRows(trx, table)) {
          rows += 1;
          yield `${JSON.stringify(row)}\n`;
        }
      };
      const written = await writeLines(path.join(dir, file), lines());
      tables.push({ name: table.name, columns: table.columns.map((column) => column.name), rows, file, ...written });
    }
    log(
      `База: ${tables.length} таблиц, строк ${tables.reduce((sum, table) => sum + table.rows, 0)} (снимок ${takenAt})`,
    );
    const sequences = await readSequences(trx);
    const named = new Map<string, NamedFile>();
    for await (const file of knownFiles(trx)) {
      if (!named.has(file.storage_key)) {
        named.set(file.storage_key, { key: file.storage_key, size: file.size, sha256: file.sha256 });
      }
    }
    return { takenAt, migrations: applied, tables, sequences, files: [...named.values()] };
  });
}

/**
 * Copies every named file into `files/`, measuring it as it passes; a file missing from the store or whose bytes are
 * not what the database recorded fails the backup, naming each such file.
 */
async function copyFiles(store: FileStore, named: NamedFile[], dir: string, log: (line: string) => void) {
  const copied: ManifestFile[] = [];
  const problems: string[] = [];
  for (const file of named) {
    const target = path.join(dir, FILES_DIR, file.key);
    const measured: StoredFile = { size: 0, sha256: '' };
    try {
      await pipeline(
        await store.get(file.key),
        measure(Number.POSITIVE_INFINITY, measured),
        createWriteStream(target, { mode: PRIVATE_FILE, flush: true }),
      );
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error;
      problems.push(`${file.key}: нет в хранилище ${store.description}`);
      continue;
    }
    if (measured.size !== file.size || (file.sha256 !== null && measured.sha256 !== file.sha256)) {
      problems.push(
        `${file.key}: в хранилище ${measured.size} байт, SHA-256 ${measured.sha256}; в базе ${file.size} байт, SHA-256 ${file.sha256 ?? '—'}`,
      );
      continue;
    }
    copied.push({ key: file.key, size: measured.size, sha256: measured.sha256 });
    if (copied.length % 1000 === 0) log(`…скопировано файлов: ${copied.length} из ${named.length}`);
  }
  if (problems.length > 0) {
    throw new BackupError(`Файлы, названные в базе, не скопированы (${problems.length}):\n${problems.join('\n')}`);
  }
  return copied;
}

/** Writes `lines` into a private file as they come, honouring the disk's pace; its size and SHA-256. */
export async function writeLines(
  file: string,
  lines: AsyncIterable<string> | Iterable<string>,
): Promise<{ size: number; sha256: string }> {
  const out = createWriteStream(file, { mode: PRIVATE_FILE, flush: true });
  const hash = createHash('sha256');
  let size = 0;
  const closed = once(out, 'close');
  try {
    for await (const line of lines) {
      const bytes = Buffer.from(line);
      hash.update(bytes);
      size += bytes.length;
      if (!out.write(bytes)) await once(out, 'drain');
    }
  } catch (error) {
    out.destroy();
    throw error;
  }
  out.end();
  await closed;
  return { size, sha256: hash.digest('hex') };
}
