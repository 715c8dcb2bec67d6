import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { batches, isPostgres } from '../db/database.ts';
import type { RemarkEventKind, RemarkSeverity, RemarkStatus } from '../db/schema.ts';
import type { PageCount } from './page-count.ts';

/** Who changed a remark: their id and name as it is now (kept with the change). */
export interface Actor {
  id: number;
  fio: string | null;
}

const REMARK_COLUMNS = [
  'r.id',
  'r.statement_id',
  'r.number',
  'r.author_id',
  'r.author_name',
  'r.text',
  'r.severity',
  'r.file_id',
  'r.page',
  'r.x',
  'r.y',
  'r.width',
  'r.height',
  'r.status',
  'r.created_at',
  'r.updated_at',
  'r.published_at',
  'r.published_round',
  'r.answer_text',
  'r.answer_round',
  'r.answer_at',
  'r.answer_author',
  'r.resolved',
  'r.resolution_note',
  'r.resolution_at',
  'r.resolution_author',
  'r.resolved_by_decision',
  'r.conclusion_id',
  'f.file_name',
  'b.name as proposed_by_body',
] as const;

/** Statuses of a remark the examiner has not published: their draft, a body's proposal. */
const UNPUBLISHED: RemarkStatus[] = ['draft', 'proposed'];

function selectRemarks(db: Db) {
  return db
    .selectFrom('remarks as r')
    .leftJoin('files as f', 'f.id', 'r.file_id')
    .leftJoin('conclusions as c', 'c.id', 'r.conclusion_id')
    .leftJoin('review_bodies as b', 'b.id', 'c.body_id')
    .select(REMARK_COLUMNS);
}

export type RemarkRow = NonNullable<Awaited<ReturnType<typeof findRemark>>>;

export function findRemark(db: Db, id: number) {
  return selectRemarks(db).where('r.id', '=', id).executeTakeFirst();
}

/**
 * A statement's remarks: the published ones by number, then the drafts of `draftsOf` (none when null) and the
 * proposals of reviewing bodies (`proposals`: every one, those of one request, or none), oldest first.
 */
export function listRemarks(
  db: Db,
  statementId: number,
  draftsOf: number | null,
  proposals: 'all' | { conclusionId: number } | 'none' = 'none',
): Promise<RemarkRow[]> {
  return selectRemarks(db)
    .where('r.statement_id', '=', statementId)
    .where((eb) =>
      eb.or([
        eb('r.status', 'not in', UNPUBLISHED),
        ...(draftsOf === null ? [] : [eb.and([eb('r.status', '=', 'draft'), eb('r.author_id', '=', draftsOf)])]),
        ...(proposals === 'none'
          ? []
          : [
              eb.and([
                eb('r.status', '=', 'proposed'),
                ...(proposals === 'all' ? [] : [eb('r.conclusion_id', '=', proposals.conclusionId)]),
              ]),
            ]),
      ]),
    )
    .orderBy((eb) => eb.case().when('r.number', 'is', null).then(1).else(0).end())
    .orderBy('r.number')
    .orderBy('r.id')
    .execute();
}

/**
 * The statement of a remark change: its status, company and examiner. With `lock` its row is locked until the
 * transaction ends (PostgreSQL), so a remark change and a status change of the statement happen one after the other,
 * never interleaved; SQLite runs one write transaction at a time anyway.
 */
export function findStatementOf(db: Db, statementId: number, lock: boolean) {
  return db
    .selectFrom('statements')
    .select(['id', 'status', 'examiner_id', 'company_id'])
    .where('id', '=', statementId)
    .$if(lock && isPostgres(db), (query) => query.forUpdate())
    .executeTakeFirst();
}

/**
 * How `files.page_count` keeps what a count found, failures included, so a file that cannot be read (or is a bomb)
 * costs its parse once: the pages, 0 for a file that does not open, -1 for one past the parser's limits; null is not
 * counted yet.
 */
const UNREADABLE = 0;
const TOO_COMPLEX = -1;

function pageCountOf(stored: number | null): PageCount | null {
  if (stored === null) return null;
  if (stored === TOO_COMPLEX) return 'too_complex';
  return stored <= UNREADABLE ? 'unreadable' : stored;
}

/** A file of one of the statement's stages, with what a pin needs to know of it. */
export async function findStatementFile(db: Db, statementId: number, fileId: number) {
  const file = await db
    .selectFrom('files as f')
    .innerJoin('stages as s', 's.id', 'f.stage_id')
    .select(['f.id', 'f.storage_key', 'f.file_name', 'f.size', 'f.page_count'])
    .where('f.id', '=', fileId)
    .where('s.statement_id', '=', statementId)
    .executeTakeFirst();
  return file && { ...file, page_count: pageCountOf(file.page_count) };
}

