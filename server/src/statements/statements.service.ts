import type {
  AssignStatementInput,
  CompanyStageInput,
  CreateStatementInput,
  ExaminerStageInput,
  RefusalGround,
  RefuseAcceptanceInput,
  SignDecisionInput,
  Stage,
  Statement,
  StatementCounters,
  StatementListItem,
  StatementStatus,
  WithdrawInput,
} from '#domain/contract.ts';
import { REFUSAL_TEXTS } from '#domain/refusals.ts';
import { cadastralNumberProblem } from '#domain/requisites.ts';
import { countByStatus, withTotal } from '#domain/statuses.ts';
import { type ReopenByAppeal, statementAppeals } from '../appeals/appeals.service.ts';
import { groundsByIds, hasCatalogItem } from '../catalogs/catalogs.service.ts';
import { type ServiceContext, withDb } from '../context.ts';
import { correctionsOf } from '../corrections/corrections.service.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import {
  type DeadlineClock,
  deadlineClock,
  deadlineOf,
  intakeDeadlineOf,
  isOverdue,
  loadCalendar,
  termDaysFor,
} from '../deadlines/deadlines.service.ts';
import { intakeTerm, runningTerm, TERM_RUNS_IN, termOutcome } from '../deadlines/term.ts';
import { apiError, fieldError } from '../errors.ts';
import {
  type Announcement,
  recordStatementEvent,
  type StatementEvent,
  sendAnnouncement,
} from '../notifications/notifications.service.ts';
import { attachToStage, forgetUploads } from '../prefiles/prefiles.service.ts';
import {
  answerRemarks,
  closeRemarksWithDecision,
  closeRemarksWithWithdrawal,
  handOverDraftRemarks,
  openRequiredCounts,
  publishWithRework,
  remarksOf,
} from '../remarks/remarks.service.ts';
import { decisionSigned, heldRound, holdsDecision, signDecision } from '../signatures/signed-decisions.ts';
import { checkRoundSignatures, documentsOf, recordRoundSignatures } from '../signatures/signed-uploads.ts';
import { optionalText } from '../text.ts';
import { requireCompanyUser, requireExaminer, requireHead, seesCompany } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { listExaminers } from '../users/users.service.ts';
import { storeRefusalLetter } from './refusal-letters.ts';
import { compareRounds } from './round-changes.ts';
import { findStatementFor } from './statement-access.ts';
import {
  allocateVisibleId,
  countStatementsByStatus,
  deleteSentStatement,
  deleteStatementRefusalGrounds,
  findFirstApplicantId,
  findStatement,
  findStatementRow,
  insertHistory,
  insertStage,
  insertStatement,
  insertStatementRefusalGrounds,
  listHistory,
  listStageFiles,
  listStages,
  listStatementRefusalGrounds,
  listStatements,
  listStatementsByIds,
  listTerms,
  moveStatus,
  type StatementListRow,
  type StatementRow,
  type StatementScope,
  type StatusMove,
  saveDecisionSnapshot,
  saveSubmissionSnapshot,
  startTerm,
} from './statements.repository.ts';

/**
 * Every status change the portal allows (docs/product.md «Statuses and transitions»), in one place: who moves a
 * statement from which status to which. Anything else is a 409.
 */
export const TRANSITIONS = {
  takeIntoWork: { from: ['sent'], to: ['under_review'], by: 'any examiner' },
  assign: { from: ['sent'], to: ['under_review'], by: "the committee's head, for any examiner" },
  reassign: {
    from: ['under_review', 'has_comments'],
    to: ['under_review', 'has_comments'],
    by: "the committee's head (the status stays, the examiner changes)",
  },
  refuseAcceptance: { from: ['sent'], to: ['not_accepted'], by: 'any examiner' },
  reply: { from: ['under_review'], to: ['has_comments', 'approved', 'rejected'], by: 'the assigned examiner' },
  newVersion: { from: ['has_comments'], to: ['under_review'], by: 'a user of the company' },
  withdraw: {
    from: ['sent', 'under_review', 'has_comments'],
    to: ['withdrawn'],
    by: "the first stage's applicant or the owner",
  },
  appealUpheld: {
    from: ['rejected', 'not_accepted'],
    to: ['under_review'],
    by: "the committee's head, only by upholding an appeal against that refusal (docs/product.md «Appeals»)",
  },
} as const satisfies Record<string, { from: readonly StatementStatus[]; to: readonly StatementStatus[]; by: string }>;

