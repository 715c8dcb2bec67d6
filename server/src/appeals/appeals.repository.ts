import type { AppealStatus, AppealSubject } from '#domain/contract.ts';
import type { Db } from '../db/database.ts';
import { FILE_COLUMNS } from '../db/file-columns.ts';

/** The statement an appeal is about: what the rules need (company, status, terms, examiner) and what mail names. */
export function findAppealedStatement(db: Db, statementId: number) {
  return db
    .selectFrom('statements as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select([
      's.id',
      's.visible_id',
      's.company_id',
      's.status',
      's.examiner_id',
      's.object_name',
      's.address',
      's.cadastral_number',
      's.date_create',
      's.term_start',
      's.term_days',
      'c.legal_entity as company_name',
      'c.inn as company_inn',
      'c.kpp as company_kpp',
      'c.ogrn as company_ogrn',
    ])
    .where('s.id', '=', statementId)
    .executeTakeFirst();
}

export type AppealedStatement = NonNullable<Awaited<ReturnType<typeof findAppealedStatement>>>;

/** Whether any change of the statement stopped a term after its end (the history's term outcome). */
export async function hasLateChange(db: Db, statementId: number): Promise<boolean> {
  const row = await db
    .selectFrom('status_history')
    .select('id')
    .where('statement_id', '=', statementId)
    .where('term_on_time', '=', false)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The statement's last declined correction, or undefined. */
export function findDeclinedCorrection(db: Db, statementId: number) {
  return db
    .selectFrom('corrections')
    .select(['id', 'answered_at'])
    .where('statement_id', '=', statementId)
    .where('status', '=', 'declined')
    .orderBy('answered_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether an appeal on this statement and subject is still open. */
export async function hasOpenAppeal(db: Db, statementId: number, subject: AppealSubject): Promise<boolean> {
  const row = await db
    .selectFrom('appeals')
    .select('id')
    .where('statement_id', '=', statementId)
    .where('subject', '=', subject)
    .where('status', '=', 'filed')
    .executeTakeFirst();
  return row !== undefined;
}

interface NewAppeal {
  statementId: number;
  subject: AppealSubject;
  text: string;
  filedBy: { id: number; fio: string | null };
  at: string;
  correctionId: number | null;
}

export async function insertAppeal(db: Db, appeal: NewAppeal): Promise<number> {
  const row = await db
    .insertInto('appeals')
    .values({
      statement_id: appeal.statementId,
      subject: appeal.subject,
      text: appeal.text,
      status: 'filed',
      filed_by: appeal.filedBy.id,
      filer_name: appeal.filedBy.fio,
      filed_at: appeal.at,
      correction_id: appeal.correctionId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The statement's last round: appeal files and letters are kept as its files (so a download checks the statement). */
export async function findLastStageId(db: Db, statementId: number): Promise<number | null> {
  const row = await db
    .selectFrom('stages')
    .select('id')
    .where('statement_id', '=', statementId)
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** An appeal with the statement it is about. */
export function findAppeal(db: Db, id: number) {
  return db
    .selectFrom('appeals as a')
    .innerJoin('statements as s', 's.id', 'a.statement_id')
    .select([
      'a.id',
      'a.statement_id',
      'a.subject',
      'a.status',
      'a.correction_id',
      's.status as statement_status',
      's.examiner_id',
      's.company_id',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

interface AppealDecisionRow {
  status: Extract<AppealStatus, 'upheld' | 'dismissed'>;
  text: string;
  decidedBy: { id: number; fio: string | null };
  at: string;
  letterKey: string;
}

/** Records the decision on a `filed` appeal; false when it was decided meanwhile (another head won). */
export async function decideFiledAppeal(db: Db, id: number, decision: AppealDecisionRow): Promise<boolean> {
  const result = await db
    .updateTable('appeals')
    .set({
      status: decision.status,
      decision_text: decision.text,
      decided_by: decision.decidedBy.id,
      decider_name: decision.decidedBy.fio,
      decided_at: decision.at,
      letter_key: decision.letterKey,
    })
    .where('id', '=', id)
    .where('status', '=', 'filed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A statement's appeals, oldest first. */
export function listAppeals(db: Db, statementId: number) {
  return db
    .selectFrom('appeals')
    .selectAll()
    .where('statement_id', '=', statementId)
    .orderBy('filed_at')
    .orderBy('id')
    .execute();
}

export type AppealRow = Awaited<ReturnType<typeof listAppeals>>[number];

/** One appeal as stored. */
export function findAppealRow(db: Db, id: number) {
  return db.selectFrom('appeals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Which of its statement's appeals this one is, in filing order (1 for the first). */
export async function appealOrdinal(db: Db, statementId: number, appealId: number): Promise<number> {
  const row = await db
    .selectFrom('appeals')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('statement_id', '=', statementId)
    .where('id', '<=', appealId)
    .executeTakeFirst();
  return Number(row?.count ?? 1);
}

/** The files of these appeals (filed ones, answer letters and their signatures), in upload order. */
export function listAppealFiles(db: Db, appealIds: readonly number[]) {
  if (appealIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('files')
    .select(['appeal_id', ...FILE_COLUMNS])
    .where('appeal_id', 'in', [...appealIds])
    .orderBy('id')
    .execute();
}

/** Every appeal with its statement and company, for the head's register. */
export function listRegister(db: Db) {
  return db
    .selectFrom('appeals as a')
    .innerJoin('statements as s', 's.id', 'a.statement_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select([
      'a.id',
      'a.statement_id',
      'a.subject',
      'a.status',
      'a.filed_at',
      'a.decided_at',
      's.visible_id',
      's.object_name',
      'c.legal_entity as company_name',
    ])
    .execute();
}

/** Open appeals with when they were filed and on what (the metric `portal_appeals_overdue`). */
/** How many appeals wait for an answer. */
export async function countOpenAppeals(db: Db): Promise<number> {
  const row = await db
    .selectFrom('appeals')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'filed')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function listOpenAppeals(db: Db) {
  return db.selectFrom('appeals').select(['id', 'subject', 'filed_at']).where('status', '=', 'filed').execute();
}
