import type { StatementStatus } from '#domain/contract.ts';
import type { Db } from '../db/database.ts';

// The report on terms' reads (docs/product.md «The report on terms»). Every query takes the range as UTC instants
// [`from`, `to`) and finds its rows by the history's time (index status_history_changed_idx, bench/explain.ts).

/** The final statuses: a statement that reaches one was decided (or withdrawn) then. */
export const FINAL_STATUSES = [
  'approved',
  'rejected',
  'not_accepted',
  'withdrawn',
] as const satisfies readonly StatementStatus[];

/** How many statements were submitted in the range (their first history entry: nothing → `sent`). */
export async function countReceived(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('status_history')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('changed_at', '>=', from)
    .where('changed_at', '<', to)
    .where('to_status', '=', 'sent')
    .where('from_status', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The history entries of the statements that reached a final status in the range. */
function decisionsIn(db: Db, from: string, to: string) {
  return db
    .selectFrom('status_history')
    .where('changed_at', '>=', from)
    .where('changed_at', '<', to)
    .where('to_status', 'in', FINAL_STATUSES);
}

export interface DecisionRow {
  statement_id: number;
  to_status: StatementStatus;
  changed_at: string;
  term_on_time: number | boolean | null;
  /** The receipt of the submission the decision answered. */
  term_start: string | null;
  examiner_id: number | null;
  examiner_fio: string | null;
}

/** The decisions in the range with the statement's last receipt and examiner. */
export async function listDecisions(db: Db, from: string, to: string): Promise<DecisionRow[]> {
  return (await decisionsIn(db, from, to)
    .innerJoin('statements', 'statements.id', 'status_history.statement_id')
    .leftJoin('users', 'users.id', 'statements.examiner_id')
    .select([
      'status_history.statement_id',
      'status_history.to_status',
      'status_history.changed_at',
      'status_history.term_on_time',
      'statements.term_start',
      'statements.examiner_id',
      'users.fio as examiner_fio',
    ])
    .orderBy('status_history.changed_at')
    .execute()) as DecisionRow[];
}

/** The submissions (the first and every new version: `has_comments` → `under_review`) of the range's decided statements. */
export async function countRounds(
  db: Db,
  from: string,
  to: string,
): Promise<Array<{ statement_id: number; rounds: number }>> {
  const rows = await db
    .selectFrom('status_history')
    .select(['statement_id', (eb) => eb.fn.countAll<number | string>().as('rounds')])
    .where('statement_id', 'in', decisionsIn(db, from, to).select('status_history.statement_id'))
    .where((eb) =>
      eb.or([
        eb.and([eb('from_status', 'is', null), eb('to_status', '=', 'sent')]),
        eb.and([eb('from_status', '=', 'has_comments'), eb('to_status', '=', 'under_review')]),
      ]),
    )
    .groupBy('statement_id')
    .execute();
  return rows.map((row) => ({ statement_id: row.statement_id, rounds: Number(row.rounds) }));
}

/** The refusal grounds given by the range's decisions (both catalogues), with the ground's current name. */
export async function listDecisionGrounds(
  db: Db,
  from: string,
  to: string,
): Promise<Array<{ statement_id: number; ground_id: number; kind: 'intake' | 'decision'; name: string }>> {
  return db
    .selectFrom('statement_refusal_grounds')
    .innerJoin('refusal_grounds', 'refusal_grounds.id', 'statement_refusal_grounds.ground_id')
    .select([
      'statement_refusal_grounds.statement_id',
      'statement_refusal_grounds.ground_id',
      'refusal_grounds.kind',
      'refusal_grounds.name',
    ])
    .where(
      'statement_refusal_grounds.statement_id',
      'in',
      decisionsIn(db, from, to).select('status_history.statement_id'),
    )
    .execute();
}

/** The requests for conclusions made in the range, with their body and, when answered, the answer's moment. */
export function listConclusionRequests(db: Db, from: string, to: string) {
  return db
    .selectFrom('conclusions as c')
    .innerJoin('review_bodies as b', 'b.id', 'c.body_id')
    .select([
      'c.body_id',
      'b.name as body_name',
      'b.kind as body_kind',
      'c.status',
      'c.requested_at',
      'c.due_days',
      'c.answered_at',
    ])
    .where('c.requested_at', '>=', from)
    .where('c.requested_at', '<', to)
    .orderBy('c.id')
    .execute();
}