const MOVED = 'Статус заявления уже изменился. Обновите страницу.';
const AWAITING_SIGNATURE = 'Решение по заявлению ожидает подписи: сначала его подписывает принявший его эксперт';
const NOT_WITHDRAWABLE = 'Заявление уже нельзя отозвать: рассмотрение завершено';
const NOT_WITHDRAWER = 'Отозвать заявление может только подавший его сотрудник или владелец компании';

function author(actor: UserRow) {
  return { id: actor.id, fio: actor.fio, phone: actor.phone, position: actor.position, email: actor.email };
}

/**
 * Runs a status change with its history, stage, files and notifications in one transaction: the statement moves
 * and everything that records it is written, or nothing is. Mail goes once it committed. The terms move with it: a
 * new version starts a new full review term (its length as configured now), and leaving `sent`/`under_review` stops
 * the running one. The history records the due date of the term the change answered and whether it came in time:
 * the intake check's when an examiner takes a `sent` statement into work or refuses to accept it, the review term's
 * when a decision or a rework stops it; a withdrawal answers none (the committee decided nothing).
 */
async function changeStatus(
  ctx: ServiceContext,
  actor: UserRow,
  move: Omit<StatusMove, 'at'> & { assignment?: HistoryAssignment; appeal?: HistoryAppeal },
  event: StatementEvent,
  explainFailure: (db: Db) => Promise<never>,
  stage?: { byCommittee: boolean; comment: string | null; prefileIds: readonly number[] },
  /**
   * What else moves with the change, in its transaction (the remarks, a refusal's letter), given the new stage's
   * round number and id (0 and null without a stage); may add to the event (how many remarks).
   */
  alongside?: (
    db: Db,
    round: number,
    at: string,
    stageId: number | null,
  ) => Promise<Partial<StatementEvent> | undefined>,
): Promise<void> {
  const at = nowIso(ctx.now());
  const holding = move.held === 'hold';
  const announcement = await ctx.db.transaction().execute(async (trx): Promise<Announcement | null> => {
    if (!(await moveStatus(trx, { ...move, at }))) {
      if (move.held !== 'release' && (await findStatementRow(trx, move.id))?.held_status) {
        throw apiError('invalid_transition', AWAITING_SIGNATURE);
      }
      await explainFailure(trx);
    }
    const row = await findStatementRow(trx, move.id);
    if (!row) throw apiError('not_found', 'Заявление не найдено');
    if (holding) {
      // Held for its signature: only the round and what comes with it are kept; the rest moves on release.
      await keepRound(trx, actor, move, stage, at, alongside);
      return null;
    }
    const before = { ...row, status: move.from };
    const answered =
      move.to === 'withdrawn'
        ? null
        : (intakeTerm(before, ctx.config.intakeTermDays) ??
          (TERM_RUNS_IN.includes(move.to) ? null : runningTerm(before)));
    const term = answered ? termOutcome(await loadCalendar(trx), answered, new Date(at), ctx.config.timeZone) : null;
    if ((move.from === 'has_comments' || move.appeal) && move.to === 'under_review') {
      await startTerm(trx, move.id, at, await termDaysFor(trx, row.category_object_id));
    }
    await insertHistory(trx, {
      statementId: move.id,
      from: move.from,
      to: move.to,
      actor: author(actor),
      at,
      term,
      ...(move.assignment ? { assignment: move.assignment } : {}),
      ...(move.appeal ? { appeal: move.appeal } : {}),
    });
    if (move.to === 'approved' || move.to === 'rejected' || move.to === 'not_accepted') {
      await saveDecisionSnapshot(trx, move.id, move.to, at);
    }
    const more = await keepRound(trx, actor, move, stage, at, alongside);
    return recordStatementEvent(withDb(ctx, trx), { ...event, ...more } as StatementEvent, announced(row), at);
  });
  if (announcement) sendAnnouncement(ctx, announcement);
}

/** The change's round with its files, and what else moves with it (changeStatus's `stage` and `alongside`). */
async function keepRound(
  trx: Db,
  actor: UserRow,
  move: { id: number; to: StatementStatus },
  stage: Parameters<typeof changeStatus>[5],
  at: string,
  alongside: Parameters<typeof changeStatus>[6],
): Promise<Partial<StatementEvent> | undefined> {
  let round = 0;
  let stageId: number | null = null;
  if (stage) {
    const inserted = await insertStage(trx, {
      statementId: move.id,
      author: author(actor),
      byCommittee: stage.byCommittee,
      status: move.to,
      comment: optionalText(stage.comment),
      at,
    });
    round = inserted.n;
    stageId = inserted.id;
    await attachToStage(trx, actor.id, stage.prefileIds, inserted.id, at);
  }
  return alongside ? await alongside(trx, round, at, stageId) : undefined;
}

