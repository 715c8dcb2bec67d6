// A backup's manifest (docs/operations.md «Резервные копии»): what the backup holds and how to know it is whole.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** What a portal's backup says it is: any other `kind` is not ours. */
export const BACKUP_KIND = 'approval-portal-backup';
/** The layout of the backup itself; a portal reads the formats it knows. */
export const BACKUP_FORMAT = 1;

export const MANIFEST = 'manifest.json';
export const DATABASE_DIR = 'database';
export const FILES_DIR = 'files';

/** One table's rows: `file` holds one JSON array of values per line, in `columns`' order. */
export interface ManifestTable {
  name: string;
  columns: string[];
  rows: number;
  file: string;
  size: number;
  sha256: string;
}

/** One stored file, under `files/<key>`. */
export interface ManifestFile {
  key: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  kind: typeof BACKUP_KIND;
  format: number;
  portalVersion: string;
  /** The engine the backup was read from (`sqlite`, `postgres`): a fact, not a limit; either engine loads it. */
  engine: string;
  /** The migrations the database had, in order: its schema version is the last. */
  migrations: string[];
  /** The moment of the database's snapshot, and when the backup ended. */
  takenAt: string;
  finishedAt: string;
  tables: ManifestTable[];
  /** The last value each id counter handed out (`table.column`). */
  sequences: Record<string, number>;
  files: ManifestFile[];
}

/** What is wrong with a backup, for the operator; exit code 1. */
export class BackupError extends Error {}

const SHA256 = /^[0-9a-f]{64}$/;
const KEY = /^[A-Za-z0-9_-]{16,128}$/;
const NAME = /^[a-z_][a-z0-9_]*$/;

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Reads and checks `DIR/manifest.json`: ours, of a format this portal reads, and complete in every field. Throws
 * `BackupError` naming the first problem.
 */
export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new BackupError(`В каталоге ${dir} нет ${MANIFEST}: это не резервная копия портала или она не завершена`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupError(`${MANIFEST} повреждён или обрезан: его не удаётся прочитать как JSON`);
  }
  const manifest = parsed as Partial<Manifest> | null;
  if (typeof manifest !== 'object' || manifest === null || manifest.kind !== BACKUP_KIND) {
    throw new BackupError(`${MANIFEST} не от резервной копии портала согласования (нет "kind": "${BACKUP_KIND}")`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `Формат резервной копии ${String(manifest.format)} не поддерживается этой версией портала (поддерживается ${BACKUP_FORMAT})`,
    );
  }
  const broken = (what: string) => new BackupError(`${MANIFEST} неполон: ${what}`);
  if (!Array.isArray(manifest.migrations) || !manifest.migrations.every((name) => typeof name === 'string')) {
    throw broken('нет списка миграций');
  }
  if (manifest.migrations.length === 0) throw broken('список миграций пуст');
  for (const field of ['portalVersion', 'engine', 'takenAt', 'finishedAt'] as const) {
    if (typeof manifest[field] !== 'string') throw broken(`нет поля ${field}`);
  }
  if (!Array.isArray(manifest.tables)) throw broken('нет списка таблиц');
  for (const table of manifest.tables) {
    if (
      typeof table?.name !== 'string' ||
      !NAME.test(table.name) ||
      table.file !== `${DATABASE_DIR}/${table.name}.jsonl` ||
      !Array.isArray(table.columns) ||
      !table.columns.every((column) => typeof column === 'string' && NAME.test(column)) ||
      !isCount(table.rows) ||
      !isCount(table.size) ||
      typeof table.sha256 !== 'string' ||
      !SHA256.test(table.sha256)
    ) {
      throw broken(`таблица ${JSON.stringify(table?.name ?? table)} описана не полностью`);
    }
  }
  if (typeof manifest.sequences !== 'object' || manifest.sequences === null) throw broken('нет счётчиков');
  if (!Object.values(manifest.sequences).every(isCount)) throw broken('счётчики не числа');
  if (!Array.isArray(manifest.files)) throw broken('нет списка файлов');
  for (const entry of manifest.files) {
    if (typeof entry?.key !== 'string' || !KEY.test(entry.key) || !isCount(entry.size) || !SHA256.test(entry.sha256)) {
      throw broken(`файл ${JSON.stringify(entry?.key ?? entry)} описан не полностью`);
    }
  }
  return manifest as Manifest;
}
