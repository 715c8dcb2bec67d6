import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The examiner's news asks for the statements in one status (`sent`), newest first: an index in that order, so the
// few new statements are read without walking every statement (checked with EXPLAIN by bench/explain.ts). It
// replaces the status-only index, whose lookups (the reminder job's statuses) it serves as well.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('statements_status_created_idx')
    .on('statements')
    .columns(['status', 'date_create', 'id'])
    .execute();
  await db.schema.dropIndex('statements_status_idx').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.createIndex('statements_status_idx').on('statements').column('status').execute();
  await db.schema.dropIndex('statements_status_created_idx').execute();
}
