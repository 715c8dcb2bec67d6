// The nightly backups' rotation (docs/operations.md «Резервные копии»): `backup --under PARENT` writes into a dated
// folder of PARENT, then keeps only the newest N backups there. Only what is surely a backup of ours ever goes.
import type { Dirent } from 'node:fs';
import { access, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_KIND, MANIFEST } from './manifest.ts';

/** How many backups `--under` keeps when BACKUP_KEEP is not set. */
export const DEFAULT_BACKUP_KEEP = 14;

/** Where the nightly backups go when BACKUP_DIR is not set (ops/systemd/portal-backup.service says the same). */
export const DEFAULT_BACKUP_DIR = '/var/backups/portal';

/** A dated folder's name: `2026-11-29T030000Z`, perhaps with a suffix (two backups in one second). */
const DATED = /^\d{4}-\d{2}-\d{2}T\d{6}Z/;

/**
 * The folder a backup made at `now` goes into under PARENT: UTC, sortable as text in time order, no colons (a name
 * every file system and `scp` take), e.g. `2026-11-29T030000Z`.
 */
export function datedFolderName(now: Date): string {
  return `${now.toISOString().slice(0, 19).replaceAll(':', '')}Z`;
}

/**
 * The path of a new backup's dated folder under `parent` made at `now`: `datedFolderName`, or with `-001`, `-002`…
 * when a backup of the same second is already there (two runs in one second), so a second run never meets a full
 * folder; the names still sort in the order the runs came.
 */
export async function newDatedFolder(parent: string, now: Date): Promise<string> {
  const base = datedFolderName(now);
  for (let n = 0; ; n++) {
    const candidate = path.join(parent, n === 0 ? base : `${base}-${String(n).padStart(3, '0')}`);
    try {
      await access(candidate);
    } catch {
      return candidate;
    }
  }
}

/** How many backups to keep under PARENT: BACKUP_KEEP, a positive integer, 14 when unset. */
export function backupKeep(env: Record<string, string | undefined>): number {
  const value = env.BACKUP_KEEP?.trim();
  if (value === undefined || value === '') return DEFAULT_BACKUP_KEEP;
  if (!/^\d+$/.test(value) || Number(value) <= 0) {
    throw new Error(
      `BACKUP_KEEP должен быть положительным целым числом (сколько последних резервных копий хранить), а не «${value}»`,
    );
  }
  return Number(value);
}

/** The folder the nightly backups go under (`backup --under`): BACKUP_DIR, /var/backups/portal when unset. */
export function backupDir(env: Record<string, string | undefined>): string {
  const value = env.BACKUP_DIR?.trim();
  if (value === undefined || value === '') return DEFAULT_BACKUP_DIR;
  if (!path.isAbsolute(value)) throw new Error(`BACKUP_DIR должен быть абсолютным путём к каталогу, а не «${value}»`);
  return value;
}

/** Whether the folder holds a complete backup of ours: its manifest.json parses and names our kind. */
async function manifestKind(folder: string): Promise<'ours' | 'other' | 'none'> {
  let text: string;
  try {
    text = await readFile(path.join(folder, MANIFEST), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw error;
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    // Half-written: the backup was interrupted while it wrote its manifest.
    return 'none';
  }
  const kind = (manifest as { kind?: unknown } | null)?.kind;
  return kind === BACKUP_KIND ? 'ours' : 'other';
}

/**
 * Removes the oldest backups under `parent` beyond the newest `keep` (a positive integer); returns the folders
 * removed, oldest first. Only dated folders (`datedFolderName`) are looked at, in the order of their names; a folder
 * named otherwise, a symbolic link or a file is never touched. A dated folder counts as a backup when its
 * manifest.json parses and says `"kind": "approval-portal-backup"`; one whose manifest is missing or does not parse
 * is an interrupted backup's leftovers, removed only when it is older than the newest complete backup (a newer one
 * may be a backup still running); one whose manifest names another kind stays.
 */
export async function pruneBackups(parent: string, keep: number): Promise<string[]> {
  if (!Number.isInteger(keep) || keep <= 0) throw new Error(`keep must be a positive integer, not ${keep}`);
  const entries: Dirent[] = await readdir(parent, { withFileTypes: true });
  const dated = entries
    .filter((entry) => entry.isDirectory() && DATED.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const complete: string[] = [];
  const leftovers: string[] = [];
  for (const name of dated) {
    const kind = await manifestKind(path.join(parent, name));
    if (kind === 'ours') complete.push(name);
    else if (kind === 'none') leftovers.push(name);
  }
  const newest = complete.at(-1);
  const doomed = [
    ...complete.slice(0, Math.max(0, complete.length - keep)),
    ...(newest === undefined ? [] : leftovers.filter((name) => name < newest)),
  ].sort();
  const removed: string[] = [];
  for (const name of doomed) {
    const folder = path.join(parent, name);
    await rm(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}
