import type { Db } from '../db/database.ts';

/** Sets a statement's check token unless it already has one; answers the token it has afterwards (null: no row). */
export async function setCheckTokenOnce(db: Db, statementId: number, token: string): Promise<string | null> {
  await db
    .updateTable('statements')
    .set({ check_token: token })
    .where('id', '=', statementId)
    .where('check_token', 'is', null)
    .execute();
  const row = await db.selectFrom('statements').select('check_token').where('id', '=', statementId).executeTakeFirst();
  return row?.check_token ?? null;
}

/** The statement a check token belongs to, with only what the public check shows. */
export function findStatementByCheckToken(db: Db, token: string) {
  return db
    .selectFrom('statements as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .leftJoin('users as examiner', 'examiner.id', 's.examiner_id')
    .leftJoin('instances as instance', 'instance.id', 'examiner.instance_id')
    .select([
      's.id',
      's.visible_id',
      's.status',
      's.object_name',
      's.address',
      'c.legal_entity as company_name',
      'examiner.fio as examiner_fio',
      'instance.name as instance_name',
    ])
    .where('s.check_token', '=', token)
    .executeTakeFirst();
}

/** The stages of a statement without their authors: what tells which round an approval answered. */
export function listStageOutline(db: Db, statementId: number) {
  return db
    .selectFrom('stages')
    .select(['id', 'n', 'is_government_agency', 'status', 'date_create'])
    .where('statement_id', '=', statementId)
    .orderBy('n')
    .execute();
}

/** The name, size and SHA-256 of a stage's files, in upload order. */
export function listDocuments(db: Db, stageId: number) {
  return db
    .selectFrom('files')
    .select(['file_name', 'size', 'sha256'])
    .where('stage_id', '=', stageId)
    .orderBy('id')
    .execute();
}
