import { type Db, isPostgres } from '../db/database.ts';
import { DECISION_FACTS } from '../db/decision-snapshot.ts';
import { FILE_COLUMNS } from '../db/file-columns.ts';
import type { CorrectionStatus } from '../db/schema.ts';

/** The statement a correction is about: what the rules need (company, status, examiner) and what mail names. */
export function findCorrectedStatement(db: Db, statementId: number) {
  return db
    .selectFrom('statements')
    .select(['id', 'visible_id', 'company_id', 'status', 'examiner_id', 'object_name', 'check_token'])
    .where('id', '=', statementId)
    .executeTakeFirst();
}

interface NewCorrection {
  statementId: number;
  text: string;
  requestedBy: { id: number; fio: string | null };
  at: string;
  checkToken: string;
}

export async function insertCorrection(db: Db, correction: NewCorrection): Promise<number> {
  const row = await db
    .insertInto('corrections')
    .values({
      statement_id: correction.statementId,
      text: correction.text,
      status: 'requested',
      requested_by: correction.requestedBy.id,
      requester_name: correction.requestedBy.fio,
      requested_at: correction.at,
      answer: null,
      answered_by: null,
      answered_at: null,
      check_token: correction.checkToken,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The statement's request waiting for an answer, if any, read in the caller's transaction with the statement's row
 * locked on PostgreSQL (SQLite runs one write transaction at a time), so a request made at the same moment waits and
 * then finds this one.
 */
export async function findOpenCorrection(db: Db, statementId: number) {
  await db
    .selectFrom('statements')
    .select('id')
    .where('id', '=', statementId)
    .$if(isPostgres(db), (query) => query.forUpdate())
    .executeTakeFirst();
  return db
    .selectFrom('corrections')
    .select(['id', 'requested_at'])
    .where('statement_id', '=', statementId)
    .where('status', '=', 'requested')
    .orderBy('id')
    .executeTakeFirst();
}

/** A correction with the statement it is about. */
export function findCorrection(db: Db, id: number) {
  return db
    .selectFrom('corrections as k')
    .innerJoin('statements as s', 's.id', 'k.statement_id')
    .select([
      'k.id',
      'k.status',
      'k.statement_id',
      's.visible_id',
      's.company_id',
      's.examiner_id',
      's.object_name as statement_object_name',
    ])
    .where('k.id', '=', id)
    .executeTakeFirst();
}

/** A statement's corrections, oldest first. */
export function listCorrections(db: Db, statementId: number) {
  return db
    .selectFrom('corrections')
    .selectAll()
    .where('statement_id', '=', statementId)
    .orderBy('requested_at')
    .orderBy('id')
    .execute();
}

export type CorrectionRow = Awaited<ReturnType<typeof listCorrections>>[number];

/** The files of these corrections (their corrected certificates), in upload order. */
export function listCorrectionFiles(db: Db, correctionIds: readonly number[]) {
  if (correctionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('files')
    .select(['correction_id', ...FILE_COLUMNS])
    .where('correction_id', 'in', [...correctionIds])
    .orderBy('id')
    .execute();
}

/** What the approval's certificate carries (its decision snapshot) and when it was issued; undefined before one. */
export function findApprovalSnapshot(db: Db, statementId: number) {
  return db
    .selectFrom('decision_snapshots')
    .select(['decided_at', ...DECISION_FACTS])
    .where('statement_id', '=', statementId)
    .executeTakeFirst();
}

/** What a corrected certificate carries: its snapshot (the previous certificate's with the corrections applied). */
export interface CorrectedSnapshot {
  object_name: string;
  address: string | null;
  cadastral_number: string | null;
  company_name: string | null;
  company_inn: string | null;
  company_kpp: string | null;
  company_ogrn: string | null;
  examiner_fio: string | null;
  committee: string | null;
}

interface Answer {
  status: Exclude<CorrectionStatus, 'requested'>;
  answer: string | null;
  answeredBy: number;
  at: string;
  snapshot: CorrectedSnapshot | null;
  /** What the register's search finds the corrected entry by (`db/decision-snapshot.ts`), with the snapshot. */
  searchText: string | null;
}

/** Answers a correction still `requested`, conditionally: false when it was answered meanwhile. */
export async function answerCorrection(db: Db, id: number, answer: Answer): Promise<boolean> {
  const result = await db
    .updateTable('corrections')
    .set({
      status: answer.status,
      answer: answer.answer,
      answered_by: answer.answeredBy,
      answered_at: answer.at,
      ...(answer.snapshot ?? {}),
      ...(answer.snapshot ? { search_text: answer.searchText } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When each correction still waiting for its answer was asked for (the metrics count the overdue ones). */
export function listRequestedCorrections(db: Db) {
  return db.selectFrom('corrections').select('requested_at').where('status', '=', 'requested').execute();
}

/** The correction a public check token belongs to, with its statement's number and status. */
export function findCorrectionByCheckToken(db: Db, token: string) {
  return db
    .selectFrom('corrections as k')
    .innerJoin('statements as s', 's.id', 'k.statement_id')
    .selectAll('k')
    .select(['s.visible_id', 's.status as statement_status'])
    .where('k.check_token', '=', token)
    .executeTakeFirst();
}

/** A declined correction `requested` again from `at`, its term counted anew (an upheld appeal); false when not declined. */
export async function reopenDeclinedCorrection(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('corrections')
    .set({
      status: 'requested',
      requested_at: at,
      answer: null,
      answered_by: null,
      answered_at: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'declined')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
