import { createHash } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  type CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type QueryResult,
  SqliteDialect,
  sql,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from '../../migrations/index.ts';
import { assertSqliteDurability, openNodeSqlite, type QueryTimer } from './node-sqlite.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** Told each query's duration and whether it failed (the metrics; absent, queries are not timed). */
  onQuery?: (seconds: number, failed: boolean) => void;
  /** How PostgreSQL's connections name themselves (`application_name`): an API process says so (`API_APPLICATION_NAME`). */
  applicationName?: string;
}

/** What PostgreSQL's connections of a running API process call themselves: a restore refuses a database they use. */
export const API_APPLICATION_NAME = 'approval-portal-api';

/** The PostgreSQL pool behind a database, for its figures (connections in use, idle, waited for). */
const pools = new WeakMap<Db, pg.Pool>();

/** How many connections the pool holds, how many of them are idle, and how many queries wait for one (PostgreSQL). */
export function poolFigures(db: Db): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/** Opens PostgreSQL when DATABASE_URL is a postgres URL, otherwise the SQLite file under DATA_DIR. */
export function createDatabase(options: DatabaseOptions): Db {
  // Queries are timed in the drivers themselves (Kysely's own log wraps every query in two more awaits: ~10 % of
  // GET /api/users/me, bench figure 9).
  const { onQuery } = options;
  if (options.databaseUrl) {
    // bigint columns (file sizes, counts) come back as numbers: sizes stay far below 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      application_name: options.applicationName ?? 'approval-portal',
    });
    pool.on('connect', (client) => usePreparedStatements(client, onQuery));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  const { database, raw } = openNodeSqlite(path.join(options.dataDir, 'portal.sqlite'), onQuery);
  assertSqliteDurability(raw);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

/** Statement names by SQL text, for the texts `executePrepared` runs (a fixed few, never user-made SQL). */
const preparedNames = new Map<string, string>();

/**
 * A pooled PostgreSQL client that runs the texts of `executePrepared` as named prepared statements: parsed and
 * planned once per connection, then only bound and executed (a third of the round trip of `findUserById`).
 * Everything else goes through as before. PostgreSQL re-plans a prepared statement itself after a schema change.
 */
function usePreparedStatements(client: pg.PoolClient, onQuery?: QueryTimer): void {
  const query = client.query as (...args: unknown[]) => unknown;
  const prepared = (...args: unknown[]) => {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' ? preparedNames.get(text) : undefined;
    if (name !== undefined && Array.isArray(values)) return query.call(client, { name, text, values });
    return query.apply(client, args);
  };
  const timedQuery = (...args: unknown[]) => {
    const started = performance.now();
    const result = prepared(...args);
    // Kysely calls query(text, values) and awaits the promise; other callers (callbacks, streams) are not timed.
    if (result instanceof Promise) {
      return result.then(
        (rows) => {
          onQuery?.((performance.now() - started) / 1000, false);
          return rows;
        },
        (error: unknown) => {
          onQuery?.((performance.now() - started) / 1000, true);
          throw error;
        },
      );
    }
    return result;
  };
  client.query = (onQuery ? timedQuery : prepared) as typeof client.query;
}

/**
 * Runs a query compiled once (a hot lookup) with these parameters, through Kysely's executor (its connection, SQLite's
 * lock, a transaction). SQLite prepares every statement once anyway (node-sqlite.ts); on PostgreSQL the text becomes
 * a named prepared statement on each connection.
 */
export function executePrepared<R>(
  db: Db,
  query: CompiledQuery<R>,
  parameters: readonly unknown[],
): Promise<QueryResult<R>> {
  if (!preparedNames.has(query.sql)) {
    preparedNames.set(query.sql, `portal_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`);
  }
  return db.executeQuery<R>({ ...query, parameters });
}

/** The PostgreSQL advisory lock that migrations at start hold (one number, shared by every API process of the portal). */
export const MIGRATION_LOCK_ID = 7_264_015_820_451;

/**
 * Brings the schema up to date; throws with the failing migration's error. Several API processes may start at once: one
 * migrates under the start lock and the others then find nothing to do.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  await withStartLock(db, () => runMigrations(db));
}

/**
 * Runs `work` while holding the lock every API process of the portal takes for its start-up writes (migrations, the
 * catalogues, the demo seed), so API processes starting at once on one empty database do each of them once. PostgreSQL:
 * a session-level advisory lock held on one connection of its own (Kysely's own per-transaction migration lock does
 * not cover creating its bookkeeping tables). SQLite: migrations run outside a transaction (some rebuild tables with
 * their own), so the database's own lock is not held throughout: an exclusive lock on a side file
 * (`<database>.migration-lock`) is.
 */
export async function withStartLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return withSqliteMigrationLock(db, work);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(connection);
    }
  });
}

/**
 * Holds `BEGIN EXCLUSIVE` on a side SQLite file while `work` runs; waits without blocking the event loop. The
 * operating system drops the lock if the process dies, so a crash never leaves it held.
 */
async function withSqliteMigrationLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const file = rows.find((row) => row.name === 'main')?.file;
  if (!file) return work();
  const lock = new DatabaseSync(`${file}.migration-lock`);
  try {
    lock.exec('PRAGMA busy_timeout = 0');
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        if (!/locked|busy/i.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}

async function runMigrations(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Миграция ${failed?.migrationName ?? ''} не выполнена: ${String(error)}`);
  }
}

/** ISO 8601 UTC text, the one timestamp format stored in both databases. */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}

/** True on PostgreSQL (row locks, `for update`); SQLite runs one write transaction at a time anyway. */
/**
 * A list of values to bind, cut into batches that stay under every database's limit on bound values in one query
 * (SQLite's 32,766, PostgreSQL's 65,535), with room for the query's other parameters.
 */
export function batches<T>(values: readonly T[], size = 1000): T[][] {
  const cut: T[][] = [];
  for (let start = 0; start < values.length; start += size) cut.push(values.slice(start, start + size));
  return cut;
}

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