function announced(row: { id: number; visible_id: number; company_id: number; object_name: string }) {
  return { id: row.id, visibleId: row.visible_id, companyId: row.company_id, objectName: row.object_name };
}

/** Submits a statement (status `sent`) with its first stage and documents; returns its id. */
export async function submitStatement(
  ctx: ServiceContext,
  actor: UserRow,
  input: CreateStatementInput,
): Promise<{ id: number; visibleId: number }> {
  const companyId = requireCompanyUser(actor);
  const objectName = optionalText(input.objectName);
  if (objectName === null) throw apiError('validation_error', 'Укажите наименование объекта');
  if (input.prefileIds.length === 0) throw apiError('validation_error', 'Добавьте хотя бы один файл');
  const categoryObjectId = input.categoryObjectId ?? null;
  const workTypeId = input.catalogWorkTypeId ?? null;
  if (categoryObjectId !== null && !(await hasCatalogItem(ctx, 'catalog_object_types', categoryObjectId))) {
    throw apiError('validation_error', 'Такой категории объекта нет в справочнике');
  }
  if (workTypeId !== null && !(await hasCatalogItem(ctx, 'catalog_work_types', workTypeId))) {
    throw apiError('validation_error', 'Такого типа работ нет в справочнике');
  }
  const cadastralNumber = optionalText(input.cadastralNumber);
  const cadastralProblem = cadastralNumber === null ? null : cadastralNumberProblem(cadastralNumber);
  if (cadastralProblem !== null) throw fieldError('cadastralNumber', cadastralProblem);
  const signatures = await checkRoundSignatures(ctx, actor, { companyId }, input.prefileIds);
  const at = nowIso(ctx.now());
  const created = await ctx.db.transaction().execute(async (trx) => {
    const visibleId = await allocateVisibleId(trx);
    const termDays = await termDaysFor(trx, categoryObjectId);
    const id = await insertStatement(trx, {
      visibleId,
      companyId,
      cipher: optionalText(input.cipher),
      objectName,
      address: optionalText(input.address),
      cadastralNumber,
      categoryObjectId,
      workTypeId,
      at,
      termDays,
    });
    await saveSubmissionSnapshot(trx, id, at);
    await insertHistory(trx, { statementId: id, from: null, to: 'sent', actor: author(actor), at });
    const { id: stageId } = await insertStage(trx, {
      statementId: id,
      author: author(actor),
      byCommittee: false,
      status: 'sent',
      comment: optionalText(input.comment),
      at,
    });
    await attachToStage(trx, actor.id, input.prefileIds, stageId, at);
    await recordRoundSignatures(trx, stageId, signatures);
    const statement = { id, visibleId, companyId, objectName };
    const announcement = await recordStatementEvent(withDb(ctx, trx), { kind: 'submitted' }, statement, at);
    return { id, visibleId, announcement };
  });
  sendAnnouncement(ctx, created.announcement);
  return { id: created.id, visibleId: created.visibleId };
}

/** An examiner takes a `sent` statement into work and becomes its examiner; of two at once exactly one wins. */
export async function takeIntoWork(ctx: ServiceContext, actor: UserRow, statementId: number): Promise<void> {
  requireExaminer(actor);
  const { from, to } = TRANSITIONS.takeIntoWork;
  const move = { id: statementId, from: from[0], to: to[0], assignExaminerId: actor.id };
  await changeStatus(ctx, actor, move, { kind: 'taken' }, async (db) => {
    const row = await findStatementRow(db, statementId);
    if (!row) throw apiError('not_found', 'Заявление не найдено');
    throw apiError('invalid_transition', 'Заявление уже взято в работу');
  });
}

interface HistoryAssignment {
  examinerId: number;
  examinerName: string | null;
  comment: string | null;
}

/** The upheld appeal a change is, and the examiner who reviews the statement again. */
interface HistoryAppeal {
  appealId: number;
  examinerId: number;
  examinerName: string | null;
}

/**
 * An upheld appeal cancels a refusal (docs/product.md «Appeals»): `rejected` or `not_accepted` back to `under_review`
 * with a new review term and the examiner the head chose, the history naming the appeal, the cancelled refusal's
 * grounds forgotten (its letter keeps them), the examiner told; the appeal's decision and answer are written in the
 * same transaction (`alongside`). The appeals area calls it through the route, never importing this area.
 */