/** A page count in the form the `files` table keeps it. */
export function storedPageCount(pages: PageCount): number {
  return pages === 'too_complex' ? TOO_COMPLEX : pages === 'unreadable' ? UNREADABLE : pages;
}

export interface RemarkFields {
  text: string;
  severity: RemarkSeverity;
  pin: { fileId: number; page: number; x: number; y: number; width: number | null; height: number | null } | null;
}

function pinColumns(pin: RemarkFields['pin']) {
  return {
    file_id: pin?.fileId ?? null,
    page: pin?.page ?? null,
    x: pin?.x ?? null,
    y: pin?.y ?? null,
    width: pin?.width ?? null,
    height: pin?.height ?? null,
  };
}

/** How many remarks a statement holds, drafts of every examiner and published ones. */
export async function countRemarks(db: Db, statementId: number): Promise<number> {
  const row = await db
    .selectFrom('remarks')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('statement_id', '=', statementId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertDraft(
  db: Db,
  draft: RemarkFields & { statementId: number; author: Actor; at: string; proposedOn?: number },
): Promise<number> {
  const row = await db
    .insertInto('remarks')
    .values({
      statement_id: draft.statementId,
      number: null,
      author_id: draft.author.id,
      author_name: draft.author.fio ?? '',
      text: draft.text,
      severity: draft.severity,
      ...pinColumns(draft.pin),
      status: draft.proposedOn === undefined ? 'draft' : 'proposed',
      conclusion_id: draft.proposedOn ?? null,
      created_at: draft.at,
      updated_at: draft.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Saves a draft's new text, severity and pin; false when it is no longer a draft. */
export async function updateDraft(db: Db, id: number, fields: RemarkFields, at: string): Promise<boolean> {
  const result = await db
    .updateTable('remarks')
    .set({ text: fields.text, severity: fields.severity, ...pinColumns(fields.pin), updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The statement's drafts go to another examiner (a reassignment): they may edit, delete and publish them now. */
export async function handOverDrafts(db: Db, statementId: number, toExaminerId: number): Promise<number> {
  const result = await db
    .updateTable('remarks')
    .set({ author_id: toExaminerId })
    .where('statement_id', '=', statementId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes a draft, or a proposal (`status`); false when it is no longer that. */
export async function deleteDraft(db: Db, id: number, status: 'draft' | 'proposed' = 'draft'): Promise<boolean> {
  const result = await db.deleteFrom('remarks').where('id', '=', id).where('status', '=', status).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A body's proposal becomes the examiner's draft, written by them now; false when it is no longer a proposal. */
export async function adoptProposal(db: Db, id: number, examiner: Actor, at: string): Promise<boolean> {
  const result = await db
    .updateTable('remarks')
    .set({ status: 'draft', author_id: examiner.id, author_name: examiner.fio ?? '', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'proposed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function insertRemarkEvent(
  db: Db,
  event: {
    remarkId: number;
    kind: RemarkEventKind;
    at: string;
    actor: Actor | null;
    text?: string | null;
    round?: number | null;
  },
): Promise<void> {
  await db
    .insertInto('remark_events')
    .values({
      remark_id: event.remarkId,
      kind: event.kind,
      at: event.at,
      actor_id: event.actor?.id ?? null,
      actor_name: event.actor?.fio ?? null,
      text: event.text ?? null,
      round: event.round ?? null,
    })
    .execute();
}

/**
 * Publishes every draft of the statement with the rework reply of round `round`: numbers after the highest one given
 * so far (never reused: a published remark is never deleted), oldest draft first. Returns how many.
 */
export async function publishDrafts(
  db: Db,
  statementId: number,
  round: number,
  actor: Actor,
  at: string,
): Promise<number> {
  const highest = await db
    .selectFrom('remarks')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('statement_id', '=', statementId)
    .executeTakeFirst();
  const base = Number(highest?.n ?? 0);
  // Two statements whatever the number of drafts (up to REMARKS_PER_STATEMENT_MAX): one numbers them all, one writes
  // their 'published' events; a statement per draft held the event loop for 150 ms at a thousand.
  const numbered = await sql`
    update remarks
    set number = ordered.n + cast(${base} as integer), status = 'open', published_at = ${at},
      published_round = cast(${round} as integer), updated_at = ${at}
    from (
      select id, row_number() over (order by created_at, id) as n
      from remarks where statement_id = ${statementId} and status = 'draft'
    ) as ordered
    where remarks.id = ordered.id`.execute(db);
  const count = Number(numbered.numAffectedRows ?? 0);
  if (count === 0) return 0;
  await sql`
    insert into remark_events (remark_id, kind, at, actor_id, actor_name, text, round)
    select id, 'published', ${at}, cast(${actor.id} as integer), cast(${actor.fio ?? null} as text), null,
      cast(${round} as integer)
    from remarks
    where statement_id = ${statementId} and published_round = ${round} and status = 'open' and published_at = ${at}
    order by number`.execute(db);
  return count;
}

/** The remarks an answer may go to: published, not resolved. */
export function listAnswerable(db: Db, statementId: number) {
  return db
    .selectFrom('remarks')
    .select(['id', 'number', 'severity', 'status'])
    .where('statement_id', '=', statementId)
    .where('status', 'in', ['open', 'reopened', 'answered'] satisfies RemarkStatus[])
    .orderBy('number')
    .execute();
}

export async function saveAnswer(
  db: Db,
  id: number,
  answer: { text: string; round: number; at: string; author: Actor },
): Promise<void> {
  await db
    .updateTable('remarks')
    .set({
      status: 'answered',
      answer_text: answer.text,
      answer_round: answer.round,
      answer_at: answer.at,
      answer_author: answer.author.fio,
      updated_at: answer.at,
    })
    .where('id', '=', id)
    .execute();
  await insertRemarkEvent(db, {
    remarkId: id,
    kind: 'answered',
    at: answer.at,
    actor: answer.author,
    text: answer.text,
    round: answer.round,
  });
}

/** Resolves ('Снять') or reopens ('Не снято') an answered remark; false when it is not answered any more. */
export async function saveResolution(
  db: Db,
  id: number,
  resolution: { resolved: boolean; note: string | null; at: string; author: Actor },
): Promise<boolean> {
  const result = await db
    .updateTable('remarks')
    .set({
      status: resolution.resolved ? 'resolved' : 'reopened',
      resolved: resolution.resolved,
      resolution_note: resolution.note,
      resolution_at: resolution.at,
      resolution_author: resolution.author.fio,
      resolved_by_decision: false,
      updated_at: resolution.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'answered')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await insertRemarkEvent(db, {
    remarkId: id,
    kind: resolution.resolved ? 'resolved' : 'reopened',
    at: resolution.at,
    actor: resolution.author,
    text: resolution.note,
  });
  return true;
}

/**
 * With a decision, the remarks of these kinds still open close (resolved by the decision: the advisory ones; a
 * withdrawal closes both kinds); drafts and proposals left over go.
 */
export async function closeWithDecision(
  db: Db,
  statementId: number,
  actor: Actor,
  at: string,
  severities: readonly RemarkSeverity[] = ['advisory'],
): Promise<void> {
  await db.deleteFrom('remarks').where('statement_id', '=', statementId).where('status', 'in', UNPUBLISHED).execute();
  const closing = await db
    .selectFrom('remarks')
    .select('id')
    .where('statement_id', '=', statementId)
    .where('severity', 'in', [...severities])
    .where('status', 'in', ['open', 'reopened', 'answered'] satisfies RemarkStatus[])
    .execute();
  for (const remark of closing) {
    await db
      .updateTable('remarks')
      .set({
        status: 'resolved',
        resolved: true,
        resolution_note: null,
        resolution_at: at,
        resolution_author: actor.fio,
        resolved_by_decision: true,
        updated_at: at,
      })
      .where('id', '=', remark.id)
      .execute();
    await insertRemarkEvent(db, { remarkId: remark.id, kind: 'closed', at, actor });
  }
}

/**
 * Published required remarks not resolved, per statement under review or in rework that has any (lists show them;
 * after a decision they no longer wait for anything): few statements at a time are in rework, so one grouped read
 * serves a list of any length.
 */
export async function openRequiredCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('remarks as r')
    .innerJoin('statements as s', 's.id', 'r.statement_id')
    .select(['r.statement_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('r.severity', '=', 'required')
    .where('r.status', 'in', ['open', 'reopened', 'answered'] satisfies RemarkStatus[])
    .where('s.status', 'in', ['under_review', 'has_comments'])
    .groupBy('r.statement_id')
    .execute();
  return new Map(rows.map((row) => [row.statement_id, Number(row.n)]));
}

/** The events of these remarks, oldest first, by remark. */
export async function listRemarkEvents(db: Db, remarkIds: readonly number[]) {
  const events = new Map<number, { kind: RemarkEventKind; at: string; actor: string | null }[]>();
  if (remarkIds.length === 0) return events;
  // In batches: no number of remarks may reach a database's limit on bound values (SQLite's 32,766).
  const rows = [];
  for (const batch of batches(remarkIds)) {
    rows.push(
      ...(await db
        .selectFrom('remark_events')
        .select(['remark_id', 'kind', 'at', 'actor_name'])
        .where('remark_id', 'in', batch)
        .orderBy('at')
        .orderBy('id')
        .execute()),
    );
  }
  for (const row of rows) {
    const list = events.get(row.remark_id) ?? [];
    list.push({ kind: row.kind, at: row.at, actor: row.actor_name });
    events.set(row.remark_id, list);
  }
  return events;
}
