import type { Db } from './database.ts';

// What the rest of the portal asks of the conclusions of reviewing bodies (docs/product.md «Conclusions»), read here
// so that the decision's procedure (workflow), the downloads (files) and the conclusions area share it without
// importing each other: which bodies are still silent, whether a version met a 'Не согласовано', who of an outside body
// may read a statement's files, the asking again on a new version, and the closing of what is left unanswered when the
// review ends.

/** The names of the bodies whose request on the statement is still unanswered, by name. */
export async function silentBodies(db: Db, statementId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('conclusions as c')
    .innerJoin('review_bodies as b', 'b.id', 'c.body_id')
    .select('b.name')
    .where('c.statement_id', '=', statementId)
    .where('c.status', '=', 'requested')
    .orderBy('b.name')
    .execute();
  return rows.map((row) => row.name);
}

/**
 * A request as a remark proposed on it needs it: its statement, whether it still waits for its answer, and whether
 * the user is a member of its body; undefined for an id of no request.
 */
export async function requestForProposals(db: Db, conclusionId: number, userId: number) {
  const row = await db
    .selectFrom('conclusions as c')
    .leftJoin('review_body_members as m', (join) =>
      join.onRef('m.body_id', '=', 'c.body_id').on('m.user_id', '=', userId),
    )
    .select(['c.id', 'c.statement_id', 'c.status', 'm.user_id'])
    .where('c.id', '=', conclusionId)
    .executeTakeFirst();
  return row && { id: row.id, statementId: row.statement_id, status: row.status, member: row.user_id !== null };
}

