// The team's workload on the site: which statements of /instance/all a figure of /instance/team stands for, by the
// same rules the API counts them (server/src/statements/team.service.ts), so a click shows as many rows as it said.

import { COMMITTEE_TIME_ZONE, committeeTime } from '#domain/committee-time.ts';
import type { ReviewDeadline, StatementListItem } from '#domain/contract.ts';
import type { TeamFigure } from '#domain/routes.ts';

/** 'Скоро срок': the running term ends within this many working days and is not over (the API's DUE_SOON_DAYS). */
export const DUE_SOON_DAYS = 3;

export const TEAM_FIGURES: readonly TeamFigure[] = [
  'inWork',
  'awaitingApplicant',
  'overdue',
  'dueSoon',
  'decidedThisMonth',
];

/** An examiner's statements behind one figure, as /instance/all?examiner={id}&figure={figure} asks. */
export interface TeamFilter {
  examinerId: number;
  figure: TeamFigure;
}

/** The filter a query string asks for, or null when it names no examiner or no known figure. */
export function parseTeamFilter(search: string): TeamFilter | null {
  const params = new URLSearchParams(search);
  const examiner = params.get('examiner') ?? '';
  const figure = params.get('figure') as TeamFigure | null;
  if (!/^[1-9]\d{0,15}$/.test(examiner) || figure === null || !TEAM_FIGURES.includes(figure)) return null;
  return { examinerId: Number(examiner), figure };
}

function runningDeadline(item: StatementListItem): ReviewDeadline | null {
  return item.reviewDeadline ?? item.intakeDeadline ?? null;
}

/** The committee's month ('YYYY-MM') of an instant. */
function committeeMonth(at: string | Date, timeZone: string): string | undefined {
  return committeeTime(at, timeZone)?.day.slice(0, 7);
}

/**
 * Whether a statement counts toward the figure: the examiner's, and in work (`under_review`), the applicant's turn
 * (`has_comments`), past its running term, within 3 working days of it, or decided (its last change) in the month of
 * `now`.
 */
export function matchesTeamFilter(
  item: StatementListItem,
  filter: TeamFilter,
  now: Date,
  timeZone: string = COMMITTEE_TIME_ZONE,
): boolean {
  if (item.examinerId !== filter.examinerId) return false;
  const left = runningDeadline(item)?.workingDaysLeft;
  switch (filter.figure) {
    case 'inWork':
      return item.status === 'under_review';
    case 'awaitingApplicant':
      return item.status === 'has_comments';
    case 'overdue':
      return left !== undefined && left < 0;
    case 'dueSoon':
      return left !== undefined && left >= 0 && left <= DUE_SOON_DAYS;
    case 'decidedThisMonth':
      return (
        (item.status === 'approved' || item.status === 'rejected' || item.status === 'not_accepted') &&
        committeeMonth(item.lastUpdate, timeZone) === committeeMonth(now, timeZone)
      );
  }
}

/** The on-time share as people read it: '87 %', or a dash when nothing was decided. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)} %`;
}
