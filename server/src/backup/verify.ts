// `npm run admin -- verify-backup`: a backup checked without restoring it (docs/operations.md «Резервные копии»).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { measureStream } from '../storage/file-store.ts';
import { BackupError, FILES_DIR, type Manifest, type ManifestTable, readManifest } from './manifest.ts';

/** The columns whose values name stored files, and for which rows (a prefile names its own bytes until attached). */
const NAMING: { table: string; column: string; when?: (row: Record<string, unknown>) => boolean }[] = [
  { table: 'files', column: 'storage_key' },
  { table: 'prefiles', column: 'storage_key', when: (row) => row.attached_at === null },
  { table: 'companies', column: 'statement_key' },
  { table: 'companies', column: 'statement_signature_key' },
  { table: 'powers_of_attorney', column: 'xml_key' },
  { table: 'powers_of_attorney', column: 'signature_key' },
  { table: 'appeals', column: 'letter_key' },
];

/**
 * One table's rows from its file, as arrays of values, with the file's size and SHA-256 counted as it is read (known
 * once the rows are exhausted). A line that is not a JSON array of the table's width throws `BackupError`.
 */
export async function* tableRows(
  dir: string,
  table: ManifestTable,
  read: { size: number; sha256: string; rows: number },
): AsyncGenerator<unknown[]> {
  const hash = createHash('sha256');
  let carry = '';
  const parse = (line: string) => {
    read.rows += 1;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      row = null;
    }
    if (!Array.isArray(row) || row.length !== table.columns.length) {
      throw new BackupError(`${table.file}: строка ${read.rows} повреждена`);
    }
    return row;
  };
  const stream = createReadStream(path.join(dir, table.file));
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      read.size += chunk.length;
      const lines = (carry + chunk.toString('utf8')).split('\n');
      carry = lines.pop() ?? '';
      for (const line of lines) yield parse(line);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${table.file}: файла нет`);
    throw error;
  }
  if (carry !== '') yield parse(carry);
  read.sha256 = hash.digest('hex');
}

/** Whether a table's file is whole: the bytes and the row count the manifest recorded. */
function tableProblem(table: ManifestTable, read: { size: number; sha256: string; rows: number }): string | null {
  if (read.size !== table.size || read.sha256 !== table.sha256) {
    return `${table.file}: изменён (${read.size} байт, SHA-256 ${read.sha256}; в манифесте ${table.size} байт, SHA-256 ${table.sha256})`;
  }
  if (read.rows !== table.rows) return `${table.file}: строк ${read.rows}, в манифесте ${table.rows}`;
  return null;
}

export interface Verdict {
  manifest: Manifest;
  problems: string[];
}

/**
 * Checks a backup without restoring it: the manifest; each table's file by size, SHA-256 and row count; each file by
 * size and SHA-256; and every file the tables name being in the backup. Returns every problem found (none: whole);
 * a manifest it cannot read throws `BackupError`.
 */
export async function verifyBackup(dir: string, log: (line: string) => void = () => {}): Promise<Verdict> {
  const manifest = await readManifest(dir);
  const problems: string[] = [];
  const inBackup = new Set(manifest.files.map((file) => file.key));
  for (const table of manifest.tables) {
    const naming = NAMING.filter((entry) => entry.table === table.name);
    const read = { size: 0, sha256: '', rows: 0 };
    try {
      for await (const values of tableRows(dir, table, read)) {
        if (naming.length === 0) continue;
        const row = Object.fromEntries(table.columns.map((column, index) => [column, values[index]]));
        for (const entry of naming) {
          const key = row[entry.column];
          if (typeof key !== 'string' || (entry.when && !entry.when(row)) || inBackup.has(key)) continue;
          problems.push(`files/${key}: назван в таблице ${table.name} (${entry.column}), но его нет в копии`);
        }
      }
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      problems.push(error.message);
      continue;
    }
    const problem = tableProblem(table, read);
    if (problem) problems.push(problem);
  }
  log(`Таблицы проверены: ${manifest.tables.length}`);
  let checked = 0;
  for (const file of manifest.files) {
    const where = path.join(dir, FILES_DIR, file.key);
    const problem = await fileProblem(where, file);
    if (problem) problems.push(`${FILES_DIR}/${file.key}: ${problem}`);
    checked += 1;
    if (checked % 1000 === 0) log(`…проверено файлов: ${checked} из ${manifest.files.length}`);
  }
  return { manifest, problems };
}

async function fileProblem(where: string, file: { size: number; sha256: string }): Promise<string | null> {
  try {
    const { size } = await stat(where);
    if (size !== file.size) return `${size} байт, в манифесте ${file.size}`;
  } catch {
    return 'файла нет в копии';
  }
  const measured = await measureStream(createReadStream(where));
  if (measured.sha256 !== file.sha256) return `изменён: SHA-256 ${measured.sha256}, в манифесте ${file.sha256}`;
  return null;
}
