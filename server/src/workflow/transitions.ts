import { CONCLUSION_TEXTS } from '#domain/conclusions.ts';
import type { StatementStatus } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { type ServiceContext, withDb } from '../context.ts';
import { closeOpenRequests } from '../db/conclusion-requests.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { loadCalendar, termDaysFor } from '../deadlines/deadlines.service.ts';
import { intakeTerm, runningTerm, TERM_RUNS_IN, termOutcome } from '../deadlines/term.ts';
import { apiError } from '../errors.ts';
import {
  type Announcement,
  announceTo,
  recordStatementEvent,
  type StatementEvent,
  sendAnnouncement,
} from '../notifications/notifications.service.ts';
import { attachToStage } from '../prefiles/prefiles.service.ts';
import { optionalText } from '../text.ts';
import type { UserRow } from '../users/user.ts';
import { findUserById } from '../users/users.service.ts';
import {
  findStatementRow,
  insertHistory,
  insertStage,
  leaveDecision,
  moveStatus,
  type StatusMove,
  saveDecisionSnapshot,
  startTerm,
} from './workflow.repository.ts';

// The status machine (docs/product.md «Statuses and transitions»): which change is allowed from which status and by
// whom, and the one function that makes a change with everything that records it. Every procedure of this folder
// (intake, review, assigning, withdrawal, reopening) moves a statement only through `changeStatus`.

/**
 * Every status change the portal allows, in one place: who moves a statement from which status to which. Anything
 * else is a 409.
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

/** Whether the status is a decision (the public register lists the decision while the statement stays at it). */
function isDecision(status: StatementStatus): status is 'approved' | 'rejected' | 'not_accepted' {
  return status === 'approved' || status === 'rejected' || status === 'not_accepted';
}

/** Whether a transition of `TRANSITIONS` starts from this status. */
export function startsFrom(transition: { from: readonly StatementStatus[] }, status: StatementStatus): boolean {
  return transition.from.includes(status);
}

export const MOVED = 'Статус заявления уже изменился. Обновите страницу.';
export const NOT_FOUND = 'Заявление не найдено';
const AWAITING_SIGNATURE = 'Решение по заявлению ожидает подписи: сначала его подписывает принявший его эксперт';

/** The head's assignment a change is: the examiner as they are now and the head's comment. */
export interface HistoryAssignment {
  examinerId: number;
  examinerName: string | null;
  comment: string | null;
}

/** The upheld appeal a change is, and the examiner who reviews the statement again. */
export interface HistoryAppeal {
  appealId: number;
  examinerId: number;
  examinerName: string | null;
}

/** The round a change has just written (its number and id; 0 and null for a change without a round), and when. */
export interface WrittenRound {
  n: number;
  stageId: number | null;
  at: string;
}

/** One status change: what moves, what it announces, and what is written with it. */
export interface StatusChange {
  move: Omit<StatusMove, 'at'> & { assignment?: HistoryAssignment; appeal?: HistoryAppeal };
  /** The notification and mail, told once the change committed. */
  event: StatementEvent;
  /** Why the conditional move did not happen, read in the failed transaction: always throws. */
  explainFailure: (db: Db) => Promise<never>;
  /** The round the change opens: a company's submission or the committee's reply, with its uploads. */
  stage?: { byCommittee: boolean; comment: string | null; prefileIds: readonly number[] };
  /**
   * What else moves with the change, in its transaction (the remarks, a refusal's letter, an appeal's decision), once
   * the round is written; may add to the event (how many remarks).
   */
  alongside?: (db: Db, round: WrittenRound) => Promise<Partial<StatementEvent> | undefined>;
}

