import { CONCLUSION_TEXTS, CONCLUSION_VERDICT_LABELS, conclusionTermProblem } from '#domain/conclusions.ts';
import type {
  Conclusion,
  ConclusionAnswerInput,
  ConclusionRequests,
  ConclusionsInput,
  ConclusionWithdrawInput,
} from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { formatNumericDay } from '#domain/russian.ts';
import type { ServiceContext } from '../context.ts';
import { listActiveMemberIds } from '../db/conclusion-requests.ts';
import { type Db, nowIso } from '../db/database.ts';
import { type DeadlineClock, deadlineClock } from '../deadlines/deadlines.service.ts';
import { apiError, fieldError } from '../errors.ts';
import { type Announcement, announceTo, sendAnnouncement } from '../notifications/notifications.service.ts';
import { isPetitionOverdue, petitionFiles, petitionTerm, petitionText } from '../petitions/petition.ts';
import { attachToStage } from '../prefiles/prefiles.service.ts';
import { checkRoundSignatures, recordRoundSignatures } from '../signatures/signed-uploads.ts';
import { requireExaminer } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { findUserById } from '../users/users.service.ts';
import { findStatementById as findStatementRow } from '../workflow/statement-access.ts';
import {
  bodyIdsOf,
  type ConclusionRow,
  claimOverdueReminder,
  findConclusion,
  findLastCompanyRound,
  findLastStage,
  hasOpenRequest,
  insertConclusion,
  listActiveBodies,
  listBodiesConclusions,
  listConclusionFiles,
  listOpenRequests,
  listRoundFiles,
  listStatementConclusions,
  listUnremindedOpenRequests,
  recordAnswer,
  recordWithdrawal,
} from './conclusions.repository.ts';

// Conclusions of reviewing bodies (docs/product.md «Conclusions»): the assigned examiner or a head asks departments of
// the committee and outside bodies at once, each request with its term on the production calendar; a member of the
// body answers once; the examiner may withdraw an unanswered request. A conclusion never moves the statement: the
// decision's procedure (workflow/review.ts) asks whether every one is in (db/conclusion-requests.ts).

const NOT_FOUND = 'Заявление не найдено';

/** A request as the API shows it, with its term on the clock's calendar and its answer's files. */
function toConclusion(row: ConclusionRow, files: Conclusion['files'], clock: DeadlineClock): Conclusion {
  return {
    id: row.id,
    statementId: row.statement_id,
    body: { id: row.body_id, name: row.body_name, kind: row.body_kind, termDays: row.body_term_days },
    question: row.question,
    round: row.round,
    requestedAt: row.requested_at,
    requestedBy: row.requester_name,
    dueDate: petitionTerm(clock, row.requested_at, row.due_days).dueDate,
    overdue: row.status === 'requested' && isPetitionOverdue(clock, row.requested_at, row.due_days),
    status: row.status,
    verdict: row.verdict,
    text: row.text,
    answeredAt: row.answered_at,
    answeredBy: row.answerer_name,
    files,
    withdrawnReason: row.withdrawn_reason,
  };
}

/** These requests as the API shows them, each with its answer's files. */
async function toConclusions(db: Db, rows: readonly ConclusionRow[], clock: DeadlineClock): Promise<Conclusion[]> {
  const files = await listConclusionFiles(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toConclusion(row, petitionFiles(files.filter((file) => file.conclusion_id === row.id)), clock),
  );
}

/** One request as the API shows it, as it is now. */
async function conclusionOf(ctx: ServiceContext, id: number): Promise<Conclusion> {
  const row = await findConclusion(ctx.db, id);
  if (!row) throw apiError('not_found', CONCLUSION_TEXTS.notFound);
  const [conclusion] = await toConclusions(ctx.db, [row], await deadlineClock(ctx));
  if (!conclusion) throw apiError('not_found', CONCLUSION_TEXTS.notFound);
  return conclusion;
}

/** A statement's requests, oldest first, for the committee's detail (company users see none). */
export async function statementConclusions(
  ctx: ServiceContext,
  statementId: number,
  clock?: DeadlineClock,
): Promise<Conclusion[]> {
  const rows = await listStatementConclusions(ctx.db, statementId);
  if (rows.length === 0) return [];
  return toConclusions(ctx.db, rows, clock ?? (await deadlineClock(ctx)));
}

