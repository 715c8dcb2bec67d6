import type { ReviewDeadline } from '#domain/contract.ts';

// Apart from deadline.ts: the sidebar's counters on every signed-in page need only this, not the deadline wording.

/** True when the statement's term is over (the due date has passed while it waits for the committee). */
export function isOverdue(statement: { reviewDeadline?: ReviewDeadline | null }): boolean {
  return (statement.reviewDeadline?.workingDaysLeft ?? 0) < 0;
}

/** How many of `statements` are overdue (the examiner's sidebar). */
export function countOverdue(statements: ReadonlyArray<{ reviewDeadline?: ReviewDeadline | null }>): number {
  let count = 0;
  for (const statement of statements) if (isOverdue(statement)) count += 1;
  return count;
}
