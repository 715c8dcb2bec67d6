import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from '../../migrations/index.ts';
import { assertSqliteDurability, openNodeSqlite } from './node-sqlite.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
}

/** Opens PostgreSQL when DATABASE_URL is a postgres URL, otherwise the SQLite file under DATA_DIR. */
export function createDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    // bigint columns (file sizes, counts) come back as numbers: sizes stay far below 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const { database, raw } = openNodeSqlite(path.join(options.dataDir, 'portal.sqlite'));
  assertSqliteDurability(raw);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
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

/** A consistent copy of the SQLite file (VACUUM INTO), safe while the portal runs. */
export async function backupSqlite(db: Db, target: string): Promise<void> {
  await sql`VACUUM INTO ${target}`.execute(db);
}
