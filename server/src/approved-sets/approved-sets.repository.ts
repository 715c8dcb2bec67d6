import type { Db } from '../db/database.ts';

/** What the stamp of an approved statement says: its number, check token and the approving round with its author. */
export async function findStampSubject(db: Db, statementId: number) {
  const row = await db
    .selectFrom('statements')
    .innerJoin('stages', 'stages.statement_id', 'statements.id')
    .select([
      'statements.visible_id',
      'statements.object_name',
      'statements.company_id',
      'statements.check_token',
      'stages.id as stage_id',
      'stages.n',
      'stages.applicant_name as examiner_name',
      'stages.applicant_id as examiner_id',
      'stages.date_create as decided_at',
      'stages.stamp_corners',
    ])
    .where('statements.id', '=', statementId)
    // Approved and issued: a decision held for its signature is no approval yet.
    .where('statements.status', '=', 'approved')
    .where('statements.held_status', 'is', null)
    .where('stages.is_government_agency', '=', true)
    .where('stages.status', '=', 'approved')
    .orderBy('stages.n', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row;
}

/** The documents of the company's last round (before `beforeN` when given: the one an approval answered), signatures left out. */
export async function listApprovedDocuments(db: Db, statementId: number, beforeN?: number) {
  let query = db
    .selectFrom('stages')
    .select('id')
    .where('statement_id', '=', statementId)
    .where('is_government_agency', '=', false);
  if (beforeN !== undefined) query = query.where('n', '<', beforeN);
  const stage = await query.orderBy('n', 'desc').limit(1).executeTakeFirst();
  if (!stage) return [];
  return db
    .selectFrom('files')
    .select(['id', 'storage_key', 'file_name', 'size'])
    .where('stage_id', '=', stage.id)
    .where('signs_file_id', 'is', null)
    .where('appeal_id', 'is', null)
    .where('correction_id', 'is', null)
    .where('approved_set', 'is', null)
    .orderBy('id')
    .execute();
}

/** Keeps the corners chosen for the stamp with the approving round (its transaction). */
export async function saveStampCorners(db: Db, stageId: number, corners: string): Promise<void> {
  await db.updateTable('stages').set({ stamp_corners: corners }).where('id', '=', stageId).execute();
}

/** The approved set's row of a decision's round; undefined before the set is made. */
export function findApprovedSetRow(db: Db, stageId: number) {
  return db.selectFrom('approved_sets').selectAll().where('stage_id', '=', stageId).executeTakeFirst();
}

/**
 * The issued approvals whose set was never made (the process stopped while it was being made, or the approval came
 * inside one transaction, as the demo's do): their statements, oldest first.
 */
export async function listApprovalsWithoutSet(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('statements')
    .innerJoin('stages', 'stages.statement_id', 'statements.id')
    .leftJoin('approved_sets', 'approved_sets.stage_id', 'stages.id')
    .select('statements.id')
    .where('statements.status', '=', 'approved')
    .where('statements.held_status', 'is', null)
    .where('stages.is_government_agency', '=', true)
    .where('stages.status', '=', 'approved')
    .where('approved_sets.stage_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('stages as later')
            .select('later.id')
            .whereRef('later.statement_id', '=', 'statements.id')
            .whereRef('later.n', '>', 'stages.n')
            .where('later.is_government_agency', '=', true)
            .where('later.status', '=', 'approved'),
        ),
      ),
    )
    .orderBy('statements.id')
    .execute();
  return rows.map((row) => row.id);
}

/** Records the set as made; false when another process made it first (its row stands). */
export async function insertApprovedSet(
  db: Db,
  set: { stageId: number; at: string; notStamped: string; signatureRequired: boolean },
): Promise<boolean> {
  const inserted = await db
    .insertInto('approved_sets')
    .values({
      stage_id: set.stageId,
      made_at: set.at,
      not_stamped: set.notStamped,
      signature_required: set.signatureRequired,
    })
    .onConflict((conflict) => conflict.column('stage_id').doNothing())
    .returning('stage_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The approved set's files of a decision's round: the stamped copies in their originals' order, then the inventory. */
export function listApprovedSetFiles(db: Db, stageId: number) {
  return db
    .selectFrom('files')
    .select([
      'id',
      'stage_id',
      'storage_key',
      'file_name',
      'size',
      'sha256',
      'page_count',
      'approved_set',
      'stamped_from_file_id',
      'signs_file_id',
      'signature_check',
    ])
    .where('stage_id', '=', stageId)
    .where('approved_set', 'is not', null)
    .orderBy('id')
    .execute();
}

/** Whether a statement of this id exists. */
export async function statementExists(db: Db, statementId: number): Promise<boolean> {
  return (
    (await db.selectFrom('statements').select('id').where('id', '=', statementId).executeTakeFirst()) !== undefined
  );
}

/** Whether the examiner of a decision's round has been deactivated since. */
export async function approverRemoved(db: Db, stageId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stages')
    .innerJoin('users', 'users.id', 'stages.applicant_id')
    .select('users.removed_at')
    .where('stages.id', '=', stageId)
    .executeTakeFirst();
  return row !== undefined && row.removed_at !== null;
}

/**
 * The statements whose approved set, made by this examiner's approval, waits for its inventory's signature (the set
 * needs one and its inventory has none).
 */
export async function listUnsignedInventories(db: Db, examinerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('approved_sets')
    .innerJoin('stages', 'stages.id', 'approved_sets.stage_id')
    .innerJoin('files as inventory', (join) =>
      join.onRef('inventory.stage_id', '=', 'stages.id').on('inventory.approved_set', '=', 'inventory'),
    )
    .select('stages.statement_id')
    .where('stages.applicant_id', '=', examinerId)
    .where('approved_sets.signature_required', '=', true)
    .where('inventory.signs_file_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('files as signature')
            .select('signature.id')
            .whereRef('signature.signs_file_id', '=', 'inventory.id'),
        ),
      ),
    )
    .orderBy('stages.statement_id')
    .execute();
  return rows.map((row) => row.statement_id);
}
