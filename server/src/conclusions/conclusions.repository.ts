import type { ConclusionVerdict, ReviewBodyKind } from '#domain/contract.ts';
import type { Db } from '../db/database.ts';
import { FILE_COLUMNS } from '../db/file-columns.ts';

// The catalogue of reviewing bodies, their members, and the requests for their conclusions (docs/product.md
// «Conclusions»): all the SQL of the conclusions area.

const BODY_COLUMNS = ['id', 'name', 'kind', 'term_days', 'instance_id', 'retired_at'] as const;

/** Every body: active first, then by name. */
export function listBodies(db: Db) {
  return db
    .selectFrom('review_bodies')
    .select(BODY_COLUMNS)
    .orderBy((eb) => eb.case().when('retired_at', 'is', null).then(0).else(1).end())
    .orderBy('name')
    .execute();
}

export function findBody(db: Db, id: number) {
  return db.selectFrom('review_bodies').select(BODY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findBodyByName(db: Db, name: string) {
  return db.selectFrom('review_bodies').select('id').where('name', '=', name).executeTakeFirst();
}

/** The active bodies among these ids. */
export function listActiveBodies(db: Db, ids?: readonly number[]) {
  let query = db.selectFrom('review_bodies').select(BODY_COLUMNS).where('retired_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : [0]);
  return query.orderBy('name').execute();
}

export async function insertBody(
  db: Db,
  body: { name: string; kind: ReviewBodyKind; termDays: number; instanceId: number | null; at: string },
): Promise<number> {
  const row = await db
    .insertInto('review_bodies')
    .values({
      name: body.name,
      kind: body.kind,
      term_days: body.termDays,
      instance_id: body.instanceId,
      created_at: body.at,
      retired_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBody(
  db: Db,
  id: number,
  patch: { name?: string; termDays?: number; retiredAt?: string | null },
): Promise<void> {
  await db
    .updateTable('review_bodies')
    .set({
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.termDays === undefined ? {} : { term_days: patch.termDays }),
      ...(patch.retiredAt === undefined ? {} : { retired_at: patch.retiredAt }),
    })
    .where('id', '=', id)
    .execute();
}

/** Gives a body the instance its staff belong to. */
export async function setBodyInstance(db: Db, id: number, instanceId: number): Promise<void> {
  await db.updateTable('review_bodies').set({ instance_id: instanceId }).where('id', '=', id).execute();
}

/** The members of these bodies with their contacts, by name. */
export function listMembers(db: Db, bodyIds: readonly number[]) {
  if (bodyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('review_body_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.body_id', 'u.id', 'u.fio', 'u.email', 'u.position', 'u.role', 'u.removed_at'])
    .where('m.body_id', 'in', [...bodyIds])
    .orderBy('u.fio')
    .orderBy('u.id')
    .execute();
}

export async function insertMember(db: Db, bodyId: number, userId: number, at: string): Promise<void> {
  await db
    .insertInto('review_body_members')
    .values({ body_id: bodyId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['body_id', 'user_id']).doNothing())
    .execute();
}

export async function deleteMember(db: Db, bodyId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('review_body_members')
    .where('body_id', '=', bodyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The bodies a user belongs to. */
export async function bodyIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('review_body_members').select('body_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.body_id);
}

/** A user by e-mail among active ones, with what the membership rules need. */
export function findActiveUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'fio', 'email', 'role', 'instance_id'])
    .where('email', '=', email)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

const CONCLUSION_COLUMNS = [
  'c.id',
  'c.statement_id',
  'c.body_id',
  'c.round',
  'c.question',
  'c.due_days',
  'c.status',
  'c.requester_name',
  'c.requested_at',
  'c.verdict',
  'c.text',
  'c.answerer_name',
  'c.answered_at',
  'c.withdrawn_reason',
  'b.name as body_name',
  'b.kind as body_kind',
  'b.term_days as body_term_days',
] as const;

function conclusionsQuery(db: Db) {
  return db
    .selectFrom('conclusions as c')
    .innerJoin('review_bodies as b', 'b.id', 'c.body_id')
    .select(CONCLUSION_COLUMNS);
}

export type ConclusionRow = Awaited<ReturnType<typeof findConclusion>> & {};

/** A statement's requests, oldest first. */
export function listStatementConclusions(db: Db, statementId: number) {
  return conclusionsQuery(db).where('c.statement_id', '=', statementId).orderBy('c.id').execute();
}

export function findConclusion(db: Db, id: number) {
  return conclusionsQuery(db).where('c.id', '=', id).executeTakeFirst();
}

/** The requests to these bodies, each with its statement. */
export function listBodiesConclusions(db: Db, bodyIds: readonly number[]) {
  if (bodyIds.length === 0) return Promise.resolve([]);
  return conclusionsQuery(db)
    .innerJoin('statements as s', 's.id', 'c.statement_id')
    .select(['s.visible_id', 's.object_name', 's.address', 's.status as statement_status', 's.examiner_id'])
    .where('c.body_id', 'in', [...bodyIds])
    .orderBy('c.id', 'desc')
    .execute();
}

/** Whether a body has an unanswered request on the statement. */
export async function hasOpenRequest(db: Db, statementId: number, bodyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('conclusions')
    .select('id')
    .where('statement_id', '=', statementId)
    .where('body_id', '=', bodyId)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertConclusion(
  db: Db,
  request: {
    statementId: number;
    bodyId: number;
    round: number;
    question: string;
    dueDays: number;
    by: { id: number; fio: string | null };
    at: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('conclusions')
    .values({
      statement_id: request.statementId,
      body_id: request.bodyId,
      round: request.round,
      question: request.question,
      due_days: request.dueDays,
      status: 'requested',
      requested_by: request.by.id,
      requester_name: request.by.fio,
      requested_at: request.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records the answer of a request still unanswered; false when it was answered or withdrawn meanwhile. */
export async function recordAnswer(
  db: Db,
  id: number,
  answer: { verdict: ConclusionVerdict; text: string | null; by: { id: number; fio: string | null }; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('conclusions')
    .set({
      status: 'answered',
      verdict: answer.verdict,
      text: answer.text,
      answered_by: answer.by.id,
      answerer_name: answer.by.fio,
      answered_at: answer.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Withdraws a request still unanswered; false when it was answered or withdrawn meanwhile. */
export async function recordWithdrawal(db: Db, id: number, reason: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('conclusions')
    .set({ status: 'withdrawn', withdrawn_reason: reason, withdrawn_at: at })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The files answering these requests, in upload order. */
export function listConclusionFiles(db: Db, conclusionIds: readonly number[]) {
  if (conclusionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('files')
    .select(['conclusion_id', ...FILE_COLUMNS])
    .where('conclusion_id', 'in', [...conclusionIds])
    .orderBy('id')
    .execute();
}

/** The documents of a statement's round `n` (with their signature files), in upload order. */
export function listRoundFiles(db: Db, statementId: number, n: number) {
  return db
    .selectFrom('files')
    .innerJoin('stages', 'stages.id', 'files.stage_id')
    .select(FILE_COLUMNS.map((column) => `files.${column}` as const))
    .where('stages.statement_id', '=', statementId)
    .where('stages.n', '=', n)
    .where('files.correction_id', 'is', null)
    .where('files.appeal_id', 'is', null)
    .where('files.conclusion_id', 'is', null)
    .orderBy('files.id')
    .execute();
}

/** The statement's last round: its stage id and number. */
export function findLastStage(db: Db, statementId: number) {
  return db
    .selectFrom('stages')
    .select(['id', 'n'])
    .where('statement_id', '=', statementId)
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The latest round the company filed (the version a body is asked about). */
export function findLastCompanyRound(db: Db, statementId: number) {
  return db
    .selectFrom('stages')
    .select(['id', 'n'])
    .where('statement_id', '=', statementId)
    .where('is_government_agency', '=', false)
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every unanswered request on a statement still under review, with its body's name, for the overdue figure. */
export function listOpenRequests(db: Db) {
  return db
    .selectFrom('conclusions as c')
    .innerJoin('review_bodies as b', 'b.id', 'c.body_id')
    .innerJoin('statements as s', 's.id', 'c.statement_id')
    .select(['b.name as body_name', 'c.requested_at', 'c.due_days'])
    .where('c.status', '=', 'requested')
    .where('s.status', '=', 'under_review')
    .execute();
}

/**
 * Unanswered requests on statements under review that nobody was reminded of yet, with what the reminder names:
 * the body, the statement and its examiner.
 */
export function listUnremindedOpenRequests(db: Db) {
  return db
    .selectFrom('conclusions as c')
    .innerJoin('review_bodies as b', 'b.id', 'c.body_id')
    .innerJoin('statements as s', 's.id', 'c.statement_id')
    .select([
      'c.id',
      'c.body_id',
      'c.requested_at',
      'c.due_days',
      'b.name as body_name',
      's.id as statement_id',
      's.visible_id',
      's.object_name',
      's.examiner_id',
    ])
    .where('c.status', '=', 'requested')
    .where('c.overdue_reminded_at', 'is', null)
    .where('s.status', '=', 'under_review')
    .orderBy('c.id')
    .execute();
}

/** Claims a request's overdue reminder: true for the one caller whose update set it, false when it was claimed before. */
export async function claimOverdueReminder(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('conclusions')
    .set({ overdue_reminded_at: at })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .where('overdue_reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
