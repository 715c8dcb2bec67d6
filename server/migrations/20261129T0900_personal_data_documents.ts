import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The consent to the processing of personal data and the policy of processing are templates the committee edits in
// the administration: each publication is a new version, kept with who published it and when. No row of a kind means
// its first edition (version 1), which the code carries.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema.createTable('personal_data_documents');
  table = postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  await table
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addColumn('published_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('published_by_name', 'text')
    .addUniqueConstraint('personal_data_documents_kind_version', ['kind', 'version'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('personal_data_documents').execute();
}
