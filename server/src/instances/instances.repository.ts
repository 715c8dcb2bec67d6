import type { Db } from '../db/database.ts';

/** The instance (reviewing body) of this name, created on first use. */
export async function ensureInstance(db: Db, name: string, createdAt: string): Promise<number> {
  const existing = await db.selectFrom('instances').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('instances')
    .values({ name, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
