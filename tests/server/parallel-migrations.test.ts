import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../server/migrations/index.ts';
import { createDatabase, type Db, MIGRATION_LOCK_ID, migrateToLatest } from '../../server/src/db/database.ts';
import { usingPostgres } from './helpers.ts';

const dirs: string[] = [];
const handles: Db[] = [];
afterEach(async () => {
  for (const db of handles.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh data directory, and a function that opens one more pool (or connection) on it; all closed after the test. */
function databaseIn(prefix: string): () => Db {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return () => {
    const db = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, dataDir: dir });
    handles.push(db);
    return db;
  };
}

describe('migrations at start', () => {
  it('are safe when several instances start at once on one empty database', async () => {
    const open = databaseIn('portal-parallel-migrations-');
    const first = open();
    if (usingPostgres) {
      await sql`drop schema if exists public cascade`.execute(first);
      await sql`create schema public`.execute(first);
    }
    // Each "instance" has its own pool (PostgreSQL) or connection (SQLite), as separate processes would.
    const instances = [first, open(), open(), open()];
    const results = await Promise.allSettled(instances.map((db) => migrateToLatest(db)));
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(
      instances.map(() => 'ok'),
    );
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(first);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    if (usingPostgres) {
      // The lock is released: nobody holds it once start-up is over.
      const held = await sql<{
        count: number | string;
      }>`select count(*) as count from pg_locks where locktype = 'advisory'`.execute(first);
      expect(Number(held.rows[0]?.count)).toBe(0);
    }
  });

  it.runIf(usingPostgres)('wait on PostgreSQL for the advisory lock another instance holds', async () => {
    const open = databaseIn('portal-migration-lock-');
    const holder = open();
    await sql`drop schema if exists public cascade`.execute(holder);
    await sql`create schema public`.execute(holder);
    let finished = false;
    await holder.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(connection);
      const migrating = migrateToLatest(open()).then(() => {
        finished = true;
      });
      // Until it waits for that lock: a request for it not granted (a bigint key is classid, objid; objsubid 1).
      const waiting = async () =>
        Number(
          (
            await sql<{ count: number | string }>`select count(*) as count from pg_locks
              where locktype = 'advisory' and not granted and objsubid = 1
                and (classid::bigint << 32) + objid::bigint = ${sql.lit(MIGRATION_LOCK_ID)}`.execute(connection)
          ).rows[0]?.count,
        );
      await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(finished).toBe(false);
      const tables = await sql`select 1 from information_schema.tables where table_name = 'kysely_migration'`.execute(
        connection,
      );
      expect(tables.rows).toHaveLength(0);
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(connection);
      await migrating;
    });
    expect(finished).toBe(true);
  });
});