export const reopenByAppeal: ReopenByAppeal = async (ctx, actor, reopen, alongside, explainFailure) => {
  requireHead(actor);
  if (!(TRANSITIONS.appealUpheld.from as readonly StatementStatus[]).includes(reopen.from)) {
    throw apiError('invalid_transition', MOVED);
  }
  const examinerId = reopen.examiner.id;
  const move = { id: reopen.statementId, from: reopen.from, to: TRANSITIONS.appealUpheld.to[0], reviewBy: examinerId };
  const appeal = { appealId: reopen.appealId, examinerId, examinerName: reopen.examiner.fio };
  await changeStatus(
    ctx,
    actor,
    { ...move, appeal },
    { kind: 'appeal_upheld', examinerId },
    explainFailure,
    undefined,
    async (db, _round, at) => {
      await deleteStatementRefusalGrounds(db, reopen.statementId);
      await alongside(db, at);
      return undefined;
    },
  );
};

const ASSIGN_TEXTS = {
  noExaminer: 'Такого эксперта нет',
  sameExaminer: 'Заявление уже у этого эксперта',
  decided: 'Заявление уже рассмотрено: назначить эксперта нельзя',
  taken: 'Заявление уже взято в работу. Обновите страницу.',
  changed: 'Заявление уже передано другому эксперту. Обновите страницу.',
} as const;

/**
 * The committee's head assigns a statement to an examiner (docs/product.md «Assigning»): from `sent` it goes to
 * `under_review` with them exactly as if they had taken it (the intake check's outcome in the history); in
 * `under_review` or `has_comments` it is handed to them, the status stays and the previous examiner's drafts go with
 * it. Conditional on the status and the examiner it had: of two heads at once, or a head and an examiner taking it,
 * exactly one wins and the other gets 409 with nothing stored.
 */
export async function assignStatement(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: AssignStatementInput,
): Promise<void> {
  requireHead(actor);
  const row = await findStatementRow(ctx.db, statementId);
  if (!row) throw apiError('not_found', 'Заявление не найдено');
  if (input.currentExaminerId !== undefined && input.currentExaminerId !== row.examiner_id) {
    throw apiError('invalid_transition', ASSIGN_TEXTS.changed);
  }
  const examiner = (await listExaminers(ctx.db)).find((user) => user.id === input.examinerId);
  if (!examiner) throw fieldError('examinerId', ASSIGN_TEXTS.noExaminer);
  const comment = optionalText(input.comment);
  const assignment = { examinerId: examiner.id, examinerName: examiner.fio, comment };
  const event = {
    kind: 'assigned',
    examinerId: examiner.id,
    examinerName: examiner.fio,
    headName: actor.fio,
    comment,
  } as const;
  const explainFailure = async (db: Db): Promise<never> => {
    const now = await findStatementRow(db, statementId);
    if (!now) throw apiError('not_found', 'Заявление не найдено');
    if (row.status === 'sent' && now.examiner_id !== null) throw apiError('invalid_transition', ASSIGN_TEXTS.taken);
    if (now.status === row.status) throw apiError('invalid_transition', ASSIGN_TEXTS.changed);
    throw apiError('invalid_transition', MOVED);
  };
  if ((TRANSITIONS.assign.from as readonly StatementStatus[]).includes(row.status)) {
    const move = { id: statementId, from: row.status, to: TRANSITIONS.assign.to[0], assignExaminerId: examiner.id };
    await changeStatus(ctx, actor, { ...move, assignment }, { ...event, previousExaminerId: null }, explainFailure);
    return;
  }
  if (!(TRANSITIONS.reassign.from as readonly StatementStatus[]).includes(row.status)) {
    throw apiError('invalid_transition', ASSIGN_TEXTS.decided);
  }
  if (row.examiner_id === examiner.id) throw fieldError('examinerId', ASSIGN_TEXTS.sameExaminer);
  // Null: a statement in work whose examiner was deactivated, waiting in the head's queue (docs/product.md
  // «Administration»); it is handed to the new examiner as any other.
  const previous = row.examiner_id;
  const move = { id: statementId, from: row.status, to: row.status, examinerId: previous, handOverTo: examiner.id };
  await changeStatus(
    ctx,
    actor,
    { ...move, assignment },
    { ...event, previousExaminerId: previous },
    explainFailure,
    undefined,
    async (db) => {
      await handOverDraftRemarks(db, statementId, examiner.id);
      return undefined;
    },
  );
}

