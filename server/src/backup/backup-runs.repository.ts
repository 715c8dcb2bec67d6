import { type Db, nowIso } from '../db/database.ts';

/** A backup that has not said it is alive for this long has died (its process was killed): it holds nothing. */
export const BACKUP_ALIVE_MS = 5 * 60 * 1000;

/** A backup begins: its row, alive from now. */
export async function startBackupRun(db: Db, location: string, now = new Date()): Promise<number> {
  const row = await db
    .insertInto('backups')
    .values({ location, started_at: nowIso(now), alive_at: nowIso(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A running backup says it is still alive (every minute or so while it copies). */
export async function keepBackupRunAlive(db: Db, id: number, now = new Date()): Promise<void> {
  await db
    .updateTable('backups')
    .set({ alive_at: nowIso(now) })
    .where('id', '=', id)
    .execute();
}

/** A backup ends, with what it wrote (or null figures when it failed). */
export async function finishBackupRun(
  db: Db,
  id: number,
  outcome: { succeeded: boolean; rows: number | null; files: number | null; bytes: number | null },
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('backups')
    .set({ finished_at: nowIso(now), alive_at: nowIso(now), ...outcome })
    .where('id', '=', id)
    .execute();
}

/** Whether a backup runs now (begun, not ended, alive within `BACKUP_ALIVE_MS`). */
export async function backupRunning(db: Db, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('backups')
    .select('id')
    .where('finished_at', 'is', null)
    .where('alive_at', '>', nowIso(new Date(now.getTime() - BACKUP_ALIVE_MS)))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
