// Every list and lookup query, as the repositories send it, checked with EXPLAIN: no full scan of a table that grows
// and no sort for an ORDER BY. The queries are captured from the real repository functions (Kysely's log), then
// explained on the same database: SQLite's EXPLAIN QUERY PLAN; on PostgreSQL EXPLAIN with seq scans and sorts
// disabled, so a plan that still has one means no index can serve the query (the planner may rightly prefer a scan
// on a small table, which says nothing about the index).
import path from 'node:path';
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { StatementStatus } from '#domain/contract.ts';
import { countLoginFailuresSince, findLoginCode } from '../server/src/auth/login-codes.repository.ts';
import { findRefreshToken } from '../server/src/auth/refresh-tokens.repository.ts';
import {
  findStatementByCheckToken,
  listDocuments,
  listStageOutline,
} from '../server/src/certificates/certificates.repository.ts';
import type { Db } from '../server/src/db/database.ts';
import { readListRevision } from '../server/src/db/list-revision.ts';
import { openNodeSqlite } from '../server/src/db/node-sqlite.ts';
import type { Database } from '../server/src/db/schema.ts';
import { findFileByKey } from '../server/src/files/files.repository.ts';
import { listNotifications } from '../server/src/notifications/notifications.repository.ts';
import { findOwnPrefile, listStalePrefiles } from '../server/src/prefiles/prefiles.repository.ts';
import {
  countReceived,
  countRounds,
  listDecisionGrounds,
  listDecisions,
} from '../server/src/reports/reports.repository.ts';
import {
  countStatementsByStatus,
  findStatement,
  listStatements,
  listTerms,
} from '../server/src/statements/statements.repository.ts';
import { listAssignedTerms, listDecisionsSince } from '../server/src/statements/team.repository.ts';
import { findUserByEmail, findUserById, listCompanyUsers } from '../server/src/users/users.repository.ts';
import {
  findFirstApplicantId,
  listHistory,
  listStageFiles,
  listStages,
} from '../server/src/workflow/workflow.repository.ts';

/** Tables that grow with use; a scan of a catalogue or of the companies is fine. */
const GROWING = [
  'statements',
  'stages',
  'files',
  'status_history',
  'notifications',
  'prefiles',
  'refresh_tokens',
  'login_codes',
  'login_failures',
  'users',
];

export interface QueryPlan {
  name: string;
  sql: string;
  plan: string;
  problems: string[];
}

/**
 * The plan's problems: full scans of growing tables (of the table, or of a whole index when the query filters), and
 * sorts. `wholeTable` marks a query that reads a whole index by design (every statement, in order; the partial index
 * of unattached uploads).
 */
export function planProblems(dialect: 'sqlite' | 'postgres', plan: string, wholeTable = false, sql = ''): string[] {
  const problems: string[] = [];
  // SQLite names an aliased table by its alias ('SCAN s'): map aliases back to tables from the query's text.
  const aliases = new Map<string, string>();
  for (const match of sql.matchAll(/"(\w+)"\s+as\s+"(\w+)"/gi)) aliases.set(match[2] ?? '', match[1] ?? '');
  const table = (name: string) => aliases.get(name) ?? name;
  const lines = plan.split('\n');
  for (const [index, line] of lines.entries()) {
    if (dialect === 'sqlite') {
      const scan = /\bSCAN (?:TABLE )?(\w+)(?: AS (\w+))?(.*)$/.exec(line);
      const scanned = table(scan?.[1] ?? '');
      if (scan && GROWING.includes(scanned)) {
        const viaIndex = /USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/.test(scan[3] ?? '');
        if (!viaIndex) problems.push(`full scan of ${scanned}`);
        else if (!wholeTable) problems.push(`full index scan of ${scanned}`);
      }
      if (/USE TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/.test(line)) problems.push('sort');
    } else {
      const seq = /Seq Scan on (\w+)/.exec(line);
      if (seq && GROWING.includes(seq[1] ?? '')) problems.push(`full scan of ${seq[1]}`);
      const viaIndex = /Index (Only )?Scan(?: Backward)? using \w+ on (\w+)/.exec(line);
      if (viaIndex && GROWING.includes(viaIndex[2] ?? '') && !wholeTable) {
        const depth = line.search(/\S/);
        const details: string[] = [];
        for (const next of lines.slice(index + 1)) {
          if (next.search(/\S/) <= depth || next.includes('->')) break;
          details.push(next);
        }
        if (!details.some((d) => d.includes('Index Cond'))) problems.push(`full index scan of ${viaIndex[2]}`);
      }
      if (/^\s*(->\s*)?(Incremental )?Sort\b/.test(line)) problems.push('sort');
    }
  }
  return problems;
}