/** True when a body answered 'Не согласовано' on the statement's latest version (the company's last round). */
export async function hasDisagreement(db: Db, statementId: number): Promise<boolean> {
  const row = await db
    .selectFrom('conclusions')
    .select('id')
    .where('statement_id', '=', statementId)
    .where('round', '=', (eb) =>
      eb
        .selectFrom('stages')
        .select((inner) => inner.fn.max('n').as('n'))
        .where('statement_id', '=', statementId)
        .where('is_government_agency', '=', false),
    )
    .where('status', '=', 'answered')
    .where('verdict', '=', 'not_agreed')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a member of outside bodies may read a file of a statement: the statement has a request to one of their
 * bodies, and the file is a document of a round or an answer of their own body (never an appeal's, a correction's or
 * another body's).
 */
export async function memberReadsFile(
  db: Db,
  userId: number,
  file: { statement_id: number; appeal_id: number | null; correction_id: number | null; conclusion_id: number | null },
): Promise<boolean> {
  if (file.appeal_id !== null || file.correction_id !== null) return false;
  let query = db
    .selectFrom('conclusions as c')
    .innerJoin('review_body_members as m', 'm.body_id', 'c.body_id')
    .select('c.id')
    .where('m.user_id', '=', userId)
    .where('c.statement_id', '=', file.statement_id);
  if (file.conclusion_id !== null) {
    const answered = file.conclusion_id;
    query = query.where((eb) =>
      eb('c.body_id', '=', eb.selectFrom('conclusions').select('body_id').where('id', '=', answered)),
    );
  }
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Asks again, on the new version `round`, every body whose last answer on the statement was not 'Согласовано', with
 * its question and term, from `at`; requests still unanswered carry over as they are. Returns the new requests' bodies.
 */
export async function askAgainOnNewVersion(db: Db, statementId: number, round: number, at: string): Promise<number[]> {
  const rows = await db
    .selectFrom('conclusions')
    .select(['id', 'body_id', 'verdict', 'status', 'question', 'due_days', 'requested_by', 'requester_name'])
    .where('statement_id', '=', statementId)
    .where('status', '!=', 'withdrawn')
    .orderBy('id')
    .execute();
  const last = new Map<number, (typeof rows)[number]>();
  for (const row of rows) last.set(row.body_id, row);
  const again = [...last.values()].filter((row) => row.status === 'answered' && row.verdict !== 'agreed');
  for (const row of again) {
    await db
      .insertInto('conclusions')
      .values({
        statement_id: statementId,
        body_id: row.body_id,
        round,
        question: row.question,
        due_days: row.due_days,
        status: 'requested',
        requested_by: row.requested_by,
        requester_name: row.requester_name,
        requested_at: at,
      })
      .execute();
  }
  return again.map((row) => row.body_id);
}

/**
 * Closes the statement's unanswered requests with this reason (the statement's review ended without them: a decision
 * made anyway, or the applicant's withdrawal), in the caller's transaction. Answers each closed request's body and
 * the body's active members, to be told.
 */
export async function closeOpenRequests(
  db: Db,
  statementId: number,
  reason: string,
  at: string,
): Promise<{ bodyName: string; memberIds: number[] }[]> {
  const closed = await db
    .updateTable('conclusions')
    .set({ status: 'withdrawn', withdrawn_reason: reason, withdrawn_at: at })
    .where('statement_id', '=', statementId)
    .where('status', '=', 'requested')
    .returning('body_id')
    .execute();
  const bodyIds = [...new Set(closed.map((row) => row.body_id))];
  if (bodyIds.length === 0) return [];
  const bodies = await db
    .selectFrom('review_bodies')
    .select(['id', 'name'])
    .where('id', 'in', bodyIds)
    .orderBy('name')
    .execute();
  const told: { bodyName: string; memberIds: number[] }[] = [];
  for (const body of bodies) {
    const members = await listActiveMemberIds(db, body.id);
    told.push({ bodyName: body.name, memberIds: members.map((member) => member.id) });
  }
  return told;
}

/** The active members of a body, as announcements need them. */
export function listActiveMemberIds(db: Db, bodyId: number) {
  return db
    .selectFrom('review_body_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.id')
    .where('m.body_id', '=', bodyId)
    .where('u.removed_at', 'is', null)
    .execute();
}

/** The answered requests of a statement, in answering order, as the letters list them (#domain/conclusions.ts). */
export async function answeredConclusions(db: Db, statementId: number) {
  const rows = await db
    .selectFrom('conclusions as c')
    .innerJoin('review_bodies as b', 'b.id', 'c.body_id')
    .select(['c.body_id', 'b.name', 'c.verdict', 'c.answered_at'])
    .where('c.statement_id', '=', statementId)
    .where('c.status', '=', 'answered')
    .orderBy('c.answered_at')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    body: { id: row.body_id, name: row.name },
    status: 'answered' as const,
    verdict: row.verdict,
    answeredAt: row.answered_at,
  }));
}

/**
 * What the team's workload counts of the reviewing bodies: every active body, the unanswered requests on statements
 * under review (with their terms), and the answers given since `since`.
 */
export async function bodiesWorkload(db: Db, since: string) {
  const [bodies, open, answers] = await Promise.all([
    db
      .selectFrom('review_bodies')
      .select(['id', 'name', 'kind'])
      .where('retired_at', 'is', null)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('conclusions as c')
      .innerJoin('statements as s', 's.id', 'c.statement_id')
      .select(['c.body_id', 'c.requested_at', 'c.due_days'])
      .where('c.status', '=', 'requested')
      .where('s.status', '=', 'under_review')
      .execute(),
    db
      .selectFrom('conclusions')
      .select(['body_id', 'answered_at'])
      .where('status', '=', 'answered')
      .where('answered_at', '>=', since)
      .execute(),
  ]);
  return { bodies, open, answers };
}

/** Of the given statements, those asked about one of the member's bodies: what an outside body's staff may learn of. */
export async function statementsAskedOfMember(
  db: Db,
  userId: number,
  statementIds: readonly number[],
): Promise<Set<number>> {
  if (statementIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('conclusions as c')
    .innerJoin('review_body_members as m', 'm.body_id', 'c.body_id')
    .select('c.statement_id')
    .distinct()
    .where('m.user_id', '=', userId)
    .where('c.statement_id', 'in', [...new Set(statementIds)])
    .execute();
  return new Set(rows.map((row) => row.statement_id));
}
