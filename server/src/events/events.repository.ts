import type { Db } from '../db/database.ts';

/** The change log's rows after `seq`, oldest first, at most `limit` (migration 20261125T1400_changes). */
export function readChangesAfter(db: Db, seq: number, limit: number) {
  return db
    .selectFrom('changes')
    .select(['seq', 'kind', 'statement_id', 'company_id', 'user_id'])
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The newest change's position (0 when none). */
export async function latestChangeSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** Whether the log still holds every change after `seq` (none was trimmed away since). */
export async function changesKeptAfter(db: Db, seq: number): Promise<boolean> {
  const oldest = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.min('seq').as('seq'))
    .executeTakeFirst();
  return oldest?.seq == null || Number(oldest.seq) <= seq + 1;
}

/** Removes the log's rows written before `cutoff`; returns how many. */
export async function deleteChangesBefore(db: Db, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('changes').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
