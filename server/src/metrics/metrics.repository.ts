import { sql } from 'kysely';
import type { StatementStatus } from '#domain/contract.ts';
import type { Db } from '../db/database.ts';
import type { RemarkStatus } from '../db/schema.ts';

/** How many statements are in each status (a status with none is missing). */
export async function countStatementsByStatus(db: Db): Promise<Map<StatementStatus, number>> {
  const rows = await db
    .selectFrom('statements')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

/** The review terms of the statements in these statuses (those whose term runs). */
export function listRunningTerms(db: Db, statuses: readonly StatementStatus[]) {
  return db
    .selectFrom('statements')
    .select(['status', 'term_start', 'term_days'])
    .where('status', 'in', [...statuses])
    .execute();
}

/** Published required remarks not resolved, on statements under review or in rework, all statements together. */
export async function countOpenRequiredRemarks(db: Db): Promise<number> {
  const row = await db
    .selectFrom('remarks as r')
    .innerJoin('statements as s', 's.id', 'r.statement_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('r.severity', '=', 'required')
    .where('r.status', 'in', ['open', 'reopened', 'answered'] satisfies RemarkStatus[])
    .where('s.status', 'in', ['under_review', 'has_comments'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** When the last successful backup ended (docs/operations.md «Резервные копии»), or null if none has. */
export async function lastBackupSuccess(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('backups')
    .select((eb) => eb.fn.max('finished_at').as('at'))
    .where('succeeded', '=', true)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/** A trivial query: proves a connection can be had and the database answers (the readiness check, health.ts). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
