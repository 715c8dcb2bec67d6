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

/** The statement a check token belongs to: its id, number and status (what it is about: statement-access.ts). */
export function findStatementByCheckToken(db: Db, token: string) {
  return db
    .selectFrom('statements')
    .select(['id', 'visible_id', 'status'])
    .where('check_token', '=', token)
    .executeTakeFirst();
}

/** The stages of a statement without their authors: what tells which round an approval answered. */
export async function listStageOutline(db: Db, statementId: number) {
  const rows = await db
    .selectFrom('stages')
    .select(['id', 'n', 'is_government_agency', 'status', 'date_create'])
    .where('statement_id', '=', statementId)
    .orderBy('n')
    .execute();
  return rows.map(({ is_government_agency, ...stage }) => ({ ...stage, byCommittee: Boolean(is_government_agency) }));
}

/** The name, size and SHA-256 of a stage's documents (its signature files are not documents), in upload order. */
export function listDocuments(db: Db, stageId: number) {
  return (
    db
      .selectFrom('files')
      .select(['file_name', 'size', 'sha256'])
      .where('stage_id', '=', stageId)
      // An appeal's files and answer are no documents of the round (docs/product.md «Appeals»).
      .where('appeal_id', 'is', null)
      .where('conclusion_id', 'is', null)
      .where('signs_file_id', 'is', null)
      .where('approved_set', 'is', null)
      .orderBy('id')
      .execute()
  );
}
