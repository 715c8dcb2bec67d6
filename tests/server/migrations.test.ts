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

describe('the regulation statuses migration', () => {
  /** The statements table's indexes and the triggers that name it, as the database lists them. */
  async function dependents(db: Db): Promise<string[]> {
    const rows = usingPostgres
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'statements'
          union all select tgname as name from pg_trigger where not tgisinternal and tgrelid = 'statements'::regclass
          union all select conname as name from pg_constraint where conrelid = 'statements'::regclass`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type in ('index', 'trigger')
          and (tbl_name = 'statements' or sql like '%statements%')`.execute(db);
    return rows.rows.map((row) => row.name).sort();
  }

  it('lets a statement be not_accepted or withdrawn and keeps every row, reference, index, trigger and id', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the schema before the migration, not today's
    const db = (await databaseAt('20261126T1800_refusal_grounds')) as any as import('kysely').Kysely<any>;
    const at = '2026-11-01T10:00:00.000Z';
    await db.insertInto('companies').values({ id: 1, legal_entity: 'ООО «А»', created_at: at }).execute();
    await db
      .insertInto('users')
      .values({ id: 1, email: 'owner@a.example', fio: 'Иванов И. И.', role: 'owner', company_id: 1, created_at: at })
      .execute();
    // Ids from the table's own sequence, as the portal gives them.
    const statement = (n: number, status: string) => ({
      visible_id: n,
      company_id: 1,
      status,
      object_name: `Объект ${n}`,
      cadastral_number: '47:14:1203001:814',
      date_create: at,
      last_update: at,
      term_start: at,
      term_days: 10,
    });
    for (const [n, status] of [
      [1, 'under_review'],
      [2, 'sent'],
      [3, 'sent'],
    ] as const) {
      await db.insertInto('statements').values(statement(n, status)).execute();
    }
    await db
      .insertInto('stages')
      .values({ id: 1, statement_id: 1, n: 1, applicant_id: 1, status: 'sent', date_create: at })
      .execute();
    await db.deleteFrom('statements').where('id', '=', 3).execute();
    const before = await dependents(db as unknown as Db);
    expect(before).toEqual(expect.arrayContaining(['statements_status_created_idx', 'statements_check_token_unique']));
    await expect(
      db.updateTable('statements').set({ status: 'withdrawn' }).where('id', '=', 1).execute(),
    ).rejects.toThrow();

    // Up to this migration only: later ones may add their own triggers that name the statements.
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
    }).migrateTo('20261126T2000_regulation_statuses');
    if (error) throw error;

    expect(await dependents(db as unknown as Db)).toEqual(before);
    expect(
      await db
        .selectFrom('statements')
        .select(['id', 'status', 'cadastral_number', 'term_days'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { id: 1, status: 'under_review', cadastral_number: '47:14:1203001:814', term_days: 10 },
      { id: 2, status: 'sent', cadastral_number: '47:14:1203001:814', term_days: 10 },
    ]);
    const revision = async () => Number((await db.selectFrom('list_revision').select('n').executeTakeFirstOrThrow()).n);
    const changes = async () => (await db.selectFrom('changes').select('seq').execute()).length;
    const [revisionBefore, changesBefore] = [await revision(), await changes()];
    await db.updateTable('statements').set({ status: 'withdrawn' }).where('id', '=', 1).execute();
    await db.updateTable('statements').set({ status: 'not_accepted' }).where('id', '=', 2).execute();
    // The triggers still tell the lists and the live streams.
    expect(await revision()).toBeGreaterThan(revisionBefore);
    expect(await changes()).toBe(changesBefore + 2);
    await expect(
      db.updateTable('statements').set({ status: 'archived' }).where('id', '=', 2).execute(),
    ).rejects.toThrow();
    // A deleted statement's id is never given again.
    const { id } = await db
      .insertInto('statements')
      .values(statement(4, 'sent'))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(4);
    // References to the rebuilt table still hold: a stage of no statement is refused, a deletion cascades.
    await expect(
      db.insertInto('stages').values({ statement_id: 99, n: 1, status: 'sent', date_create: at }).execute(),
    ).rejects.toThrow();
    await expect(db.deleteFrom('companies').where('id', '=', 1).execute()).rejects.toThrow();
    await db.deleteFrom('statements').where('id', '=', 1).execute();
    expect(await db.selectFrom('stages').selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});

describe('the corrections migration', () => {
  it('keeps every file, and a written correction tells the live streams about its statement', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the schema before the migration, not today's
    const db = (await databaseAt('20261126T2000_regulation_statuses')) as any as import('kysely').Kysely<any>;
    const at = '2026-11-01T10:00:00.000Z';
    await db.insertInto('companies').values({ id: 1, legal_entity: 'ООО «А»', created_at: at }).execute();
    await db
      .insertInto('statements')
      .values({
        visible_id: 1,
        company_id: 1,
        status: 'approved',
        object_name: 'Школа',
        date_create: at,
        last_update: at,
      })
      .execute();
    await db.insertInto('stages').values({ id: 1, statement_id: 1, n: 1, status: 'sent', date_create: at }).execute();
    await db
      .insertInto('files')
      .values({
        stage_id: 1,
        storage_key: 'k1',
        file_name: 'Альбом.pdf',
        content_type: 'application/pdf',
        size: 5,
        created_at: at,
      })
      .execute();

    await migrateToLatest(db as unknown as Db);

    expect(await db.selectFrom('files').select(['storage_key', 'correction_id']).execute()).toEqual([
      { storage_key: 'k1', correction_id: null },
    ]);
    const changes = async () =>
      (await db.selectFrom('changes').select(['kind', 'statement_id', 'company_id']).execute()).length;
    const before = await changes();
    const correction = {
      statement_id: 1,
      text: 'Опечатка',
      status: 'requested',
      requested_at: at,
      check_token: 'A'.repeat(32),
    };
    await db.insertInto('corrections').values(correction).execute();
    await db.updateTable('corrections').set({ status: 'declined', answer: 'Нет' }).execute();
    expect(await changes()).toBe(before + 2);
    // One status of three, and one check token per certificate.
    await expect(
      db
        .insertInto('corrections')
        .values({ ...correction, check_token: 'B'.repeat(32), status: 'lost' })
        .execute(),
    ).rejects.toThrow();
    await expect(db.insertInto('corrections').values(correction).execute()).rejects.toThrow();
    await db.destroy();
  });
});

