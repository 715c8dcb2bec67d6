import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { StatementStatus } from '../db/schema.ts';

/**
 * The next registration number, from the counter row, in the caller's transaction. The row lock (PostgreSQL) or
 * the write lock (SQLite) holds until commit, so parallel creations get distinct, increasing numbers.
 */
export async function allocateVisibleId(db: Db): Promise<number> {
  const row = await db
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'statement_visible_id')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

export interface NewStatement {
  visibleId: number;
  companyId: number;
  cipher: string | null;
  objectName: string;
  address: string | null;
  categoryObjectId: number | null;
  workTypeId: number | null;
  at: string;
}

export async function insertStatement(db: Db, statement: NewStatement): Promise<number> {
  const row = await db
    .insertInto('statements')
    .values({
      visible_id: statement.visibleId,
      company_id: statement.companyId,
      status: 'sent',
      cipher: statement.cipher,
      object_name: statement.objectName,
      address: statement.address,
      category_object_id: statement.categoryObjectId,
      work_type_id: statement.workTypeId,
      examiner_id: null,
      external_number: null,
      date_create: statement.at,
      last_update: statement.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The bare row of a statement (status, company, examiner): for the rules, not for replies. */
export function findStatementRow(db: Db, id: number) {
  return db
    .selectFrom('statements')
    .select(['id', 'visible_id', 'company_id', 'status', 'examiner_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface StatusMove {
  id: number;
  from: StatementStatus;
  to: StatementStatus;
  at: string;
  /** Only when the statement is assigned to this examiner. */
  examinerId?: number;
  /** Assign this examiner (taking into work); only when none is assigned yet. */
  assignExaminerId?: number;
}

/** The one conditional status change: true when the statement was in `from` (and matched) and moved. */
export async function moveStatus(db: Db, move: StatusMove): Promise<boolean> {
  let query = db
    .updateTable('statements')
    .set({
      status: move.to,
      last_update: move.at,
      ...(move.assignExaminerId === undefined ? {} : { examiner_id: move.assignExaminerId }),
    })
    .where('id', '=', move.id)
    .where('status', '=', move.from);
  if (move.examinerId !== undefined) query = query.where('examiner_id', '=', move.examinerId);
  if (move.assignExaminerId !== undefined) query = query.where('examiner_id', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface StageAuthor {
  id: number;
  fio: string | null;
  phone: string | null;
  position: string | null;
  email: string | null;
}

export interface NewStage {
  statementId: number;
  author: StageAuthor;
  isGovernmentAgency: boolean;
  status: StatementStatus;
  comment: string | null;
  at: string;
}

/** A stage numbered after the statement's last one, keeping its author as they are now. */
export async function insertStage(db: Db, stage: NewStage): Promise<number> {
  const row = await db
    .insertInto('stages')
    .values({
      statement_id: stage.statementId,
      n: sql<number>`(select coalesce(max(n), 0) + 1 from stages where statement_id = ${stage.statementId})`,
      applicant_id: stage.author.id,
      applicant_name: stage.author.fio,
      applicant_phone: stage.author.phone,
      applicant_position: stage.author.position,
      applicant_mail: stage.author.email,
      is_government_agency: stage.isGovernmentAgency,
      status: stage.status,
      comment: stage.comment,
      date_create: stage.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewHistoryEntry {
  statementId: number;
  from: StatementStatus | null;
  to: StatementStatus;
  actor: { id: number; fio: string | null };
  at: string;
}

export async function insertHistory(db: Db, entry: NewHistoryEntry): Promise<void> {
  await db
    .insertInto('status_history')
    .values({
      statement_id: entry.statementId,
      from_status: entry.from,
      to_status: entry.to,
      user_id: entry.actor.id,
      actor_name: entry.actor.fio,
      changed_at: entry.at,
    })
    .execute();
}

/** The stages of a statement with their authors as they were, oldest first. */
export function listStages(db: Db, statementId: number) {
  return db.selectFrom('stages').selectAll().where('statement_id', '=', statementId).orderBy('n').execute();
}

/** The status history of a statement, oldest first. */
export function listHistory(db: Db, statementId: number) {
  return db
    .selectFrom('status_history')
    .selectAll()
    .where('statement_id', '=', statementId)
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
}
