// The restore's work on the target database (docs/operations.md «Резервные копии»): whether it is empty, loading rows
// with the schema's checks held to the end and the triggers silent, the id counters, and emptying it again.
import { sql } from 'kysely';
import { API_APPLICATION_NAME, type Db, isPostgres } from '../db/database.ts';
import { BackupError } from './manifest.ts';
import { allTables, untyped } from './snapshot.repository.ts';

/** True when the database has no table at all (a new PostgreSQL database, a new SQLite file). */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  return (await allTables(db)).length === 0;
}

/** How many connections of running API processes the database has (PostgreSQL; SQLite cannot tell). */
export async function apiConnections(db: Db): Promise<number> {
  if (!isPostgres(db)) return 0;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and application_name = ${API_APPLICATION_NAME}`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function deleteAllRows(trx: Db, table: string): Promise<void> {
  await sql`delete from ${sql.table(table)}`.execute(trx);
}

export async function insertRows(trx: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  await untyped(trx).insertInto(table).values(rows).execute();
}

/**
 * Runs `work` in one transaction with the references between tables checked only at its end and no trigger firing:
 * PostgreSQL drops the foreign keys and makes them again (which checks every row) and disables the tables' own
 * triggers; SQLite turns `foreign_keys` off, drops the triggers and makes them again, and runs `foreign_key_check`.
 * References that do not hold throw `BackupError`, and nothing of the work stays.
 */
export async function withChecksHeld(db: Db, work: (trx: Db) => Promise<void>): Promise<void> {
  const broken = (detail: string) => new BackupError(`Ссылки между таблицами копии не сходятся: ${detail}`);
  if (isPostgres(db)) {
    await db.transaction().execute(async (trx) => {
      const { rows: keys } = await sql<{ tbl: string; name: string; definition: string }>`
        select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as definition
        from pg_constraint where contype = 'f' and connamespace = current_schema()::regnamespace`.execute(trx);
      for (const key of keys) {
        await sql`alter table ${sql.raw(key.tbl)} drop constraint ${sql.id(key.name)}`.execute(trx);
      }
      const tables = await allTables(trx);
      for (const name of tables) await sql`alter table ${sql.table(name)} disable trigger user`.execute(trx);
      await work(trx);
      for (const name of tables) await sql`alter table ${sql.table(name)} enable trigger user`.execute(trx);
      for (const key of keys) {
        await sql`alter table ${sql.raw(key.tbl)} add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`
          .execute(trx)
          .catch((error: unknown) => {
            throw broken(`${key.tbl}: ${error instanceof Error ? error.message : String(error)}`);
          });
      }
    });
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const { rows: triggers } = await sql<{ name: string; sql: string }>`
        select name, sql from sqlite_master where type = 'trigger'`.execute(trx);
      for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(trx);
      await work(trx);
      for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
      const { rows } = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(trx);
      if (rows[0]) throw broken(`${rows[0].table} → ${rows[0].parent} (всего ${rows.length})`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** Each id counter goes on after the larger of the original's last value and the largest id loaded. */
export async function continueSequences(trx: Db, sequences: Record<string, number>): Promise<void> {
  for (const [qualified, last] of Object.entries(sequences)) {
    const [table, column] = qualified.split('.') as [string, string];
    if (isPostgres(trx)) {
      await sql`
        select setval(pg_get_serial_sequence(${table}, ${column}),
          greatest(${last}::bigint, (select coalesce(max(${sql.ref(column)}), 0) from ${sql.table(table)}), 1),
          greatest(${last}::bigint, (select coalesce(max(${sql.ref(column)}), 0) from ${sql.table(table)})) > 0)`.execute(
        trx,
      );
    } else {
      const { rows } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(trx);
      if (rows.length === 0) {
        await sql`insert into sqlite_sequence (name, seq) values (${table}, ${last})`.execute(trx);
      } else if (Number(rows[0]?.seq) < last) {
        await sql`update sqlite_sequence set seq = ${last} where name = ${table}`.execute(trx);
      }
    }
  }
}

/** Empties the database: every table, and on PostgreSQL the migrations' functions, gone. */
export async function wipe(db: Db): Promise<void> {
  if (isPostgres(db)) {
    for (const name of await allTables(db)) await sql`drop table if exists ${sql.table(name)} cascade`.execute(db);
    const { rows } = await sql<{ signature: string }>`
      select oid::regprocedure::text as signature from pg_proc where pronamespace = current_schema()::regnamespace`.execute(
      db,
    );
    for (const row of rows) await sql`drop function if exists ${sql.raw(row.signature)} cascade`.execute(db);
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger'`.execute(db);
    for (const row of rows) await sql`drop trigger if exists ${sql.id(row.name)}`.execute(db);
    for (const name of await allTables(db)) await sql`drop table if exists ${sql.table(name)}`.execute(db);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
