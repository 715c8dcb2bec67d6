import { sql } from 'kysely';
import { type Db, isPostgres } from './database.ts';

/**
 * The revision of everything lists show, the production calendar included (migration 20261122T2300_list_revision):
 * moved on by database triggers in the transaction of every write a list item could reflect.
 */
export async function readListRevision(db: Db): Promise<string> {
  const { rows } = await sql<{ n: number | string | bigint }>`select n from list_revision where id = 1`.execute(db);
  return String(rows[0]?.n ?? 0);
}

/**
 * The list revision and the change log's newest position, read together: a list built after this read reflects every
 * change up to `seq`, except those of transactions still running then, which are all at or above `xmin` (PostgreSQL;
 * 0 on SQLite, which runs one write at a time). The delta lists start from both (server/src/statements/list-delta.ts).
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