/** Runs the repositories' read queries against a seeded database and explains each one. */
export async function explainQueries(options: { dataDir: string; databaseUrl?: string | null }): Promise<QueryPlan[]> {
  const captured: Array<{ name: string; query: CompiledQuery; whole: boolean }> = [];
  let current = '';
  let whole = false;
  const log = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === 'query' && current) captured.push({ name: current, query: event.query, whole });
  };
  let pool: pg.Pool | null = null;
  let db: Db;
  if (options.databaseUrl) {
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  } else {
    const { database } = openNodeSqlite(path.join(options.dataDir, 'portal.sqlite'));
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log });
  }
  try {
    // The least busy company and examiner: a selective filter is where an index must serve (for a company that owns
    // nearly every row, PostgreSQL rightly reads the date index and filters).
    const company = await db
      .selectFrom('statements')
      .select(['company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('company_id')
      .orderBy('n')
      .executeTakeFirstOrThrow();
    const examiner = await db
      .selectFrom('statements')
      .select(['examiner_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('examiner_id', 'is not', null)
      .groupBy('examiner_id')
      .orderBy('n')
      .executeTakeFirstOrThrow();
    // The seed spreads its statements over three examiners and five statuses (a fifth each), where PostgreSQL, once it
    // has statistics, rightly reads the date index and filters. A real portal has dozens of examiners and a handful of
    // new statements; the examiner's list and the news are explained for values with few rows (an examiner who has
    // just started, a status no statement is in yet), where an index must serve. The query is the same either way.
    const newExaminer = await db
      .selectFrom('users')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const fewStatus = 'archived' as StatementStatus;
    if (pool) await sql`analyze`.execute(db);
    const statement = await db
      .selectFrom('statements')
      .select(['id', 'company_id', 'examiner_id'])
      .where('company_id', '=', company.company_id)
      .limit(1)
      .executeTakeFirstOrThrow();
    const stage = await db
      .selectFrom('stages')
      .select('id')
      .where('statement_id', '=', statement.id)
      .executeTakeFirstOrThrow();
    const file = await db.selectFrom('files').select('storage_key').executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('company_id', 'is not', null)
      .executeTakeFirstOrThrow();
    captured.length = 0;
    /** `wholeIndex`: the query reads a whole index by design (every statement; the partial index of unattached uploads). */
    const run = async (name: string, work: () => Promise<unknown>, wholeIndex = false) => {
      current = name;
      whole = wholeIndex;
      await work();
    };
    await run('company list', () => listStatements(db, { companyId: statement.company_id }));
    await run('examiner list (all)', () => listStatements(db, {}), true);
    await run('examiner list (mine)', () => listStatements(db, { examinerId: Number(newExaminer.id) + 1 }));
    await run('examiner news (one status)', () => listStatements(db, { status: fewStatus }));
    await run('list revision (list cache)', () => readListRevision(db));
    const mine = { examinerId: examiner.examiner_id ?? 0 };
    await run('sidebar counts (company)', () => countStatementsByStatus(db, { companyId: statement.company_id }));
    await run('sidebar counts (examiner)', () => countStatementsByStatus(db, mine));
    const running = ['sent', 'under_review'] as const;
    await run('running terms (company)', () => listTerms(db, { companyId: statement.company_id }, running));
    await run('running terms (examiner)', () => listTerms(db, mine, running));
    // The head's 'Нагрузка': open work of every examiner, and the decisions of the last 90 days.
    await run('team: open work by examiner', () => listAssignedTerms(db, ['sent', 'under_review', 'has_comments']));
    await run('team: decisions of 90 days', () =>
      listDecisionsSince(db, ['approved', 'rejected'], new Date(Date.now() - 90 * 86_400_000).toISOString()),
    );
    await run('statement detail', () => findStatement(db, statement.id));
    await run('stages of a statement', () => listStages(db, statement.id));
    await run('history of a statement', () => listHistory(db, statement.id));
    await run('files of stages', () => listStageFiles(db, [stage.id]));
    await run('first applicant', () => findFirstApplicantId(db, statement.id));
    await run('file by key (download)', () => findFileByKey(db, file.storage_key));
    await run('user by id (every request)', () => findUserById(db, user.id));
    await run('user by e-mail (login)', () => findUserByEmail(db, user.email ?? ''));
    await run('company users', () => listCompanyUsers(db, statement.company_id));
    await run('notifications of a user', () => listNotifications(db, user.id, 50));
    await run('own prefile', () => findOwnPrefile(db, user.id, 1));
    await run('stale prefiles (housekeeping)', () => listStalePrefiles(db, '2026-01-01T00:00:00.000Z', 100), true);
    await run('refresh token by hash', () => findRefreshToken(db, 'x'));
    await run('login code by attempt', () => findLoginCode(db, 'login', 'x'));
    await run('login failures since', () => countLoginFailuresSince(db, user.email ?? '', '2026-01-01'));
    await run('certificate by token', () => findStatementByCheckToken(db, 'x'));
    await run('certificate outline', () => listStageOutline(db, statement.id));
    await run('certificate documents', () => listDocuments(db, stage.id));
    // The report on terms (GET /api/instance/reports) over a quarter: the history found by its time.
    const quarter = ['2026-09-30T21:00:00.000Z', '2026-12-31T21:00:00.000Z'] as const;
    await run('report: received', () => countReceived(db, ...quarter));
    await run('report: decisions', () => listDecisions(db, ...quarter));
    await run('report: rounds', () => countRounds(db, ...quarter));
    await run('report: refusal grounds', () => listDecisionGrounds(db, ...quarter));

    current = '';
    const queries = captured.splice(0);
    const plans: QueryPlan[] = [];
    if (pool) {
      const client = await pool.connect();
      try {
        await client.query('set enable_seqscan = off');
        await client.query('set enable_sort = off');
        for (const { name, query, whole: wholeIndex } of queries) {
          const result = await client.query(`explain ${query.sql}`, [...query.parameters]);
          const plan = result.rows.map((row: Record<string, string>) => Object.values(row)[0]).join('\n');
          plans.push({ name, sql: query.sql, plan, problems: planProblems('postgres', plan, wholeIndex, query.sql) });
        }
      } finally {
        client.release();
      }
    } else {
      for (const { name, query, whole: wholeIndex } of queries) {
        const result = await db.executeQuery<{ detail: string }>({
          ...query,
          sql: `explain query plan ${query.sql}`,
        } as CompiledQuery<{ detail: string }>);
        const plan = result.rows.map((row) => row.detail).join('\n');
        plans.push({ name, sql: query.sql, plan, problems: planProblems('sqlite', plan, wholeIndex, query.sql) });
      }
    }
    return plans;
  } finally {
    await db.destroy();
  }
}
