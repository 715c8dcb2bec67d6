import type { StatementStatus } from '#domain/contract.ts';
import type { Db } from '../db/database.ts';
import { joinedStatements } from '../db/statement-joins.ts';

// The statements themselves: a new one's number, row and company snapshot, the detail and the lists' reads, the
// counts, and the deletion of one still unsent to anyone. How a statement moves (status, examiner, stages, history,
// terms, decisions) is workflow's (workflow/workflow.repository.ts).

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

interface NewStatement {
  visibleId: number;
  companyId: number;
  cipher: string | null;
  objectName: string;
  address: string | null;
  cadastralNumber: string | null;
  categoryObjectId: number | null;
  workTypeId: number | null;
  at: string;
  /** The review term's length this submission receives (it starts at `at`). */
  termDays: number;
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
      cadastral_number: statement.cadastralNumber,
      category_object_id: statement.categoryObjectId,
      work_type_id: statement.workTypeId,
      examiner_id: null,
      external_number: null,
      date_create: statement.at,
      last_update: statement.at,
      term_start: statement.at,
      term_days: statement.termDays,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Keeps the applicant company as it is now, in the submitting transaction (the details show what changed since). */
export async function saveSubmissionSnapshot(db: Db, statementId: number, at: string): Promise<void> {
  await db
    .insertInto('submission_snapshots')
    .columns([
      'statement_id',
      'submitted_at',
      'company_name',
      'company_inn',
      'company_kpp',
      'company_ogrn',
      'company_head',
      'company_head_phone',
    ])
    .expression((eb) =>
      eb
        .selectFrom('statements as s')
        .innerJoin('companies as c', 'c.id', 's.company_id')
        .select([
          's.id',
          eb.val(at).as('submitted_at'),
          'c.legal_entity',
          'c.inn',
          'c.kpp',
          'c.ogrn',
          'c.contact_fio',
          'c.contact_phone',
        ])
        .where('s.id', '=', statementId),
    )
    .execute();
}

/** What a list item reads (`StatementListItem`): the lists show and search these, with the running term. */
const LIST_COLUMNS = [
  's.id',
  's.visible_id',
  's.status',
  's.cipher',
  's.object_name',
  's.address',
  's.cadastral_number',
  's.examiner_id',
  's.external_number',
  's.date_create',
  's.last_update',
  's.term_start',
  's.term_days',
  's.held_status',
  'c.legal_entity as company_name',
  'category.name as category_name',
  'work.name as work_type_name',
  'instance.name as instance_name',
] as const;

/** Statements with everything a reply shows: the list's columns and the company's and examiner's details. */
function selectStatements(db: Db) {
  return joinedStatements(db)
    .leftJoin('submission_snapshots as snap', 'snap.statement_id', 's.id')
    .select([
      ...LIST_COLUMNS,
      's.company_id',
      's.category_object_id',
      's.work_type_id',
      'c.inn as company_inn',
      'c.kpp as company_kpp',
      'c.ogrn as company_ogrn',
      'c.contact_fio as company_head',
      'c.contact_phone as company_head_phone',
      'category.value as category_value',
      'examiner.fio as examiner_fio',
      'examiner.phone as examiner_phone',
      'examiner.email as examiner_email',
      'snap.submitted_at as submitted_at',
      'snap.company_name as submitted_company_name',
      'snap.company_inn as submitted_company_inn',
      'snap.company_kpp as submitted_company_kpp',
      'snap.company_ogrn as submitted_company_ogrn',
      'snap.company_head as submitted_company_head',
      'snap.company_head_phone as submitted_company_head_phone',
    ]);
}

export type StatementRow = NonNullable<Awaited<ReturnType<typeof findStatement>>>;

export function findStatement(db: Db, id: number) {
  return selectStatements(db).where('s.id', '=', id).executeTakeFirst();
}

/** Whose statements a list or a count covers: a company's, an examiner's, or every one (neither given). */
export interface StatementScope {
  companyId?: number;
  /** An examiner's statements; null: those of no examiner (the head's queue). */
  examinerId?: number | null;
  /**
   * Only the statements in this status with no decision waiting for its signature (the examiner's news: `sent`; a
   * refusal to accept held in `sent` is no longer anyone's to take).
   */
  status?: StatementStatus;
}

/**
 * A company's statements, or every statement, or an examiner's, newest first: only what lists show and search
 * (`StatementListItem`), so the examiner's list of 10,000 reads and sends half of what the detail query would.
 */
export function listStatements(db: Db, where: StatementScope) {
  return scoped(joinedStatements(db).select([...LIST_COLUMNS]), where)
    .orderBy('s.date_create', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/** The statements of these ids that the scope's list holds, in the list's order (a delta, list-delta.ts). */
export function listStatementsByIds(db: Db, where: StatementScope, ids: readonly number[]) {
  return scoped(joinedStatements(db).select([...LIST_COLUMNS]), where)
    .where('s.id', 'in', [...ids])
    .orderBy('s.date_create', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

function scoped<Q extends ReturnType<typeof joinedStatements>>(query: Q, where: StatementScope): Q {
  let narrowed = query;
  if (where.companyId !== undefined) narrowed = narrowed.where('s.company_id', '=', where.companyId) as Q;
  if (where.examinerId === null) narrowed = narrowed.where('s.examiner_id', 'is', null) as Q;
  else if (where.examinerId !== undefined) narrowed = narrowed.where('s.examiner_id', '=', where.examinerId) as Q;
  if (where.status !== undefined) {
    narrowed = narrowed.where('s.status', '=', where.status).where('s.held_status', 'is', null) as Q;
  }
  return narrowed;
}

export type StatementListRow = Awaited<ReturnType<typeof listStatements>>[number];

/** How many statements of the scope are in each status. */
export function countStatementsByStatus(db: Db, where: StatementScope) {
  let query = db
    .selectFrom('statements')
    .select(['status', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
    .groupBy('status');
  if (where.companyId !== undefined) query = query.where('company_id', '=', where.companyId);
  if (where.examinerId !== undefined) query = query.where('examiner_id', '=', where.examinerId);
  return query.execute();
}

/**
 * How many statements wait for the committee's intake check: `sent`, with no refusal to accept held for its signature
 * (the news the examiners' 'Новые заявления' lists).
 */
export async function countIntakeQueue(db: Db): Promise<number> {
  const row = await db
    .selectFrom('statements')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('status', '=', 'sent')
    .where('held_status', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The running review terms of the scope (statements in these statuses), to count the overdue ones. */
export function listTerms(db: Db, where: StatementScope, statuses: readonly StatementStatus[]) {
  let query = db
    .selectFrom('statements')
    .select(['status', 'term_start', 'term_days'])
    .where('status', 'in', [...statuses]);
  if (where.companyId !== undefined) query = query.where('company_id', '=', where.companyId);
  if (where.examinerId !== undefined) query = query.where('examiner_id', '=', where.examinerId);
  return query.execute();
}

/**
 * Deletes a statement still `sent` with no examiner, conditionally; returns the storage keys of its files (their
 * bytes go after commit), or null when it was no longer deletable. A refusal to accept held for its signature has not
 * been issued: it goes with the statement (docs/product.md «Signatures»).
 */
export async function deleteSentStatement(db: Db, id: number): Promise<string[] | null> {
  const keys = await db
    .selectFrom('files')
    .innerJoin('stages', 'stages.id', 'files.stage_id')
    .select('files.storage_key')
    .where('stages.statement_id', '=', id)
    .execute();
  const deleted = await db
    .deleteFrom('statements')
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .where('examiner_id', 'is', null)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return null;
  return keys.map((row) => row.storage_key);
}