/** 403 unless the actor leads the statement or is a head. */
function requireLeader(actor: UserRow, examinerId: number | null): void {
  requireExaminer(actor);
  if (!actor.is_head && examinerId !== actor.id) throw apiError('forbidden', CONCLUSION_TEXTS.askForbidden);
}

/** Notifies a body's active members of a statement's request in the caller's transaction. */
async function announceToBody(
  ctx: ServiceContext,
  db: Db,
  bodyId: number,
  message: string,
  lines: readonly string[],
  at: string,
): Promise<Announcement> {
  const ids = await listActiveMemberIds(db, bodyId);
  const people = (await Promise.all(ids.map((row) => findUserById(db, row.id)))).filter(
    (user): user is UserRow => user !== undefined,
  );
  return announceTo(ctx, db, people, routes.conclusionRequests, message, lines, at);
}

/**
 * The assigned examiner (or a head) asks bodies for their conclusions on a statement under review: one request per
 * body, each with its term (`dueDays`, or the body's own); the bodies' members are told. Answers every request of the
 * statement.
 */
export async function requestConclusions(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: ConclusionsInput,
): Promise<Conclusion[]> {
  const statement = await findStatementRow(ctx.db, statementId);
  if (!statement) throw apiError('not_found', NOT_FOUND);
  requireLeader(actor, statement.examiner_id);
  if (statement.status !== 'under_review') throw apiError('invalid_transition', CONCLUSION_TEXTS.notUnderReview);
  if (input.bodyIds.length === 0) throw fieldError('bodyIds', CONCLUSION_TEXTS.bodyRequired);
  const question = petitionText(input.question, 'question', CONCLUSION_TEXTS.questionRequired);
  const bodies = await listActiveBodies(ctx.db, input.bodyIds);
  if (bodies.length !== new Set(input.bodyIds).size) throw fieldError('bodyIds', CONCLUSION_TEXTS.unknownBody);
  const dueDays = input.dueDays ?? null;
  const termProblem = dueDays === null ? null : conclusionTermProblem(dueDays);
  if (termProblem) throw fieldError('dueDays', termProblem);
  const clock = await deadlineClock(ctx);
  const at = nowIso(ctx.now());
  const mails = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const round = await findLastCompanyRound(trx, statementId);
      if (!round) throw apiError('not_found', NOT_FOUND);
      const sent: Announcement[] = [];
      for (const body of bodies) {
        if (await hasOpenRequest(trx, statementId, body.id)) {
          throw apiError('invalid_transition', CONCLUSION_TEXTS.alreadyAsked(body.name));
        }
        const days = dueDays ?? body.term_days;
        await insertConclusion(trx, {
          statementId,
          bodyId: body.id,
          round: round.n,
          question,
          dueDays: days,
          by: { id: actor.id, fio: actor.fio },
          at,
        });
        const { dueDate } = petitionTerm(clock, at, days);
        const message = `Запрос на заключение по заявлению № ${statement.visible_id} «${statement.object_name}»`;
        sent.push(
          await announceToBody(
            ctx,
            trx,
            body.id,
            message,
            [`${message}.`, `Ответить до ${formatNumericDay(dueDate)}.`, `Запросил: ${actor.fio ?? '—'}`, '', question],
            at,
          ),
        );
      }
      return sent;
    })
    .catch(async (error: unknown) => {
      // Two requests to one body at once: the open-request index lets one in, and this one rolled back whole, so an
      // open request found now is the other's: the same 409.
      for (const body of bodies) {
        if (await hasOpenRequest(ctx.db, statementId, body.id)) {
          throw apiError('invalid_transition', CONCLUSION_TEXTS.alreadyAsked(body.name));
        }
      }
      throw error;
    });
  for (const mail of mails) sendAnnouncement(ctx, mail);
  return statementConclusions(ctx, statementId, clock);
}

/** A request the actor may act on as a member of its body: 404 for company users and unknown ids, 403 for others. */
async function requestForMember(ctx: ServiceContext, actor: UserRow, id: number): Promise<ConclusionRow> {
  if (actor.company_id !== null) throw apiError('not_found', CONCLUSION_TEXTS.notFound);
  const row = await findConclusion(ctx.db, id);
  if (!row) throw apiError('not_found', CONCLUSION_TEXTS.notFound);
  if (!(await bodyIdsOf(ctx.db, actor.id)).includes(row.body_id)) {
    throw apiError('forbidden', CONCLUSION_TEXTS.answerForbidden);
  }
  return row;
}

