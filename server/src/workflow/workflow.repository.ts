import { sql } from 'kysely';
import type { PowerOfAttorneyEvent, StatementStatus } from '#domain/contract.ts';
import { type Db, isPostgres } from '../db/database.ts';
import { DECISION_FACTS, registrySearchText } from '../db/decision-snapshot.ts';
import { FILE_COLUMNS } from '../db/file-columns.ts';
import { joinedStatements } from '../db/statement-joins.ts';

// How a statement moves, and what records it: the one conditional change of its status and examiner, its rounds
// (stages) and their files, its history, its review term, the decision's snapshot and the refusal's grounds.

/**
 * Keeps what a decision (an approval, a refusal or a refusal to accept) was about as it is now, in the deciding
 * transaction: the object with its category and work type, the company with its requisites, the examiner and the
 * committee (the public check and the public register show these, never later edits). A refusal reversed by an upheld
 * appeal is decided anew: its snapshot is replaced.
 */
export async function saveDecisionSnapshot(
  db: Db,
  statementId: number,
  outcome: 'approved' | 'rejected' | 'not_accepted',
  at: string,
): Promise<void> {
  const columns = [
    ...DECISION_FACTS,
    'category_object_id',
    'category_name',
    'work_type_id',
    'work_type_name',
    'outcome',
    'decided_at',
    'left_at',
  ] as const;
  await db
    .insertInto('decision_snapshots')
    .columns(columns)
    .expression((eb) =>
      decisionFacts(db, statementId).select([
        's.category_object_id',
        'category.name as category_name',
        's.work_type_id',
        'work.name as work_type_name',
        eb.val(outcome).as('outcome'),
        eb.val(at).as('decided_at'),
        eb.val<string | null>(null).as('left_at'),
      ]),
    )
    .onConflict((oc) =>
      oc
        .column('statement_id')
        .doUpdateSet((eb) =>
          Object.fromEntries(columns.filter((c) => c !== 'statement_id').map((c) => [c, eb.ref(`excluded.${c}`)])),
        ),
    )
    .execute();
  const saved = await db
    .selectFrom('decision_snapshots as d')
    .innerJoin('statements as s', 's.id', 'd.statement_id')
    .select(['s.visible_id', 'd.address', 'd.cadastral_number', 'd.company_name', 'd.company_inn'])
    .where('d.statement_id', '=', statementId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('decision_snapshots')
    .set({
      search_text: registrySearchText({
        visibleId: saved.visible_id,
        address: saved.address,
        cadastralNumber: saved.cadastral_number,
        companyName: saved.company_name,
        companyInn: saved.company_inn,
      }),
    })
    .where('statement_id', '=', statementId)
    .execute();
}

/** The statement's decision snapshot marked as left at `at` (it moved away from that decision): out of the register. */
export async function leaveDecision(db: Db, statementId: number, at: string): Promise<void> {
  await db
    .updateTable('decision_snapshots')
    .set({ left_at: at })
    .where('statement_id', '=', statementId)
    .where('left_at', 'is', null)
    .execute();
}

/** What a decision on the statement is about, as it is now (a decision snapshot keeps these). */
function decisionFacts(db: Db, statementId: number) {
  return joinedStatements(db)
    .select([
      's.id as statement_id',
      's.object_name',
      's.address',
      's.cadastral_number',
      'c.legal_entity as company_name',
      'c.inn as company_inn',
      'c.kpp as company_kpp',
      'c.ogrn as company_ogrn',
      'examiner.fio as examiner_fio',
      'instance.name as committee',
    ])
    .where('s.id', '=', statementId);
}

/** What a decision on the statement is about: as it was when taken (its snapshot), or as it is now. */
export async function findDecisionFacts(db: Db, statementId: number, taken: boolean) {
  const snapshot = taken
    ? await db
        .selectFrom('decision_snapshots')
        .select(DECISION_FACTS)
        .where('statement_id', '=', statementId)
        .executeTakeFirst()
    : undefined;
  return snapshot ?? decisionFacts(db, statementId).executeTakeFirst();
}

/** The bare row of a statement (status, company, examiner): for the rules, not for replies. */
export function findStatementRow(db: Db, id: number) {
  return db
    .selectFrom('statements')
    .select([
      'id',
      'visible_id',
      'company_id',
      'status',
      'examiner_id',
      'object_name',
      'category_object_id',
      'term_start',
      'term_days',
      'held_status',
      'held_note',
      'date_create',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface StatusMove {
  id: number;
  from: StatementStatus;
  to: StatementStatus;
  at: string;
  /** Only when the statement is assigned to this examiner (null: to none, the head's queue). */
  examinerId?: number | null;
  /** Assign this examiner (taking into work); only when none is assigned yet. */
  assignExaminerId?: number;
  /** Hand the statement to this examiner (the head's reassignment); only together with `examinerId`, the current one. */
  handOverTo?: number;
  /** Give the statement to this examiner whoever had it (an upheld appeal returns a refusal for review). */
  reviewBy?: number;
  /**
   * A decision awaiting its signature (docs/product.md «Signatures»): `hold` records `to` as held and moves nothing
   * the company reads (the status, the last update and the examiner stay); `release` moves to the held `to`. Any
   * other move waits for a held decision's release.
   */
  held?: 'hold' | 'release';
  /**
   * The held decision this move drops unissued (a withdrawal before its signature): the move happens only while that
   * decision is still held, and clears it. Without it, and without `held`, only while nothing is held.
   */
  discarding?: HeldDecision;
  /** Why the decision came while conclusions were awaited or over a 'Не согласовано' (JSON): kept while it is held. */
  note?: string | null;
}

/** A decision that may wait for its signature (`statements.held_status`). */
export type HeldDecision = 'approved' | 'rejected' | 'not_accepted';

/**
 * Whether an examiner given a statement is still active, their row locked for the caller's transaction on PostgreSQL
 * (shared): a deactivation (docs/product.md «Administration») either committed first, and the statement is not given
 * to them, or waits for this change and then hands the statement to the head's queue with their others.
 */
async function examinerStillActive(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .$if(isPostgres(db), (query) => query.forShare())
    .executeTakeFirst();
  return row !== undefined;
}

/** The one conditional status change: true when the statement was in `from` (and matched) and moved. */
export async function moveStatus(db: Db, move: StatusMove): Promise<boolean> {
  const given = move.assignExaminerId ?? move.handOverTo ?? move.reviewBy;
  if (given !== undefined && !(await examinerStillActive(db, given))) return false;
  const decision = move.to as 'approved' | 'rejected' | 'not_accepted';
  let query = db
    .updateTable('statements')
    .set(
      move.held === 'hold'
        ? { held_status: decision, held_note: move.note ?? null }
        : {
            status: move.to,
            last_update: move.at,
            held_status: null,
            held_note: null,
            ...(move.assignExaminerId === undefined ? {} : { examiner_id: move.assignExaminerId }),
            ...(move.handOverTo === undefined ? {} : { examiner_id: move.handOverTo }),
            ...(move.reviewBy === undefined ? {} : { examiner_id: move.reviewBy }),
          },
    )
    .where('id', '=', move.id)
    .where('status', '=', move.from);
  query =
    move.held === 'release'
      ? query.where('held_status', '=', decision)
      : move.discarding
        ? query.where('held_status', '=', move.discarding)
        : query.where('held_status', 'is', null);
  if (move.examinerId === null) query = query.where('examiner_id', 'is', null);
  else if (move.examinerId !== undefined) query = query.where('examiner_id', '=', move.examinerId);
  if (move.assignExaminerId !== undefined) query = query.where('examiner_id', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new review term from a receipt (a new version): its start and its length as configured now. */
export async function startTerm(db: Db, id: number, at: string, days: number): Promise<void> {
  await db.updateTable('statements').set({ term_start: at, term_days: days }).where('id', '=', id).execute();
}

interface StageAuthor {
  id: number;
  fio: string | null;
  phone: string | null;
  position: string | null;
  email: string | null;
}

interface NewStage {
  statementId: number;
  author: StageAuthor;
  /** The committee's reply (an examiner's stage), not the company's submission. */
  byCommittee: boolean;
  status: StatementStatus;
  comment: string | null;
  at: string;
}

/** A stage numbered after the statement's last one, keeping its author as they are now. */
export async function insertStage(db: Db, stage: NewStage): Promise<{ id: number; n: number }> {
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
      is_government_agency: stage.byCommittee,
      status: stage.status,
      comment: stage.comment,
      date_create: stage.at,
    })
    .returning(['id', 'n'])
    .executeTakeFirstOrThrow();
  return { id: row.id, n: Number(row.n) };
}

interface NewHistoryEntry {
  statementId: number;
  from: StatementStatus | null;
  to: StatementStatus;
  /** Who made the change; null for the console (the admin CLI). */
  actor: { id: number; fio: string | null } | null;
  at: string;
  /** For a change that stopped a running review term: its due date and whether the change came in time. */
  term?: { dueDate: string; onTime: boolean } | null;
  /** The head's assignment this change is (the examiner as they were, the comment). */
  assignment?: { examinerId: number; examinerName: string | null; comment: string | null };
  /** The upheld appeal this change is, and the examiner who reviews again (as they were). */
  appeal?: { appealId: number; examinerId: number; examinerName: string | null };
  /** The deactivated examiner whose statement this entry returns to the head's queue (as they were). */
  release?: { examinerId: number; examinerName: string | null };
  /** The change of a power of attorney the statement's signatures rely on (its number as it was). */
  powerOfAttorney?: { id: number; number: string; event: PowerOfAttorneyEvent; note: string | null };
  /** The held decision this change dropped unissued (`discardHeldRound`). */
  discardedDecision?: HeldDecision;
  /** Why a decision came while conclusions were awaited or over a 'Не согласовано' (JSON `{ kind, text }`). */
  conclusionsNote?: string | null;
}

export async function insertHistory(db: Db, entry: NewHistoryEntry): Promise<void> {
  await db
    .insertInto('status_history')
    .values({
      statement_id: entry.statementId,
      from_status: entry.from,
      to_status: entry.to,
      user_id: entry.actor?.id ?? null,
      actor_name: entry.actor?.fio ?? null,
      changed_at: entry.at,
      term_due_date: entry.term?.dueDate ?? null,
      term_on_time: entry.term ? entry.term.onTime : null,
      assignee_id: entry.assignment?.examinerId ?? entry.appeal?.examinerId ?? null,
      assignee_name: entry.assignment?.examinerName ?? entry.appeal?.examinerName ?? null,
      assign_comment: entry.assignment?.comment ?? null,
      appeal_id: entry.appeal?.appealId ?? null,
      released_examiner_id: entry.release?.examinerId ?? null,
      released_examiner_name: entry.release?.examinerName ?? null,
      power_of_attorney_id: entry.powerOfAttorney?.id ?? null,
      power_of_attorney_number: entry.powerOfAttorney?.number ?? null,
      power_of_attorney_event: entry.powerOfAttorney?.event ?? null,
      power_of_attorney_note: entry.powerOfAttorney?.note ?? null,
      discarded_decision: entry.discardedDecision ?? null,
      conclusions_note: entry.conclusionsNote ?? null,
    })
    .execute();
}

/**
 * The stored signature verdicts of a company's statements in these statuses that name some power of attorney, with
 * their statement: the caller reads which МЧД each relies on.
 */
export function listRepresentedSignatures(db: Db, companyId: number, statuses: readonly StatementStatus[]) {
  return db
    .selectFrom('files')
    .innerJoin('stages', 'stages.id', 'files.stage_id')
    .innerJoin('statements', 'statements.id', 'stages.statement_id')
    .select(['statements.id as statement_id', 'statements.status', 'files.signature_check'])
    .where('statements.company_id', '=', companyId)
    .where('statements.status', 'in', [...statuses])
    .where('files.signature_check', 'like', '%"powerOfAttorney"%')
    .orderBy('statements.id')
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

/** The files of these stages, in upload order. */
export function listStageFiles(db: Db, stageIds: readonly number[]) {
  if (stageIds.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom('files')
      .select(['stage_id', ...FILE_COLUMNS])
      .where('stage_id', 'in', [...stageIds])
      // A corrected certificate shows with its correction (docs/product.md «The regulation's procedures»), an
      // appeal's files and answer with the appeal («Appeals»).
      .where('correction_id', 'is', null)
      .where('appeal_id', 'is', null)
      // A body's conclusion shows with its request («Conclusions»).
      .where('conclusion_id', 'is', null)
      // The approved set's files show with the set («The approved set»).
      .where('approved_set', 'is', null)
      .orderBy('id')
      .execute()
  );
}

/** The author of a statement's first stage (who may delete it with the owner). */
export async function findFirstApplicantId(db: Db, statementId: number): Promise<number | null> {
  const row = await db
    .selectFrom('stages')
    .select('applicant_id')
    .where('statement_id', '=', statementId)
    .where('n', '=', 1)
    .executeTakeFirst();
  return row?.applicant_id ?? null;
}

/** Forgets the grounds of a refusal an upheld appeal cancelled (its letter keeps them); a new refusal gives its own. */
export async function deleteStatementRefusalGrounds(db: Db, statementId: number): Promise<void> {
  await db.deleteFrom('statement_refusal_grounds').where('statement_id', '=', statementId).execute();
}

/** Keeps the grounds a refusal gave, as worded now, in the examiner's order. */
export async function insertStatementRefusalGrounds(
  db: Db,
  statementId: number,
  grounds: ReadonlyArray<{ id: number; name: string; legalBasis: string }>,
): Promise<void> {
  await db
    .insertInto('statement_refusal_grounds')
    .values(
      grounds.map((ground, index) => ({
        statement_id: statementId,
        position: index + 1,
        ground_id: ground.id,
        name: ground.name,
        legal_basis: ground.legalBasis,
      })),
    )
    .execute();
}

/** The grounds a refusal of the statement gave, in their order. */
export function listStatementRefusalGrounds(db: Db, statementId: number) {
  return db
    .selectFrom('statement_refusal_grounds')
    .select(['ground_id', 'name', 'legal_basis'])
    .where('statement_id', '=', statementId)
    .orderBy('position')
    .execute();
}

/** The round a refusal made: who gave it, what they explained and when. */
export function findRefusalStage(db: Db, stageId: number) {
  return db
    .selectFrom('stages')
    .select(['id', 'statement_id', 'applicant_name', 'comment', 'date_create'])
    .where('id', '=', stageId)
    .executeTakeFirst();
}

/**
 * A deactivated examiner's statements in work (these statuses) lose their examiner: they wait in the head's queue
 * for reassignment. Returns them with the status each stays in. On PostgreSQL a reply racing with it either
 * committed first (the statement is handed over in its new status, or kept by a decision) or finds no longer its
 * examiner and is refused.
 */
export async function releaseExaminerStatements(
  db: Db,
  examinerId: number,
  statuses: readonly StatementStatus[],
  at: string,
): Promise<Array<{ id: number; status: StatementStatus }>> {
  const rows = await db
    .updateTable('statements')
    .set({ examiner_id: null, last_update: at })
    .where('examiner_id', '=', examinerId)
    .where('status', 'in', [...statuses])
    .returning(['id', 'status'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * The statements holding a decision this examiner made (their held round is the last, by them), with the status each
 * keeps and the decision held: what a deactivation drops unissued.
 */
export function listHeldDecisionsBy(db: Db, examinerId: number) {
  return db
    .selectFrom('statements as s')
    .innerJoin('stages as held', (join) =>
      join.onRef('held.statement_id', '=', 's.id').on('held.n', '=', (eb) =>
        eb
          .selectFrom('stages as last')
          .select((inner) => inner.fn.max('last.n').as('n'))
          .whereRef('last.statement_id', '=', 's.id'),
      ),
    )
    .select(['s.id', 's.status', 's.held_status'])
    .where('s.held_status', 'is not', null)
    .where('held.applicant_id', '=', examinerId)
    .orderBy('s.id')
    .execute();
}

/** The statement's latest round of this decision: a held decision's, to drop unissued. */
export async function findHeldRound(db: Db, statementId: number, decision: HeldDecision): Promise<number | null> {
  const round = await db
    .selectFrom('stages')
    .select('id')
    .where('statement_id', '=', statementId)
    .where('status', '=', decision)
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  return round?.id ?? null;
}

/** Removes a round whose files are gone (`files/stage-files.ts:forgetRoundFiles`). */
export async function deleteStage(db: Db, stageId: number): Promise<void> {
  await db.deleteFrom('stages').where('id', '=', stageId).execute();
}

/** Clears a statement's held decision (dropped unissued): the status, the last update and the examiner stay. */
export async function clearHeldDecision(db: Db, statementId: number, decision: HeldDecision): Promise<boolean> {
  const result = await db
    .updateTable('statements')
    .set({ held_status: null })
    .where('id', '=', statementId)
    .where('held_status', '=', decision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The certificate attached to the statement's approval after it was given (its file is younger than its round): when,
 * and the approving examiner's name as the round keeps it; undefined otherwise.
 */
export function findLateCertificate(db: Db, statementId: number, fileName: string) {
  return db
    .selectFrom('files')
    .innerJoin('stages', 'stages.id', 'files.stage_id')
    .select(['files.file_name', 'files.created_at', 'stages.applicant_name'])
    .where('stages.statement_id', '=', statementId)
    .where('stages.is_government_agency', '=', true)
    .where('stages.status', '=', 'approved')
    .where('files.file_name', '=', fileName)
    .where('files.correction_id', 'is', null)
    .where('files.appeal_id', 'is', null)
    .where('files.conclusion_id', 'is', null)
    .where('files.signs_file_id', 'is', null)
    .whereRef('files.created_at', '>', 'stages.date_create')
    .orderBy('files.id', 'desc')
    .executeTakeFirst();
}
