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
      'c.inn as company_inn',
      'c.ogrn as company_ogrn',
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

/**
 * Keeps what an approval was about as it is now, in the approving transaction: the object, the company with its
 * requisites, the examiner and the committee (the public check shows these, never later edits).
 */
export async function saveDecisionSnapshot(db: Db, statementId: number, at: string): Promise<void> {
  await db
    .insertInto('decision_snapshots')
    .columns([
      'statement_id',
      'decided_at',
      'object_name',
      'address',
      'company_name',
      'company_inn',
      'company_kpp',
      'company_ogrn',
      'examiner_fio',
      'committee',
    ])
    .expression((eb) =>
      eb
        .selectFrom('statements as s')
        .innerJoin('companies as c', 'c.id', 's.company_id')
        .leftJoin('users as e', 'e.id', 's.examiner_id')
        .leftJoin('instances as i', 'i.id', 'e.instance_id')
        .select([
          's.id',
          eb.val(at).as('decided_at'),
          's.object_name',
          's.address',
          'c.legal_entity',
          'c.inn',
          'c.kpp',
          'c.ogrn',
          'e.fio',
          'i.name',
        ])
        .where('s.id', '=', statementId),
    )
    .onConflict((oc) => oc.column('statement_id').doNothing())
    .execute();
}

/** The snapshot of an approval, if one was taken. */
export function findDecisionSnapshot(db: Db, statementId: number) {
  return db.selectFrom('decision_snapshots').selectAll().where('statement_id', '=', statementId).executeTakeFirst();
}
