import type { Db } from '../db/database.ts';

// The administration log (docs/product.md «Administration»): one row per change, written in the change's transaction.

export interface NewLogEntry {
  at: string;
  actorId: number | null;
  actorName: string | null;
  action: string;
  subject: string;
  details: Record<string, unknown>;
}

export async function insertLogEntry(db: Db, entry: NewLogEntry): Promise<void> {
  await db
    .insertInto('admin_log')
    .values({
      at: entry.at,
      actor_id: entry.actorId,
      actor_name: entry.actorName,
      action: entry.action,
      subject: entry.subject,
      details: JSON.stringify(entry.details),
    })
    .execute();
}

/**
 * One page of the log, newest first: in the order the changes were written (the id), which no clock of another API
 * process or of the console can reorder.
 */
export function listLogPage(db: Db, offset: number, limit: number) {
  return db
    .selectFrom('admin_log')
    .select(['id', 'at', 'actor_id', 'actor_name', 'action', 'subject', 'details'])
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countLog(db: Db): Promise<number> {
  const row = await db
    .selectFrom('admin_log')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