/** Who made a round or a change, as they are now (kept as they were). */
export function author(actor: UserRow) {
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
export async function changeStatus(ctx: ServiceContext, actor: UserRow, change: StatusChange): Promise<void> {
  const { move } = change;
  const at = nowIso(ctx.now());
  const holding = move.held === 'hold';
  const announcements = await ctx.db.transaction().execute(async (trx): Promise<Announcement[]> => {
    if (!(await moveStatus(trx, { ...move, at }))) {
      // The company is never told of a held decision: its moves are refused as any change meanwhile.
      const committee = actor.role === 'examiner';
      if (committee && move.held !== 'release' && (await findStatementRow(trx, move.id))?.held_status) {
        throw apiError('invalid_transition', AWAITING_SIGNATURE);
      }
      await change.explainFailure(trx);
    }
    const row = await findStatementRow(trx, move.id);
    if (!row) throw apiError('not_found', NOT_FOUND);
    if (holding) {
      // Held for its signature: only the round and what comes with it are kept; the rest moves on release.
      await keepRound(trx, actor, change, at);
      return [];
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
      ...(move.discarding ? { discardedDecision: move.discarding } : {}),
      ...(move.note ? { conclusionsNote: move.note } : {}),
    });
    if (isDecision(move.to)) await saveDecisionSnapshot(trx, move.id, move.to, at);
    else if (isDecision(move.from)) await leaveDecision(trx, move.id, at);
    const more = await keepRound(trx, actor, change, at);
    const event = { ...change.event, ...more } as StatementEvent;
    const told = await recordStatementEvent(withDb(ctx, trx), event, announced(row), at);
    const closed = endsReview(move.to) ? await closeUnanswered(ctx, trx, row, move.to, at) : [];
    return [...(told ? [told] : []), ...closed];
  });
  for (const announcement of announcements) sendAnnouncement(ctx, announcement);
}

/** Whether the review ends at this status (a decision, or the applicant's withdrawal) for good or until an appeal. */
function endsReview(status: StatementStatus): status is 'approved' | 'rejected' | 'withdrawn' {
  return status === 'approved' || status === 'rejected' || status === 'withdrawn';
}

/**
 * Conclusions still awaited when the review ends are closed with the reason (docs/product.md «Conclusions»), so no body
 * keeps answering a settled statement; each body's members are told.
 */
async function closeUnanswered(
  ctx: ServiceContext,
  trx: Db,
  row: { id: number; visible_id: number },
  status: 'approved' | 'rejected' | 'withdrawn',
  at: string,
): Promise<Announcement[]> {
  const reason = CONCLUSION_TEXTS.closedWithReview[status];
  const told: Announcement[] = [];
  for (const body of await closeOpenRequests(trx, row.id, reason, at)) {
    const people = (await Promise.all(body.memberIds.map((id) => findUserById(trx, id)))).filter(
      (user): user is UserRow => user !== undefined,
    );
    const message = `Запрос на заключение по заявлению № ${row.visible_id} закрыт`;
    told.push(await announceTo(ctx, trx, people, routes.conclusionRequests, message, [`${message}.`, reason], at));
  }
  return told;
}

/** The change's round with its files, and what else moves with it (`stage` and `alongside`). */
async function keepRound(
  trx: Db,
  actor: UserRow,
  change: StatusChange,
  at: string,
): Promise<Partial<StatementEvent> | undefined> {
  const round: WrittenRound = { n: 0, stageId: null, at };
  if (change.stage) {
    const inserted = await openRound(trx, actor, {
      statementId: change.move.id,
      status: change.move.to,
      byCommittee: change.stage.byCommittee,
      comment: change.stage.comment,
      at,
    });
    round.n = inserted.n;
    round.stageId = inserted.id;
    await attachToStage(trx, actor.id, change.stage.prefileIds, inserted.id, at);
  }
  return change.alongside ? await change.alongside(trx, round) : undefined;
}

/** A new round (stage) of the statement by the actor, as they are now. */
export function openRound(
  trx: Db,
  actor: UserRow,
  round: { statementId: number; status: StatementStatus; byCommittee: boolean; comment: string | null; at: string },
): Promise<{ id: number; n: number }> {
  return insertStage(trx, {
    statementId: round.statementId,
    author: author(actor),
    byCommittee: round.byCommittee,
    status: round.status,
    comment: optionalText(round.comment),
    at: round.at,
  });
}

/** The statement as a notification names it. */
export function announced(row: { id: number; visible_id: number; company_id: number; object_name: string }) {
  return { id: row.id, visibleId: row.visible_id, companyId: row.company_id, objectName: row.object_name };
}
