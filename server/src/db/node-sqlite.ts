import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Node's sqlite accepts no booleans or Dates: store them as 1/0 and ISO text. */
function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

/**
 * Kysely's statement over node:sqlite's. `all` and `run` finish before they return, so one prepared statement serves
 * every call; `iterate` (a stream, which may stay open across awaits) gets a statement of its own from `fresh`, so a
 * query with the same text meanwhile cannot reset it.
 */
function adaptStatement(statement: StatementSync, fresh: () => StatementSync, onQuery?: QueryTimer): SqliteStatement {
  const reader = statement.columns().length > 0;
  const all = (parameters: readonly unknown[]) => statement.all(...parameters.map(toSqlite));
  const run = (parameters: readonly unknown[]) => statement.run(...parameters.map(toSqlite));
  return {
    reader,
    all: onQuery ? timed(all, onQuery) : all,
    run: onQuery ? timed(run, onQuery) : run,
    iterate: (parameters) => fresh().iterate(...parameters.map(toSqlite)) as IterableIterator<unknown>,
  };
}

/** Told each query's duration in seconds and whether it failed (the metrics). */
export type QueryTimer = (seconds: number, failed: boolean) => void;

/** A synchronous call timed around itself: no promise, no allocation beyond the clock reads. */
function timed<A, R>(call: (argument: A) => R, onQuery: QueryTimer): (argument: A) => R {
  return (argument) => {
    const started = performance.now();
    let failed = true;
    try {
      const result = call(argument);
      failed = false;
      return result;
    } finally {
      onQuery((performance.now() - started) / 1000, failed);
    }
  };
}

/** How many prepared statements a connection keeps: every query the app makes, with room to spare. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * Prepared statements by SQL text, least recently used dropped first, so a query the app repeats is compiled once
 * (preparing was 7–9 % of `GET /api/users/me`). Safe to share: node:sqlite is synchronous, so an `all` or
 * `run` completes before anything else can use the statement, and each resets it before binding (streams get their
 * own, see `adaptStatement`). A dropped statement is finalized by its garbage collection or by `close()`, and SQLite
 * re-prepares a cached one itself if the schema changed (a migration).
 */
export function statementCache(
  prepare: (sql: string) => SqliteStatement,
  size = STATEMENT_CACHE_SIZE,
): (sql: string) => SqliteStatement {
  const cache = new Map<string, SqliteStatement>();
  return (sql) => {
    const known = cache.get(sql);
    if (known) {
      // Map keeps insertion order: re-inserting makes it the most recently used.
      cache.delete(sql);
      cache.set(sql, known);
      return known;
    }
    const statement = prepare(sql);
    cache.set(sql, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return statement;
  };
}

/** Wraps node:sqlite's DatabaseSync in the interface Kysely's SqliteDialect drives. */
export function openNodeSqlite(file: string, onQuery?: QueryTimer): { database: SqliteDatabase; raw: DatabaseSync } {
  const raw = new DatabaseSync(file);
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = FULL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare: statementCache((sql) => adaptStatement(raw.prepare(sql), () => raw.prepare(sql), onQuery)),
  };
  return { database, raw };
}

/** Reads the durability pragmas back so a misconfigured file is refused at start. */
export function assertSqliteDurability(raw: DatabaseSync): void {
  const read = (pragma: string) => Object.values(raw.prepare(`PRAGMA ${pragma}`).get() ?? {})[0];
  const journal = String(read('journal_mode')).toLowerCase();
  const synchronous = Number(read('synchronous'));
  const foreignKeys = Number(read('foreign_keys'));
  const busy = Number(read('busy_timeout'));
  if (journal !== 'wal' && journal !== 'memory') throw new Error(`SQLite journal_mode is ${journal}, expected wal`);
  if (synchronous !== 2) throw new Error(`SQLite synchronous is ${synchronous}, expected FULL (2)`);
  if (foreignKeys !== 1) throw new Error('SQLite foreign_keys is off');
  if (!(busy > 0)) throw new Error('SQLite busy_timeout is 0');
}
