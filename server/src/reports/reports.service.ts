import type { TermsReport, TermsReportBody, TermsReportFigures } from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import { addDays, localDate, periodDayProblem, type WorkingCalendar } from '../deadlines/calendar.ts';
import { type DeadlineClock, deadlineClock, loadCalendar } from '../deadlines/deadlines.service.ts';
import { fieldError } from '../errors.ts';
import { petitionTerm } from '../petitions/petition.ts';
import { requireHead } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import {
  countReceived,
  countRounds,
  type DecisionRow,
  listConclusionRequests,
  listDecisionGrounds,
  listDecisions,
} from './reports.repository.ts';

// The report on terms (docs/product.md «The report on terms»): the committee's head only.

/** The longest range a report covers (a little over five years): a guard against a typo like 0026. */
const MAX_RANGE_DAYS = 1900;

/** The UTC instant at which the committee's calendar day `day` begins. */
export function dayStart(day: string, timeZone: string): string {
  const guess = Date.parse(`${day}T00:00:00Z`);
  let at = guess;
  // Two steps settle any zone's offset (also across a change of offset on that day).
  for (let step = 0; step < 2; step++) {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(at));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
    const local = Date.parse(
      `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}Z`,
    );
    at = guess - (local - at);
  }
  return new Date(at).toISOString();
}

/** The range's days, checked: 400 naming `from` or `to` for a day that does not exist, lies outside PERIOD_YEARS, or a reversed range. */
function checkedRange(from: string, to: string): { from: string; to: string } {
  const fromProblem = periodDayProblem(from, 'start');
  if (fromProblem) throw fieldError('from', fromProblem);
  const toProblem = periodDayProblem(to, 'end');
  if (toProblem) throw fieldError('to', toProblem);
  if (to < from) throw fieldError('to', 'Дата окончания периода раньше даты начала');
  if (addDays(from, MAX_RANGE_DAYS) < to) throw fieldError('to', 'Период отчёта — не больше пяти лет');
  return { from, to };
}

/** The median of sorted numbers (the mean of the two middle ones for an even count), null for none. */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The p-th percentile of sorted numbers by the nearest rank (the ⌈p·n⌉-th smallest), null for none. */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1] as number;
}

/** The Monday of a day's week. */
function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

interface Decision {
  statementId: number;
  status: DecisionRow['to_status'];
  day: string;
  /** Null for a withdrawal (the committee decided nothing). */
  onTime: boolean | null;
  workingDays: number | null;
  examinerId: number | null;
  examinerFio: string | null;
}

function figuresOf(
  decisions: readonly Decision[],
  rounds: ReadonlyMap<number, number>,
  grounds: ReadonlyArray<{ statement_id: number; ground_id: number; kind: 'intake' | 'decision'; name: string }>,
): TermsReportFigures {
  const count = (status: Decision['status']) => decisions.filter((d) => d.status === status).length;
  const committee = decisions.filter((d) => d.status !== 'withdrawn');
  const onTime = committee.filter((d) => d.onTime === true).length;
  const days = committee.flatMap((d) => (d.workingDays === null ? [] : [d.workingDays])).sort((a, b) => a - b);
  const roundCounts = committee.map((d) => rounds.get(d.statementId) ?? 1);
  const ids = new Set(committee.map((d) => d.statementId));
  const byGround = new Map<number, { groundId: number; kind: 'intake' | 'decision'; name: string; count: number }>();
  for (const ground of grounds) {
    if (!ids.has(ground.statement_id)) continue;
    const known = byGround.get(ground.ground_id);
    if (known) known.count++;
    else byGround.set(ground.ground_id, { groundId: ground.ground_id, kind: ground.kind, name: ground.name, count: 1 });
  }
  return {
    decided: decisions.length,
    approved: count('approved'),
    rejected: count('rejected'),
    notAccepted: count('not_accepted'),
    withdrawn: count('withdrawn'),
    onTime,
    onTimeShare: committee.length === 0 ? null : onTime / committee.length,
    medianWorkingDays: median(days),
    p90WorkingDays: nearestRank(days, 0.9),
    roundsPerStatement:
      roundCounts.length === 0 ? null : roundCounts.reduce((sum, n) => sum + n, 0) / roundCounts.length,
    grounds: [...byGround.values()].sort(
      (a, b) => b.count - a.count || a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name, 'ru'),
    ),
  };
}

