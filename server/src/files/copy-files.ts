import type { Db } from '../db/database.ts';
import { FileNotFoundError, type FileStore, measureStream, type StoredFile } from '../storage/file-store.ts';
import {
  type KnownFile,
  listPendingPrefilesAfter,
  listPowerOfAttorneyFilesAfter,
  listRegistrationStatementsAfter,
  listStageFilesAfter,
} from './files.repository.ts';

const PAGE = 200;

interface CopyReport {
  copied: number;
  /** Already in the target with the right size and SHA-256. */
  skipped: number;
  failed: number;
}

/** Why one file could not be copied, in Russian for the operator. */
class CopyFailure extends Error {}

/**
 * Every file the database refers to: stage files, prefiles not attached yet, the uploads powers of attorney and
 * confirmed registrations keep, and the registrations' statements.
 */
export async function* knownFiles(db: Db): AsyncGenerator<KnownFile> {
  for (const list of [
    listStageFilesAfter,
    listPendingPrefilesAfter,
    listPowerOfAttorneyFilesAfter,
    listRegistrationStatementsAfter,
  ]) {
    let after = 0;
    for (;;) {
      const page = await list(db, after, PAGE);
      yield* page;
      const last = page.at(-1);
      if (!last || page.length < PAGE) break;
      after = last.id;
    }
  }
}

const same = (a: StoredFile, b: StoredFile) => a.size === b.size && a.sha256 === b.sha256;
const bytesOf = (file: StoredFile) => `${file.size} байт, SHA-256 ${file.sha256}`;

/** Size and SHA-256 of what `store` holds under `key`, read to the end; null when nothing is there. */
async function measureIn(store: FileStore, key: string): Promise<StoredFile | null> {
  try {
    return await measureStream(await store.get(key));
  } catch (error) {
    if (error instanceof FileNotFoundError) return null;
    throw error;
  }
}

/**
 * Copies one file unless the target already holds the right bytes; the copy is verified by reading it back from the
 * target. A copy that does not verify is removed, so a later run tries again.
 */
async function copyOne(source: FileStore, target: FileStore, file: KnownFile): Promise<'copied' | 'skipped'> {
  const key = file.storage_key;
  // Files stored before SHA-256 was recorded are held to their source's bytes.
  const sourceDigest = file.sha256 === null ? await measureIn(source, key) : null;
  const expected: StoredFile = { size: file.size, sha256: file.sha256 ?? sourceDigest?.sha256 ?? '' };
  const present = (await target.exists(key)) ? await measureIn(target, key) : null;
  if (present && same(present, expected)) return 'skipped';

  const bytes = await source.get(key).catch((error: unknown) => {
    if (error instanceof FileNotFoundError) throw new CopyFailure('нет в исходном каталоге');
    throw error;
  });
  const sent = await target.put(key, bytes);
  if (!same(sent, expected)) {
    await target.remove(key);
    throw new CopyFailure(`в каталоге не тот файл: ${bytesOf(sent)}, в базе ${bytesOf(expected)}`);
  }
  const copied = await measureIn(target, key);
  if (!copied || !same(copied, expected)) {
    await target.remove(key);
    throw new CopyFailure(
      `копия не прошла проверку: ${copied ? bytesOf(copied) : 'её нет'}, ожидалось ${bytesOf(expected)}`,
    );
  }
  return 'copied';
}

/**
 * Copies every file the database refers to from `source` to `target` (FILES_DIR to a bucket), verifying each copy by
 * size and SHA-256 read back from the target. Safe to run again: files already verified in the target are skipped.
 * Reports each failure through `log` and goes on with the rest.
 */
export async function copyFiles(
  db: Db,
  source: FileStore,
  target: FileStore,
  log: (line: string) => void,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, failed: 0 };
  for await (const file of knownFiles(db)) {
    try {
      report[await copyOne(source, target, file)] += 1;
    } catch (error) {
      report.failed += 1;
      const reason =
        error instanceof CopyFailure ? error.message : error instanceof Error ? error.message : String(error);
      log(`Ошибка: ${file.storage_key} «${file.file_name}»: ${reason}`);
    }
    const done = report.copied + report.skipped + report.failed;
    if (done % 100 === 0) log(`…обработано файлов: ${done}`);
  }
  return report;
}

/** The operator's summary line. */
export function copySummary(report: CopyReport, source: FileStore, target: FileStore): string {
  return `Файлы из ${source.description} в ${target.description}: скопировано ${report.copied}, пропущено (уже там и проверены) ${report.skipped}, ошибки ${report.failed}`;
}
