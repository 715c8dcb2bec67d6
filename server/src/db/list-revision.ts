import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * The revision of everything lists show, the production calendar included (migration 20261122T2300_list_revision):
 * moved on by database triggers in the transaction of every write a list item could reflect.
 */
export async function readListRevision(db: Db): Promise<string> {
  const { rows } = await sql<{ n: number | string | bigint }>`select n from list_revision where id = 1`.execute(db);
  return String(rows[0]?.n ?? 0);
}