/** The refusal of acting on a request no longer open. */
function closedRequest(status: ConclusionRow['status']) {
  return apiError(
    'invalid_transition',
    status === 'withdrawn' ? CONCLUSION_TEXTS.withdrawn : CONCLUSION_TEXTS.alreadyAnswered,
  );
}

/**
 * A member of the request's body gives its conclusion, once: the verdict, its text (required unless agreed) and files
 * (a detached `.sig` checked as a decision's). Of two answers at once exactly one is kept. The statement's examiner is
 * told.
 */
export async function answerConclusion(
  ctx: ServiceContext,
  actor: UserRow,
  id: number,
  input: ConclusionAnswerInput,
): Promise<Conclusion> {
  const row = await requestForMember(ctx, actor, id);
  if (row.status !== 'requested') throw closedRequest(row.status);
  const text =
    input.verdict === 'agreed'
      ? (input.text ?? '').trim() || null
      : petitionText(input.text, 'text', CONCLUSION_TEXTS.textRequired);
  const signatures = await checkRoundSignatures(ctx, actor, { committeeExaminer: actor }, input.prefileIds);
  const at = nowIso(ctx.now());
  const statement = await findStatementRow(ctx.db, row.statement_id);
  if (!statement) throw apiError('not_found', CONCLUSION_TEXTS.notFound);
  const mail = await ctx.db.transaction().execute(async (trx) => {
    if (!(await recordAnswer(trx, id, { verdict: input.verdict, text, by: { id: actor.id, fio: actor.fio }, at }))) {
      const now = await findConclusion(trx, id);
      throw closedRequest(now?.status ?? 'answered');
    }
    const stage = await findLastStage(trx, row.statement_id);
    if (!stage) throw apiError('not_found', CONCLUSION_TEXTS.notFound);
    await attachToStage(trx, actor.id, input.prefileIds, stage.id, at, { conclusion_id: id });
    await recordRoundSignatures(trx, stage.id, signatures);
    const examiner = statement.examiner_id === null ? undefined : await findUserById(trx, statement.examiner_id);
    if (!examiner) return null;
    const message = `Заключение по заявлению № ${statement.visible_id}: ${row.body_name} — ${CONCLUSION_VERDICT_LABELS[input.verdict]}`;
    return announceTo(
      ctx,
      trx,
      [examiner],
      routes.examinerStatementInfo(statement.id),
      message,
      [`${message}.`, `Ответил: ${actor.fio ?? '—'}`, ...(text ? ['', text] : [])],
      at,
    );
  });
  if (mail) sendAnnouncement(ctx, mail);
  return conclusionOf(ctx, id);
}

/** The assigned examiner or a head withdraws an unanswered request with its reason; the body's members are told. */
export async function withdrawConclusion(
  ctx: ServiceContext,
  actor: UserRow,
  id: number,
  input: ConclusionWithdrawInput,
): Promise<Conclusion> {
  requireExaminer(actor);
  const row = await findConclusion(ctx.db, id);
  if (!row) throw apiError('not_found', CONCLUSION_TEXTS.notFound);
  const statement = await findStatementRow(ctx.db, row.statement_id);
  if (!statement) throw apiError('not_found', CONCLUSION_TEXTS.notFound);
  requireLeader(actor, statement.examiner_id);
  const reason = petitionText(input.reason, 'reason', CONCLUSION_TEXTS.reasonRequired);
  if (row.status !== 'requested') throw closedRequest(row.status);
  const at = nowIso(ctx.now());
  const mail = await ctx.db.transaction().execute(async (trx) => {
    if (!(await recordWithdrawal(trx, id, reason, at))) {
      const now = await findConclusion(trx, id);
      throw closedRequest(now?.status ?? 'answered');
    }
    const message = `Запрос на заключение по заявлению № ${statement.visible_id} отозван`;
    return announceToBody(ctx, trx, row.body_id, message, [`${message}.`, `Причина: ${reason}`], at);
  });
  sendAnnouncement(ctx, mail);
  return conclusionOf(ctx, id);
}