/** The assigned examiner answers a statement under review: rework, approve or reject. */
export async function replyToStatement(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: ExaminerStageInput,
): Promise<void> {
  requireExaminer(actor);
  const { from, to } = TRANSITIONS.reply;
  if (!(to as readonly StatementStatus[]).includes(input.status)) throw apiError('validation_error');
  const grounds = await replyGrounds(ctx, input);
  const signatures = await checkRoundSignatures(ctx, actor, { committeeExaminer: actor }, input.prefileIds);
  const held = await holdsDecision(ctx, actor, input.status, input.prefileIds, signatures.length);
  await changeStatus(
    ctx,
    actor,
    { id: statementId, from: from[0], to: input.status, examinerId: actor.id, ...(held ? { held: 'hold' } : {}) },
    { kind: 'replied', status: input.status, grounds },
    async (db) => {
      const row = await findStatementRow(db, statementId);
      if (!row) throw apiError('not_found', 'Заявление не найдено');
      if (row.status !== from[0]) throw apiError('invalid_transition', MOVED);
      throw apiError('forbidden', 'Отвечать может только эксперт, взявший заявление в работу');
    },
    { byCommittee: true, comment: input.comment ?? null, prefileIds: input.prefileIds },
    async (db, round, at, stageId) => {
      if (stageId !== null) await recordRoundSignatures(db, stageId, signatures);
      if (grounds.length > 0) await insertStatementRefusalGrounds(db, statementId, grounds);
      if (input.status === 'rejected' && stageId !== null) {
        await storeRefusalLetter(db, ctx, { statementId, stageId, kind: 'decision', at });
      }
      if (input.status !== 'has_comments') {
        // A held decision closes the remarks when it is released: until then the company sees them as they were.
        if (!held) await closeRemarksWithDecision(db, statementId, actor, at);
        return undefined;
      }
      return { remarks: await publishWithRework(db, statementId, round, actor, at) };
    },
  );
}

/**
 * The grounds a reply gives, as the catalogue words them now: a rejection names at least one ground of refusal to
 * approve; any other answer names none (docs/product.md «The regulation's procedures»).
 */
async function replyGrounds(ctx: ServiceContext, input: ExaminerStageInput): Promise<RefusalGround[]> {
  const ids = input.refusalGroundIds ?? [];
  if (input.status !== 'rejected') {
    if (ids.length > 0) throw fieldError('refusalGroundIds', REFUSAL_TEXTS.onlyWithRejection);
    return [];
  }
  if (ids.length === 0) throw fieldError('refusalGroundIds', REFUSAL_TEXTS.groundRequired);
  const grounds = await groundsByIds(ctx, 'decision', ids);
  if (!grounds) throw fieldError('refusalGroundIds', REFUSAL_TEXTS.unknownGround);
  return grounds;
}

/**
 * Any examiner refuses to accept a `sent` statement's documents (the intake check's outcome, docs/product.md «The
 * regulation's procedures») and becomes its examiner: with at least one ground of the intake catalogue, kept as
 * worded now, and the notice 'Уведомление об отказе в приёме документов' as a file of the refusal's round. Of two
 * examiners at once (or one taking it into work) exactly one wins; the other gets 409 and nothing is stored.
 */
export async function refuseAcceptance(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: RefuseAcceptanceInput,
): Promise<void> {
  requireExaminer(actor);
  if (input.groundIds.length === 0) throw fieldError('groundIds', REFUSAL_TEXTS.intakeGroundRequired);
  const grounds = await groundsByIds(ctx, 'intake', input.groundIds);
  if (!grounds) throw fieldError('groundIds', REFUSAL_TEXTS.unknownGround);
  const { from, to } = TRANSITIONS.refuseAcceptance;
  const held = await holdsDecision(ctx, actor, to[0], [], 0);
  await changeStatus(
    ctx,
    actor,
    { id: statementId, from: from[0], to: to[0], assignExaminerId: actor.id, ...(held ? { held: 'hold' } : {}) },
    { kind: 'not_accepted', grounds },
    async (db) => {
      if (!(await findStatementRow(db, statementId))) throw apiError('not_found', 'Заявление не найдено');
      throw apiError('invalid_transition', MOVED);
    },
    { byCommittee: true, comment: input.comment, prefileIds: [] },
    async (db, _round, at, stageId) => {
      await insertStatementRefusalGrounds(db, statementId, grounds);
      if (stageId !== null) await storeRefusalLetter(db, ctx, { statementId, stageId, kind: 'intake', at });
      return undefined;
    },
  );
}

/**
 * The first stage's applicant or the owner withdraws the statement while it is `sent`, `under_review` or
 * `has_comments` (оставление без рассмотрения по заявлению заявителя): the reason as a company stage, the term
 * stopped, the remarks still open closed, the assigned examiner (every examiner when none is) told. Another
 * company's statement is as missing as a wrong id (404); after a decision or a withdrawal, 409.
 */
