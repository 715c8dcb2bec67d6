import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../server/migrations/index.ts';
import { createDatabase, type Db, migrateToLatest } from '../../server/src/db/database.ts';
import { usingPostgres } from './helpers.ts';

describe('the review deadlines migration', () => {
  it('gives existing statements their last receipt and the default term', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-deadline-migration-'));
    const db: Db = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, dataDir: dir });
    try {
      if (usingPostgres) {
        await sql`drop schema if exists public cascade`.execute(db);
        await sql`create schema public`.execute(db);
      }
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo('20261122T1930_shared_limits');
      if (error) throw error;
      // biome-ignore lint/suspicious/noExplicitAny: the schema before this migration, not today's
      const old = db as any as import('kysely').Kysely<any>;
      await old
        .insertInto('companies')
        .values({ id: 1, legal_entity: 'ООО «А»', created_at: '2026-11-01T00:00:00Z' })
        .execute();
      const statement = (id: number, status: string) => ({
        id,
        visible_id: id,
        company_id: 1,
        status,
        object_name: `Объект ${id}`,
        date_create: '2026-11-02T10:00:00.000Z',
        last_update: '2026-11-02T10:00:00.000Z',
      });
      await old
        .insertInto('statements')
        .values([statement(1, 'under_review'), statement(2, 'sent')])
        .execute();
      const change = (from: string | null, to: string, changedAt: string) => ({
        statement_id: 1,
        from_status: from,
        to_status: to,
        changed_at: changedAt,
      });
      await old
        .insertInto('status_history')
        .values([
          change(null, 'sent', '2026-11-02T10:00:00.000Z'),
          change('sent', 'under_review', '2026-11-03T10:00:00.000Z'),
          change('under_review', 'has_comments', '2026-11-04T10:00:00.000Z'),
          change('has_comments', 'under_review', '2026-11-05T10:00:00.000Z'),
        ])
        .execute();
      await migrateToLatest(db);
      const rows = await db.selectFrom('statements').select(['id', 'term_start', 'term_days']).orderBy('id').execute();
      expect(rows.map((row) => ({ ...row, term_days: Number(row.term_days) }))).toEqual([
        { id: 1, term_start: '2026-11-05T10:00:00.000Z', term_days: 10 },
        { id: 2, term_start: '2026-11-02T10:00:00.000Z', term_days: 10 },
      ]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
