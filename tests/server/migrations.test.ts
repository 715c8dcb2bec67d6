import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../server/migrations/index.ts';
import { createDatabase, type Db, migrateToLatest } from '../../server/src/db/database.ts';
import { usingPostgres } from './helpers.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function databaseAt(migration: string): Promise<Db> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  dirs.push(dir);
  const db = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, dataDir: dir });
  if (usingPostgres) {
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  }
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
    migration,
  );
  if (error) throw error;
  return db;
}

describe('the workflow groundwork migration', () => {
  it('upgrades a database of the first release and keeps every row and reference', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the first release's schema, not today's
    const db = (await databaseAt('20261122T0300_initial')) as any as import('kysely').Kysely<any>;
    const at = '2026-11-01T10:00:00.000Z';
    await db
      .insertInto('companies')
      .values({ id: 1, legal_entity: 'ООО «А»', director: 'Директоров Д. Д.', director_phone: '+7 1', created_at: at })
      .execute();
    await db.insertInto('instances').values({ id: 1, name: 'Комитет', created_at: at }).execute();
    await db
      .insertInto('users')
      .values([
        { id: 1, email: 'owner@a.example', fio: 'Иванов И. И.', role: 'owner', company_id: 1, created_at: at },
        { id: 2, email: 'expert@city.example', fio: 'Орлова О. О.', role: 'examiner', instance_id: 1, created_at: at },
      ])
      .execute();
    await db
      .insertInto('statements')
      .values({
        id: 1,
        visible_id: 7,
        company_id: 1,
        status: 'under_review',
        object_name: 'Школа',
        examiner_id: 2,
        date_create: at,
        last_update: at,
      })
      .execute();
    await db
      .insertInto('stages')
      .values({ id: 1, statement_id: 1, n: 1, applicant_id: 1, status: 'sent', date_create: at })
      .execute();
    await db
      .insertInto('status_history')
      .values({ statement_id: 1, from_status: null, to_status: 'sent', user_id: 1, changed_at: at })
      .execute();
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: 1,
        family_id: 'f',
        token_hash: 'h',
        created_at: at,
        family_expires_at: at,
        idle_expires_at: at,
      })
      .execute();

    await migrateToLatest(db);

    expect(await db.selectFrom('users').select(['id', 'email', 'removed_at']).orderBy('id').execute()).toEqual([
      { id: 1, email: 'owner@a.example', removed_at: null },
      { id: 2, email: 'expert@city.example', removed_at: null },
    ]);
    expect(await db.selectFrom('counters').selectAll().execute()).toEqual([{ name: 'statement_visible_id', value: 7 }]);
    expect(await db.selectFrom('stages').select(['applicant_name', 'applicant_mail']).executeTakeFirst()).toEqual({
      applicant_name: 'Иванов И. И.',
      applicant_mail: 'owner@a.example',
    });
    expect(await db.selectFrom('status_history').select('actor_name').executeTakeFirst()).toEqual({
      actor_name: 'Иванов И. И.',
    });
    expect(await db.selectFrom('companies').select(['contact_fio', 'contact_phone']).executeTakeFirst()).toEqual({
      contact_fio: 'Директоров Д. Д.',
      contact_phone: '+7 1',
    });

    // An employee may have no e-mail; an e-mail is unique among active users only.
    await db
      .insertInto('users')
      .values([
        { id: 3, email: null, fio: 'Без почты', role: 'employee', company_id: 1, created_at: at },
        { id: 4, email: null, fio: 'Тоже без почты', role: 'employee', company_id: 1, created_at: at },
      ])
      .execute();
    const duplicate = {
      id: 5,
      email: 'owner@a.example',
      fio: 'Дубль',
      role: 'employee',
      company_id: 1,
      created_at: at,
    };
    await expect(db.insertInto('users').values(duplicate).execute()).rejects.toThrow();
    await db.updateTable('users').set({ removed_at: at }).where('id', '=', 1).execute();
    await db.insertInto('users').values(duplicate).execute();

    // References to the rebuilt users table still hold.
    await expect(
      db
        .insertInto('stages')
        .values({ statement_id: 1, n: 2, applicant_id: 999, status: 'has_comments', date_create: at })
        .execute(),
    ).rejects.toThrow();
    await expect(db.deleteFrom('users').where('id', '=', 2).execute()).rejects.toThrow();
    await db.destroy();
  });
});