export async function withdrawStatement(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: WithdrawInput,
): Promise<void> {
  requireCompanyUser(actor);
  const row = await findStatementFor(ctx.db, actor, statementId);
  await requireApplicantOrOwner(ctx.db, actor, statementId, NOT_WITHDRAWER);
  const { from, to } = TRANSITIONS.withdraw;
  // A decision awaiting its signature is made: the review is over, though it has not reached the company yet.
  if (!(from as readonly StatementStatus[]).includes(row.status) || row.held_status !== null) {
    throw apiError('invalid_transition', NOT_WITHDRAWABLE);
  }
  const reason = optionalText(input.reason);
  await changeStatus(
    ctx,
    actor,
    { id: statementId, from: row.status, to: to[0] },
    { kind: 'withdrawn', examinerId: row.examiner_id, reason },
    async () => {
      throw apiError('invalid_transition', MOVED);
    },
    { byCommittee: false, comment: reason, prefileIds: [] },
    async (db, _round, at) => {
      await closeRemarksWithWithdrawal(db, statementId, actor, at);
      return undefined;
    },
  );
}

/**
 * Only the first stage's applicant or the company's owner may delete or withdraw a statement of their company
 * (docs/product.md «Permissions»): 403 with `message` for anyone else.
 */
async function requireApplicantOrOwner(db: Db, actor: UserRow, statementId: number, message: string): Promise<void> {
  if (actor.role !== 'owner' && (await findFirstApplicantId(db, statementId)) !== actor.id) {
    throw apiError('forbidden', message);
  }
}

/** A user of the company answers the comments with a new version (at least one file); back to `under_review`. */
export async function submitNewVersion(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: CompanyStageInput,
): Promise<void> {
  requireCompanyUser(actor);
  if (input.prefileIds.length === 0) throw apiError('validation_error', 'Загрузите хотя бы один файл');
  const row = await findStatementFor(ctx.db, actor, statementId);
  const signatures = await checkRoundSignatures(ctx, actor, { companyId: row.company_id }, input.prefileIds);
  const { from, to } = TRANSITIONS.newVersion;
  await changeStatus(
    ctx,
    actor,
    { id: statementId, from: from[0], to: to[0] },
    { kind: 'new_version', examinerId: row.examiner_id ?? 0 },
    async () => {
      throw apiError('invalid_transition', MOVED);
    },
    { byCommittee: false, comment: input.comment ?? null, prefileIds: input.prefileIds },
    async (db, round, at, stageId) => {
      if (stageId !== null) await recordRoundSignatures(db, stageId, signatures);
      await answerRemarks(db, statementId, input.answers ?? [], round, actor, at);
      return undefined;
    },
  );
}

/**
 * The API shape of a statement (docs/product.md «Entities») with its deadline at the clock's time; list items carry no
 * stages.
 */
function toApiStatement(
  row: StatementRow,
  clock: DeadlineClock,
  stages: Stage[] = [],
  history: Statement['history'] = [],
  remarks: Statement['remarks'] = [],
  refusalGrounds: Statement['refusalGrounds'] = [],
  corrections: Statement['corrections'] = [],
  appeals: Pick<Statement, 'appeals' | 'appealSubjects'> = { appeals: [], appealSubjects: [] },
): Statement {
  const examiner =
    row.examiner_id === null
      ? null
      : {
          fio: row.examiner_fio,
          governmentAgency: row.instance_name ?? '',
          phone: row.examiner_phone,
          email: row.examiner_email,
        };
  return {
    ...toApiListItem(row, clock),
    categoryObjectId: row.category_object_id,
    categoryObject: row.category_value,
    catalogWorkTypeId: row.work_type_id,
    examiner,
    stages,
    companyInn: row.company_inn,
    companyOgrn: row.company_ogrn,
    companyKpp: row.company_kpp,
    companyDirector: row.company_head,
    companyDirectorPhone: row.company_head_phone,
    companyAtSubmission:
      row.submitted_at === null || row.submitted_company_name === null
        ? null
        : {
            submittedAt: row.submitted_at,
            companyName: row.submitted_company_name,
            companyInn: row.submitted_company_inn,
            companyOgrn: row.submitted_company_ogrn,
            companyKpp: row.submitted_company_kpp,
            companyDirector: row.submitted_company_head,
            companyDirectorPhone: row.submitted_company_head_phone,
          },
    history,
    remarks,
    refusalGrounds,
    corrections,
    appeals: appeals.appeals,
    appealSubjects: appeals.appealSubjects,
  };
}

