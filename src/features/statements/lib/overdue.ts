import type { ReviewDeadline } from '#domain/contract.ts';

// Apart from deadline.ts: the sidebar's counters on every signed-in page need only this, not the deadline wording.

/** The terms a statement's overdue is read from: the review term, and while `sent` the intake check's. */
export interface Terms {
  reviewDeadline?: ReviewDeadline | null;
  intakeDeadline?: ReviewDeadline | null;
}

/**
 * True when a term of the statement is over (the due date has passed while it waits for the committee): the review
 * term, or the intake check's, as the counters' `overdue` counts them.
 */
export function isOverdue(statement: Terms): boolean {
  return (statement.reviewDeadline?.workingDaysLeft ?? 0) < 0 || (statement.intakeDeadline?.workingDaysLeft ?? 0) < 0;
}

/** How many of `statements` are overdue (the examiner's sidebar). */
export function countOverdue(statements: ReadonlyArray<Terms>): number {
  let count = 0;
  for (const statement of statements) if (isOverdue(statement)) count += 1;
  return count;
}