/**
 * 'Запросы на заключение': every request to the caller's bodies with its statement's name, address and the documents
 * of the round asked about; unanswered first by due date, then the rest newest first. Company users 403.
 */
export async function conclusionRequestsOf(ctx: ServiceContext, actor: UserRow): Promise<ConclusionRequests> {
  if (actor.company_id !== null)
    throw apiError('forbidden', 'Раздел доступен только сотрудникам комитета и согласующих органов');
  const bodyIds = await bodyIdsOf(ctx.db, actor.id);
  const rows = await listBodiesConclusions(ctx.db, bodyIds);
  const clock = await deadlineClock(ctx);
  const conclusions = await toConclusions(ctx.db, rows, clock);
  const rounds = new Map<string, Conclusion['files']>();
  const items = [];
  for (const [index, row] of rows.entries()) {
    const key = `${row.statement_id}:${row.round}`;
    let documents = rounds.get(key);
    if (!documents) {
      documents = petitionFiles(await listRoundFiles(ctx.db, row.statement_id, row.round));
      rounds.set(key, documents);
    }
    items.push({
      conclusion: conclusions[index] as Conclusion,
      statement: {
        id: row.statement_id,
        visibleId: row.visible_id,
        objectName: row.object_name,
        address: row.address,
        status: row.statement_status,
        documents,
      },
    });
  }
  const open = items.filter((item) => item.conclusion.status === 'requested');
  open.sort((a, b) => a.conclusion.dueDate.localeCompare(b.conclusion.dueDate) || a.conclusion.id - b.conclusion.id);
  const rest = items.filter((item) => item.conclusion.status !== 'requested');
  return {
    items: [...open, ...rest],
    open: open.length,
    overdue: open.filter((item) => item.conclusion.overdue).length,
  };
}

/** The active bodies a conclusion may be asked of, by name. */
export async function activeReviewBodies(ctx: ServiceContext) {
  return (await listActiveBodies(ctx.db)).map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    termDays: row.term_days,
  }));
}

/**
 * Tells of every unanswered request past its term, once: the statement's examiner (to remind the body or withdraw the
 * request) and the body's members (to answer). Each request is claimed in the database before it is told, so two
 * processes never tell it twice. Answers how many requests were told of.
 */
export async function remindOverdueConclusions(ctx: ServiceContext): Promise<number> {
  const clock = await deadlineClock(ctx);
  let told = 0;
  for (const row of await listUnremindedOpenRequests(ctx.db)) {
    const term = petitionTerm(clock, row.requested_at, row.due_days);
    if (term.workingDaysLeft >= 0) continue;
    const at = nowIso(ctx.now());
    const mails = await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimOverdueReminder(trx, row.id, at))) return [];
      const message = `Просрочено заключение по заявлению № ${row.visible_id}: ${row.body_name}`;
      const lines = [
        `${message}.`,
        `Объект: ${row.object_name}`,
        `Срок ответа истёк ${formatNumericDay(term.dueDate)}.`,
      ];
      const sent = [await announceToBody(ctx, trx, row.body_id, message, lines, at)];
      const examiner = row.examiner_id === null ? undefined : await findUserById(trx, row.examiner_id);
      if (examiner) {
        sent.push(
          await announceTo(
            ctx,
            trx,
            [examiner],
            routes.examinerStatementInfo(row.statement_id),
            message,
            [...lines, '', CONCLUSION_TEXTS.overdueHint],
            at,
          ),
        );
      }
      return sent;
    });
    if (mails.length > 0) told += 1;
    for (const mail of mails) sendAnnouncement(ctx, mail);
  }
  return told;
}

/**
 * Unanswered requests past their term on statements still under review, per body (every active body named, so a body
 * whose requests were answered reads 0): the figure `portal_conclusions_overdue`.
 */
export async function countOverdueConclusions(ctx: ServiceContext): Promise<Map<string, number>> {
  const clock = await deadlineClock(ctx);
  const counts = new Map((await listActiveBodies(ctx.db)).map((body) => [body.name, 0]));
  for (const row of await listOpenRequests(ctx.db)) {
    if (isPetitionOverdue(clock, row.requested_at, row.due_days)) {
      counts.set(row.body_name, (counts.get(row.body_name) ?? 0) + 1);
    }
  }
  return counts;
}
