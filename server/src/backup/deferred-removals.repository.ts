import { type Db, nowIso } from '../db/database.ts';

/** A file's bytes wait to be removed until no backup runs; a key already waiting keeps its first request. */
export async function deferFileRemoval(db: Db, key: string, now = new Date()): Promise<void> {
  await db
    .insertInto('deferred_file_removals')
    .values({ storage_key: key, requested_at: nowIso(now) })
    .onConflict((oc) => oc.column('storage_key').doNothing())
    .execute();
}

/** The keys waiting for removal after `afterKey`, in key order, a page at a time. */
export async function listDeferredRemovals(db: Db, afterKey: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('deferred_file_removals')
    .select('storage_key')
    .where('storage_key', '>', afterKey)
    .orderBy('storage_key')
    .limit(limit)
    .execute();
  return rows.map((row) => row.storage_key);
}

/** A waiting removal is done with (its bytes went, or the database names the key again). */
export async function forgetDeferredRemoval(db: Db, key: string): Promise<void> {
  await db.deleteFrom('deferred_file_removals').where('storage_key', '=', key).execute();
}
