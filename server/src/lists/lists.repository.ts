import { sql } from 'kysely';
import { type Db, isPostgres } from '../db/database.ts';

/**
 * The list revision and the change log's newest position, read together: a list built after this read reflects every
 * change up to `seq`, except those of transactions still running then, which are all at or above `xmin` (PostgreSQL;
 * 0 on SQLite, which runs one write at a time). The delta lists start from both (list-delta.ts).
 */
export async function readListPosition(db: Db): Promise<{ revision: string; seq: number; xmin: number }> {
  const xmin = isPostgres(db) ? sql`pg_snapshot_xmin(pg_current_snapshot())::text::bigint` : sql`0`;
  const { rows } = await sql<{
    n: number | string | bigint;
    seq: number | string | bigint | null;
    xmin: number | string | bigint;
  }>`select n, (select max(seq) from changes) as seq, ${xmin} as xmin from list_revision where id = 1`.execute(db);
  return { revision: String(rows[0]?.n ?? 0), seq: Number(rows[0]?.seq ?? 0), xmin: Number(rows[0]?.xmin ?? 0) };
}

/**
 * The statement and list changes a list may have missed: after the position `since` read with it, whatever the
 * transactions still running then (at or above `xmin`, when given) wrote below it, up to `seq`; with `companyId`,
 * only those a company's list shows (its own statements and data, and what every list shows). At most `limit`.
 */
export function listChangesSince(
  db: Db,
  range: { since: number; xmin: number; seq: number },
  companyId: number | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('changes')
    .select(['kind', 'statement_id'])
    .where('kind', 'in', ['statement', 'lists'])
    .where((eb) =>
      range.xmin > 0 ? eb.or([eb('seq', '>', range.since), eb('xid', '>=', range.xmin)]) : eb('seq', '>', range.since),
    )
    .where('seq', '<=', range.seq);
  if (companyId !== undefined) {
    query = query.where((eb) =>
      eb.or([eb.and([eb('kind', '=', 'lists'), eb('company_id', 'is', null)]), eb('company_id', '=', companyId)]),
    );
  }
  return query.limit(limit).execute();
}