/** The list shape of a statement (`StatementListItem`): what lists show and search, with its deadline. */
function toApiListItem(row: StatementListRow, clock: DeadlineClock): StatementListItem {
  return {
    id: row.id,
    visibleId: row.visible_id,
    status: row.status,
    dateCreate: row.date_create,
    lastUpdate: row.last_update,
    cipher: row.cipher,
    title: row.object_name,
    name: row.address,
    address: row.address,
    cadastralNumber: row.cadastral_number,
    categoryName: row.category_name,
    catalogWorkType: row.work_type_name,
    examinerId: row.examiner_id,
    companyName: row.company_name,
    externalNumber: row.external_number,
    governmentAgencyName: row.examiner_id === null ? null : (row.instance_name ?? ''),
    reviewDeadline: deadlineOf(clock, row),
    intakeDeadline: intakeDeadlineOf(clock, row),
  };
}

/** The applicant submits (creation), answers with a new version and withdraws; every other change is the committee's. */
function byCommittee(from: StatementStatus | null, to: StatementStatus): boolean {
  return !(from === null || (from === 'has_comments' && to === 'under_review') || to === 'withdrawn');
}

/**
 * A statement with its stages and their files, oldest stage first, its history and its remarks as the reader may see
 * them (`draftsOf`: the examiner whose drafts and the head's assignment comments are shown, null for the company).
 */
async function withStages(ctx: ServiceContext, row: StatementRow, draftsOf: number | null): Promise<Statement> {
  const { db } = ctx;
  const stages = await listStages(db, row.id);
  const history = await listHistory(db, row.id);
  // A decision awaiting its signature is its last round's; the company sees the statement as it was before it.
  const held = row.held_status;
  const heldStageId = held === null ? null : (stages.at(-1)?.id ?? null);
  const files = await listStageFiles(
    db,
    stages.map((stage) => stage.id),
  );
  const clock = await deadlineClock(ctx);
  return toApiStatement(
    row,
    clock,
    compareRounds(
      stages.map((stage) => ({
        id: stage.id,
        n: stage.n,
        applicantId: stage.applicant_id,
        applicant: stage.applicant_name,
        applicantPhone: stage.applicant_phone,
        applicantPosition: stage.applicant_position,
        applicantMail: stage.applicant_mail,
        isGovernmentAgency: Boolean(stage.is_government_agency),
        status: stage.status,
        comment: stage.comment,
        dateCreate: stage.date_create,
        files: documentsOf(files.filter((file) => file.stage_id === stage.id)),
      })),
    ).flatMap((stage) =>
      stage.id === heldStageId ? (heldRound(stage, draftsOf === null ? 'company' : 'committee') ?? []) : [stage],
    ),
    history.map((entry) => ({
      status: entry.to_status,
      at: entry.changed_at,
      actor: entry.actor_name,
      byCommittee: byCommittee(entry.from_status, entry.to_status),
      term: entry.term_due_date === null ? null : { dueDate: entry.term_due_date, onTime: Boolean(entry.term_on_time) },
      // The head's comment is for the committee: the applicant's side sees whom, not why.
      ...(entry.appeal_id !== null
        ? { appeal: { appealId: entry.appeal_id, examiner: entry.assignee_name } }
        : entry.assignee_id === null
          ? {}
          : {
              assignment: {
                examiner: entry.assignee_name,
                comment: draftsOf === null ? null : entry.assign_comment,
              },
            }),
    })),
    await remarksOf(db, row.id, draftsOf),
    held !== null && draftsOf === null ? [] : await refusalGroundsOf(db, row.id),
    await correctionsOf(ctx, row.id, draftsOf, clock),
    await statementAppeals(ctx, row.id, draftsOf === null, clock),
  );
}

/** The grounds of the statement's refusal, as worded when it was refused. */
async function refusalGroundsOf(db: Db, statementId: number): Promise<RefusalGround[]> {
  return (await listStatementRefusalGrounds(db, statementId)).map((ground) => ({
    id: ground.ground_id,
    name: ground.name,
    legalBasis: ground.legal_basis,
  }));
}

/**
 * 'Подписать решение': the deciding official signs a decision document (signed-decisions.ts), and a decision that
 * awaited its signature is released once every document of its round is validly signed (docs/product.md
 * «Signatures»): the status moves to it then, with its history, the register's snapshot, the notification and the
 * mail, exactly once.
 */
