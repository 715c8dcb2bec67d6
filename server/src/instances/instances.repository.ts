import type { Db } from '../db/database.ts';

/** The id of the instance (the committee, the reviewing body examiners belong to) of this name, if there is one. */
export async function findInstanceId(db: Db, name: string): Promise<number | undefined> {
  return (await db.selectFrom('instances').select('id').where('name', '=', name).executeTakeFirst())?.id;
}

/** Adds an instance of this name; returns its id. */
export async function insertInstance(db: Db, name: string, createdAt: string): Promise<number> {
  const row = await db
    .insertInto('instances')
    .values({ name, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