function decisionOf(row: DecisionRow, calendar: WorkingCalendar, timeZone: string): Decision {
  const day = localDate(new Date(row.changed_at), timeZone);
  const committee = row.to_status !== 'withdrawn';
  return {
    statementId: row.statement_id,
    status: row.to_status,
    day,
    onTime: committee && row.term_on_time !== null ? Boolean(row.term_on_time) : null,
    workingDays:
      committee && row.term_start !== null
        ? calendar.workingDaysBetween(localDate(new Date(row.term_start), timeZone), day)
        : null,
    examinerId: row.examiner_id,
    examinerFio: row.examiner_fio,
  };
}

/**
 * The conclusions asked in the range, per body by name: how many were asked, answered, answered by their last day,
 * overdue (answered after it, or still unanswered past it now), and the median working days from request to answer.
 */
function bodiesOf(
  rows: Awaited<ReturnType<typeof listConclusionRequests>>,
  clock: DeadlineClock,
  calendar: WorkingCalendar,
  timeZone: string,
): TermsReportBody[] {
  const bodies = new Map<number, TermsReportBody & { days: number[] }>();
  for (const row of rows) {
    let body = bodies.get(row.body_id);
    if (!body) {
      body = {
        bodyId: row.body_id,
        name: row.body_name,
        kind: row.body_kind,
        requested: 0,
        answered: 0,
        answeredOnTime: 0,
        overdue: 0,
        medianWorkingDays: null,
        days: [],
      };
      bodies.set(row.body_id, body);
    }
    body.requested++;
    const term = petitionTerm(clock, row.requested_at, row.due_days);
    if (row.status === 'answered' && row.answered_at !== null) {
      const answeredOn = localDate(new Date(row.answered_at), timeZone);
      body.answered++;
      if (answeredOn <= term.dueDate) body.answeredOnTime++;
      else body.overdue++;
      body.days.push(calendar.workingDaysBetween(localDate(new Date(row.requested_at), timeZone), answeredOn));
    } else if (row.status === 'requested' && term.workingDaysLeft < 0) {
      body.overdue++;
    }
  }
  return [...bodies.values()]
    .map(({ days, ...body }) => ({ ...body, medianWorkingDays: median(days.sort((a, b) => a - b)) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.bodyId - b.bodyId);
}

/** The report on terms for the committee's days `from`…`to` (both included). */
export async function termsReport(ctx: ServiceContext, actor: UserRow, from: string, to: string): Promise<TermsReport> {
  requireHead(actor);
  const range = checkedRange(from, to);
  const timeZone = ctx.config.timeZone;
  const start = dayStart(range.from, timeZone);
  const end = dayStart(addDays(range.to, 1), timeZone);
  const [received, rows, roundRows, grounds, calendar, requests, clock] = await Promise.all([
    countReceived(ctx.db, start, end),
    listDecisions(ctx.db, start, end),
    countRounds(ctx.db, start, end),
    listDecisionGrounds(ctx.db, start, end),
    loadCalendar(ctx.db),
    listConclusionRequests(ctx.db, start, end),
    deadlineClock(ctx),
  ]);
  const decisions = rows.map((row) => decisionOf(row, calendar, timeZone));
  const rounds = new Map(roundRows.map((row) => [row.statement_id, row.rounds]));

  const byExaminer = new Map<number, { fio: string; decisions: Decision[] }>();
  for (const decision of decisions) {
    if (decision.examinerId === null) continue;
    let entry = byExaminer.get(decision.examinerId);
    if (!entry) {
      entry = { fio: decision.examinerFio ?? '', decisions: [] };
      byExaminer.set(decision.examinerId, entry);
    }
    entry.decisions.push(decision);
  }

  const weeks = new Map<string, { weekStart: string; decisions: number; onTime: number }>();
  for (let monday = weekStart(range.from); monday <= range.to; monday = addDays(monday, 7)) {
    weeks.set(monday, { weekStart: monday, decisions: 0, onTime: 0 });
  }
  for (const decision of decisions) {
    if (decision.status === 'withdrawn') continue;
    const week = weeks.get(weekStart(decision.day));
    if (!week) continue;
    week.decisions++;
    if (decision.onTime) week.onTime++;
  }

  return {
    from: range.from,
    to: range.to,
    received,
    total: figuresOf(decisions, rounds, grounds),
    examiners: [...byExaminer.entries()]
      .map(([examinerId, entry]) => ({
        examinerId,
        fio: entry.fio,
        figures: figuresOf(entry.decisions, rounds, grounds),
      }))
      .sort((a, b) => a.fio.localeCompare(b.fio, 'ru') || a.examinerId - b.examinerId),
    weeks: [...weeks.values()],
    bodies: bodiesOf(requests, clock, calendar, timeZone),
  };
}