export async function signDecisionDocument(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  fileId: number,
  input: SignDecisionInput,
): Promise<void> {
  await signDecision(ctx, actor, statementId, fileId, input);
  const row = await findStatementRow(ctx.db, statementId);
  const to = row?.held_status;
  const decision = (await listStages(ctx.db, statementId)).at(-1);
  if (!row || !to || !decision) return;
  if (!decisionSigned(documentsOf(await listStageFiles(ctx.db, [decision.id])))) return;
  const grounds = to === 'approved' ? [] : await refusalGroundsOf(ctx.db, statementId);
  const released = Symbol('released');
  await changeStatus(
    ctx,
    actor,
    {
      id: statementId,
      from: row.status,
      to,
      held: 'release',
      ...(to === 'not_accepted' ? { assignExaminerId: actor.id } : {}),
    },
    to === 'not_accepted' ? { kind: 'not_accepted', grounds } : { kind: 'replied', status: to, grounds },
    async () => {
      // Its other document's signature released it meanwhile.
      throw released;
    },
    undefined,
    async (db, _round, at) => {
      if (to !== 'not_accepted') await closeRemarksWithDecision(db, statementId, actor, at);
      return undefined;
    },
  ).catch((error: unknown) => {
    if (error !== released) throw error;
  });
}

/** One statement of the caller's company with its stages; another company's is as missing as a wrong id. */
export async function companyStatement(ctx: ServiceContext, actor: UserRow, id: number): Promise<Statement> {
  requireCompanyUser(actor);
  const row = await findStatement(ctx.db, id);
  if (!row || !seesCompany(actor, row.company_id)) throw apiError('not_found', 'Заявление не найдено');
  return withStages(ctx, row, null);
}

/**
 * Whose statements a list of this kind shows the caller: their company's, every one or the examiner's own. Refuses
 * a caller of the other side (403), so a scope is only ever built for someone allowed to see it.
 */
export function listScope(actor: UserRow, kind: 'company' | 'all' | 'mine'): StatementScope {
  if (kind === 'company') return { companyId: requireCompanyUser(actor) };
  requireExaminer(actor);
  return kind === 'all' ? {} : { examinerId: actor.id };
}

/** A list in the API's list shape, each item with its deadline at one clock. */
export async function listItems(
  ctx: ServiceContext,
  scope: StatementScope,
  ids?: readonly number[],
): Promise<StatementListItem[]> {
  const rows = ids ? await listStatementsByIds(ctx.db, scope, ids) : await listStatements(ctx.db, scope);
  const clock = await deadlineClock(ctx);
  const remarks = await openRequiredCounts(ctx.db);
  return rows.map((row) => {
    const item = toApiListItem(row, clock);
    const open = remarks.get(row.id);
    return open ? { ...item, openRequiredRemarks: open } : item;
  });
}

/** The sidebar's counts: the company's statements for its users, the assigned ones for an examiner. */
export async function statementCounters(ctx: ServiceContext, actor: UserRow): Promise<StatementCounters> {
  const scope: StatementScope =
    actor.role === 'examiner' ? { examinerId: actor.id } : { companyId: requireCompanyUser(actor) };
  const counts = countByStatus([]);
  for (const row of await countStatementsByStatus(ctx.db, scope)) counts[row.status] = Number(row.count);
  const clock = await deadlineClock(ctx);
  let overdue = 0;
  for (const row of await listTerms(ctx.db, scope, TERM_RUNS_IN)) {
    if (isOverdue(clock, row)) overdue += 1;
  }
  return { ...withTotal(counts), overdue };
}

/** Any statement with its stages, for examiners. */
export async function examinerStatement(ctx: ServiceContext, actor: UserRow, id: number): Promise<Statement> {
  requireExaminer(actor);
  const row = await findStatement(ctx.db, id);
  if (!row) throw apiError('not_found', 'Заявление не найдено');
  return withStages(ctx, row, actor.id);
}

/**
 * Deletes a statement while it is `sent` with no examiner, by the first stage's applicant or the owner (docs/product.md
 * «Statuses and transitions», «Permissions»), conditionally: 409 when it was taken into work meanwhile. Its files'
 * bytes go once the deletion committed.
 */
export async function deleteStatement(ctx: ServiceContext, actor: UserRow, id: number): Promise<void> {
  requireCompanyUser(actor);
  const keys = await ctx.db.transaction().execute(async (trx) => {
    await findStatementFor(trx, actor, id);
    await requireApplicantOrOwner(
      trx,
      actor,
      id,
      'Удалить заявление может только подавший его сотрудник или владелец компании',
    );
    const deleted = await deleteSentStatement(trx, id);
    if (deleted === null) throw apiError('not_deletable');
    await forgetUploads(trx, deleted);
    return deleted;
  });
  for (const key of keys) await ctx.files.remove(key).catch((error: unknown) => ctx.logError(error, 'file removal'));
}
