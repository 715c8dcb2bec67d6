import type { StatementStatus } from '#domain/contract.ts';
import type { Db } from '../db/database.ts';

// The team's workload (GET /api/instance/team): two reads over the whole committee, both by the statements' status
// index, so the head's screen costs the same as two sidebar counts whatever the number of examiners.

/** The statements assigned to someone in these statuses, with their terms: counted and timed per examiner. */
export function listAssignedTerms(db: Db, statuses: readonly StatementStatus[]) {
  return db
    .selectFrom('statements')
    .select(['examiner_id', 'status', 'term_start', 'term_days'])
    .where('status', 'in', [...statuses])
    .where('examiner_id', 'is not', null)
    .execute();
}

/**
 * The decisions made since `since` (an ISO instant) on assigned statements: whose statement, when, and whether the
 * decision came within the term (the history's outcome). A decided statement moves no more, so its `last_update` is
 * its decision's moment, which lets the status index find them.
 */
export async function listDecisionsSince(db: Db, decisions: readonly StatementStatus[], since: string) {
  const rows = await db
    .selectFrom('statements as s')
    .innerJoin('status_history as h', (join) =>
      join.onRef('h.statement_id', '=', 's.id').onRef('h.to_status', '=', 's.status'),
    )
    .select(['s.examiner_id', 'h.changed_at', 'h.term_on_time'])
    .where('s.status', 'in', [...decisions])
    .where('s.examiner_id', 'is not', null)
    .where('s.last_update', '>=', since)
    .where('h.changed_at', '>=', since)
    .execute();
  return rows.map((row) => ({
    examinerId: Number(row.examiner_id),
    at: row.changed_at,
    onTime: row.term_on_time === null ? null : Boolean(row.term_on_time),
  }));
}
