import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Node's sqlite accepts no booleans or Dates: store them as 1/0 and ISO text. */
function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...parameters.map(toSqlite)),
    run: (parameters) => statement.run(...parameters.map(toSqlite)),
    iterate: (parameters) => statement.iterate(...parameters.map(toSqlite)) as IterableIterator<unknown>,
  };
}

/** Wraps node:sqlite's DatabaseSync in the interface Kysely's SqliteDialect drives. */
export function openNodeSqlite(file: string): { database: SqliteDatabase; raw: DatabaseSync } {
  const raw = new DatabaseSync(file);
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = FULL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare: (sql) => adaptStatement(raw.prepare(sql)),
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
