import type { Db } from '../db/database.ts';

/**
 * Counts one hit on `key` in one atomic statement: a window that started at or before `expiredBefore` is replaced by
 * a new one starting `now` (count 1), otherwise its count goes up by one. Every expression of the update reads the
 * row as it was, on SQLite and PostgreSQL alike, so parallel hits from several API processes are all counted.
 */
export async function countHit(
  db: Db,
  key: string,
  now: string,
  expiredBefore: string,
): Promise<{ windowStart: string; count: number }> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        window_start: eb
          .case()
          .when('rate_limits.window_start', '<=', expiredBefore)
          .then(eb.ref('excluded.window_start'))
          .else(eb.ref('rate_limits.window_start'))
          .end(),
        count: eb
          .case()
          .when('rate_limits.window_start', '<=', expiredBefore)
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
      })),
    )
    .returning(['window_start', 'count'])
    .executeTakeFirstOrThrow();
  return { windowStart: row.window_start, count: Number(row.count) };
}

/** Removes windows that started before `before` (they no longer limit anything). */
export async function deleteWindowsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('window_start', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The window of `key` that started after `expiredBefore`, without counting a hit (absent when none runs). */
export async function currentWindow(
  db: Db,
  key: string,
  expiredBefore: string,
): Promise<{ windowStart: string; count: number } | undefined> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['window_start', 'count'])
    .where('key', '=', key)
    .where('window_start', '>', expiredBefore)
    .executeTakeFirst();
  return row && { windowStart: row.window_start, count: Number(row.count) };
}
