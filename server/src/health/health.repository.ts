import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A trivial query: proves a connection can be had and the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
