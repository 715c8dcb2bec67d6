import type {
  BodyWorkload,
  ExaminerWorkload,
  ReviewDeadline,
  StatementStatus,
  TeamWorkload,
} from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import { bodiesWorkload } from '../db/conclusion-requests.ts';
import { localDate } from '../deadlines/calendar.ts';
import { deadlineClock, deadlineOf, intakeDeadlineOf, isOverdue } from '../deadlines/deadlines.service.ts';
import { TERM_RUNS_IN } from '../deadlines/term.ts';
import { isPetitionOverdue } from '../petitions/petition.ts';
import { requireHead } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { listExaminers } from '../users/users.service.ts';
import { listItems } from './statements.service.ts';
import { listAssignedTerms, listDecisionsSince } from './team.repository.ts';

/** 'Скоро срок': a running term that ends within this many working days (and is not over). */
export const DUE_SOON_DAYS = 3;
/** The on-time share looks back this many days. */
export const ON_TIME_WINDOW_DAYS = 90;
/**
 * The statuses the committee's decision leaves a statement in, as the report on terms counts them: an approval, a
 * rejection and a refusal to accept (a withdrawal is the applicant's, not the examiner's).
 */
export const DECISIONS: readonly StatementStatus[] = ['approved', 'rejected', 'not_accepted'];
/** The statuses an examiner's open work is in: the term's, and the applicant's turn. */
const OPEN: readonly StatementStatus[] = [...new Set<StatementStatus>([...TERM_RUNS_IN, 'has_comments'])];

/** Whether a running term ends within `DUE_SOON_DAYS` working days, today included, and is not over. */
export function isDueSoon(deadline: ReviewDeadline | null): boolean {
  return deadline !== null && deadline.workingDaysLeft >= 0 && deadline.workingDaysLeft <= DUE_SOON_DAYS;
}

/**
 * The team's workload for the committee's head (docs/product.md «The team's workload»): per active examiner the
 * figures their own list and sidebar show, counted with the same term engine (`isOverdue` is the sidebar's
 * 'Просрочено'), the statements waiting for an examiner (`WAITING_FOR_HEAD`) as lists show them, oldest first, and
 * each active reviewing body's conclusions: waiting, overdue (the metric's count), answered this month.
 */
export async function teamWorkload(ctx: ServiceContext, actor: UserRow): Promise<TeamWorkload> {
  requireHead(actor);
  const now = ctx.now();
  const clock = await deadlineClock(ctx);
  const since = new Date(now.getTime() - ON_TIME_WINDOW_DAYS * 86_400_000).toISOString();
  const month = localDate(now, ctx.config.timeZone).slice(0, 7);
  const [examiners, terms, decisions, nobodys, conclusions] = await Promise.all([
    listExaminers(ctx.db),
    listAssignedTerms(ctx.db, OPEN),
    listDecisionsSince(ctx.db, DECISIONS, since),
    listItems(ctx, { examinerId: null }),
    // A month is never longer than 31 days: the answers of the current month are among those of the last 32.
    bodiesWorkload(ctx.db, new Date(now.getTime() - 32 * 86_400_000).toISOString()),
  ]);

  const rows = new Map<number, ExaminerWorkload>();
  const onTime = new Map<number, { decided: number; inTime: number }>();
  for (const user of examiners) {
    rows.set(user.id, {
      examinerId: user.id,
      fio: user.fio || user.email || '',
      isHead: Boolean(user.is_head),
      inWork: 0,
      awaitingApplicant: 0,
      overdue: 0,
      dueSoon: 0,
      decidedThisMonth: 0,
      onTimeShare: null,
    });
    onTime.set(user.id, { decided: 0, inTime: 0 });
  }
  for (const term of terms) {
    const row = rows.get(Number(term.examiner_id));
    if (!row) continue;
    if (term.status === 'under_review') row.inWork += 1;
    if (term.status === 'has_comments') row.awaitingApplicant += 1;
    if (isOverdue(clock, term)) row.overdue += 1;
    else if (isDueSoon(deadlineOf(clock, term) ?? intakeDeadlineOf(clock, term))) row.dueSoon += 1;
  }
  for (const decision of decisions) {
    const row = rows.get(decision.examinerId);
    const share = onTime.get(decision.examinerId);
    if (!row || !share) continue;
    if (localDate(new Date(decision.at), ctx.config.timeZone).slice(0, 7) === month) row.decidedThisMonth += 1;
    if (decision.onTime === null) continue;
    share.decided += 1;
    if (decision.onTime) share.inTime += 1;
  }
  for (const [id, share] of onTime) {
    const row = rows.get(id);
    if (row && share.decided > 0) row.onTimeShare = share.inTime / share.decided;
  }
  const byName = [...rows.values()].sort((a, b) => a.fio.localeCompare(b.fio, 'ru'));
  const unassigned = nobodys.filter((item) => WAITING_FOR_HEAD.includes(item.status));
  const bodies = new Map<number, BodyWorkload>(
    conclusions.bodies.map((body) => [
      body.id,
      { bodyId: body.id, name: body.name, kind: body.kind, waiting: 0, overdue: 0, answeredThisMonth: 0 },
    ]),
  );
  for (const request of conclusions.open) {
    const row = bodies.get(request.body_id);
    if (!row) continue;
    row.waiting += 1;
    if (isPetitionOverdue(clock, request.requested_at, request.due_days)) row.overdue += 1;
  }
  for (const answer of conclusions.answers) {
    const row = bodies.get(answer.body_id);
    if (!row || answer.answered_at === null) continue;
    if (localDate(new Date(answer.answered_at), ctx.config.timeZone).slice(0, 7) === month) row.answeredThisMonth += 1;
  }
  return { examiners: byName, unassigned: unassigned.reverse(), bodies: [...bodies.values()] };
}

/**
 * What waits in the head's queue without an examiner: the `sent` statements nobody took yet, and the statements in
 * work whose examiner was deactivated (docs/product.md «Administration»), until the head reassigns them.
 */
const WAITING_FOR_HEAD: readonly StatementStatus[] = ['sent', ...OPEN.filter((status) => status !== 'sent')];