describe('the head role migration', () => {
  it("makes the committee's earliest active examiner its head, and nobody else", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the schema before the migration, not today's
    const db = (await databaseAt('20261126T2100_corrections')) as any as import('kysely').Kysely<any>;
    const at = '2026-11-01T10:00:00.000Z';
    await db.insertInto('companies').values({ id: 1, legal_entity: 'ООО «А»', created_at: at }).execute();
    await db.insertInto('instances').values({ id: 1, name: 'Комитет', created_at: at }).execute();
    const user = (id: number, role: string, removed: string | null) => ({
      id,
      email: `u${id}@a.example`,
      role,
      company_id: role === 'examiner' ? null : 1,
      instance_id: role === 'examiner' ? 1 : null,
      created_at: at,
      removed_at: removed,
    });
    await db
      .insertInto('users')
      .values([user(1, 'owner', null), user(2, 'examiner', at), user(3, 'examiner', null), user(4, 'examiner', null)])
      .execute();

    await migrateToLatest(db as unknown as Db);

    const heads = await db.selectFrom('users').select(['id', 'is_head']).orderBy('id').execute();
    expect(heads.map((row: { id: number; is_head: unknown }) => [row.id, Boolean(row.is_head)])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, false],
    ]);
  });
});

describe('the held decisions migration', () => {
  it('holds only a decision, and holding one is no news for the live streams while a status change still is', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the schema before the migration, not today's
    const db = (await databaseAt('20261127T0100_registry')) as any as import('kysely').Kysely<any>;
    const at = '2026-11-01T10:00:00.000Z';
    await db.insertInto('companies').values({ id: 1, legal_entity: 'ООО «А»', created_at: at }).execute();
    await db
      .insertInto('statements')
      .values({
        id: 1,
        visible_id: 1,
        company_id: 1,
        status: 'under_review',
        object_name: 'Школа',
        date_create: at,
        last_update: at,
      })
      .execute();

    await migrateToLatest(db as unknown as Db);

    // The company's news (a held decision is the committee's alone since 20261129T1300_discarded_decisions).
    const news = async () =>
      (await db.selectFrom('changes').select('seq').where('statement_id', '=', 1).where('company_id', '=', 1).execute())
        .length;
    const before = await news();
    await db.updateTable('statements').set({ held_status: 'rejected' }).where('id', '=', 1).execute();
    expect(await news()).toBe(before);
    await db
      .updateTable('statements')
      .set({ status: 'rejected', held_status: null, last_update: '2026-11-02T10:00:00.000Z' })
      .where('id', '=', 1)
      .execute();
    expect(await news()).toBe(before + 1);
    await db.updateTable('statements').set({ object_name: 'Школа № 2' }).where('id', '=', 1).execute();
    expect(await news()).toBe(before + 2);
    await expect(
      db.updateTable('statements').set({ held_status: 'has_comments' }).where('id', '=', 1).execute(),
    ).rejects.toThrow();
    await db.destroy();
  });
});

describe('the discarded decisions migration', () => {
  it("records holding or dropping a decision as the committee's news alone, and a status change as everyone's", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the schema before the migration, not today's
    const db = (await databaseAt('20261129T0900_personal_data_documents')) as any as import('kysely').Kysely<any>;
    const at = '2026-11-01T10:00:00.000Z';
    await db.insertInto('companies').values({ id: 1, legal_entity: 'ООО «А»', created_at: at }).execute();
    await db
      .insertInto('statements')
      .values({
        id: 1,
        visible_id: 1,
        company_id: 1,
        status: 'sent',
        object_name: 'Школа',
        date_create: at,
        last_update: at,
      })
      .execute();
    await db.updateTable('statements').set({ held_status: 'not_accepted' }).where('id', '=', 1).execute();
    await db.updateTable('statements').set({ held_status: null }).where('id', '=', 1).execute();

    await migrateToLatest(db as unknown as Db);

    const news = async () =>
      (await db.selectFrom('changes').select('company_id').where('statement_id', '=', 1).orderBy('seq').execute()).map(
        (row: { company_id: number | null }) => row.company_id,
      );
    const before = await news();
    expect(before).toEqual([1]);
    await db.updateTable('statements').set({ held_status: 'not_accepted' }).where('id', '=', 1).execute();
    await db.updateTable('statements').set({ held_status: null }).where('id', '=', 1).execute();
    expect(await news()).toEqual([1, null, null]);
    await db
      .updateTable('statements')
      .set({ status: 'withdrawn', last_update: '2026-11-02T10:00:00.000Z' })
      .where('id', '=', 1)
      .execute();
    expect(await news()).toEqual([1, null, null, 1]);
    await db
      .insertInto('status_history')
      .values({
        statement_id: 1,
        from_status: 'sent',
        to_status: 'sent',
        changed_at: at,
        discarded_decision: 'rejected',
      })
      .execute();
    await expect(
      db
        .insertInto('status_history')
        .values({ statement_id: 1, from_status: 'sent', to_status: 'sent', changed_at: at, discarded_decision: 'sent' })
        .execute(),
    ).rejects.toThrow();
    await db.destroy();
  });
});
