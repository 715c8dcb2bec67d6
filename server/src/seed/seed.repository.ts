import type { Db } from '../db/database.ts';

/** Whether any user was ever made, removed ones included (the demo seed runs only on an empty database). */
export async function anyUserExists(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The ids of a statement's files, oldest first. */
export async function findStatementFiles(db: Db, statementId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('files')
    .innerJoin('stages', 'stages.id', 'files.stage_id')
    .select('files.id')
    .where('stages.statement_id', '=', statementId)
    .orderBy('files.id')
    .execute();
  return rows.map((row) => row.id);
}
