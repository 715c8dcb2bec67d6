import type { Db } from './database.ts';

// The approving round of a statement and the documents it keeps, read by the certificates (the check, the later
// attachment) and by the corrections (what a correction corrects) alike (docs/product.md «Certificate and public
// check»).

/** The approving round of a statement: the committee's last round that approved; null before an approval. */
export async function findApprovalStage(db: Db, statementId: number): Promise<number | null> {
  const row = await db
    .selectFrom('stages')
    .select('id')
    .where('statement_id', '=', statementId)
    .where('is_government_agency', '=', true)
    .where('status', '=', 'approved')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** True when a stage keeps a document of this name (a signature file, an appeal's or a correction's is no document). */
export async function stageHasDocument(db: Db, stageId: number, fileName: string): Promise<boolean> {
  const row = await db
    .selectFrom('files')
    .select('id')
    .where('stage_id', '=', stageId)
    .where('file_name', '=', fileName)
    .where('appeal_id', 'is', null)
    .where('conclusion_id', 'is', null)
    .where('correction_id', 'is', null)
    .where('signs_file_id', 'is', null)
    .where('approved_set', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
