import { atom, computed } from 'nanostores';
import type { StatementStatus } from '../../../lib/statuses.ts';

/** Number of statements per status. */
export type StatusCounters = Record<StatementStatus, number>;

/** Counters with every status at zero. */
export function zeroCounters(): StatusCounters {
  return { sent: 0, under_review: 0, has_comments: 0, approved: 0, rejected: 0 };
}

/** Statement counts per status for the sidebar; zeros until the statement lists feed them. */
export const $statusCounters = atom<StatusCounters>(zeroCounters());

/** Statements in work: every status except sent (spec §4). */
export const $countersTotal = computed(
  $statusCounters,
  (counters) => counters.under_review + counters.has_comments + counters.approved + counters.rejected,
);

/** Replaces the counters (called by the statement list stores once they load). */
export function setStatusCounters(counters: StatusCounters): void {
  $statusCounters.set(counters);
}
