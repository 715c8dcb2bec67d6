import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The applicant company as it was when a statement was submitted: name, requisites and head. Both details show
// which of these changed since. Statements submitted before this migration get none: what the company was then is
// not known, and today's values would claim otherwise.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('submission_snapshots')
    .addColumn('statement_id', 'integer', (col) => col.primaryKey().references('statements.id').onDelete('cascade'))
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .addColumn('company_name', 'text', (col) => col.notNull())
    .addColumn('company_inn', 'text')
    .addColumn('company_kpp', 'text')
    .addColumn('company_ogrn', 'text')
    .addColumn('company_head', 'text')
    .addColumn('company_head_phone', 'text')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('submission_snapshots').execute();
}
