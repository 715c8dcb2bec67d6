import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The correction of errors in an issued certificate (исправление допущенных опечаток и ошибок): the company asks, the
// assigned examiner corrects or declines within 5 working days. A correction keeps its own public check token (issued
// when asked, answered by the public check only once corrected) and, once corrected, the snapshot of what the
// corrected certificate carries: a new snapshot of its own, never the old one re-read from changed data. The file of
// the corrected certificate belongs to the approval's round (`files.stage_id`) and names its correction.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema.createTable('corrections');
  table = postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  await table
    .addColumn('statement_id', 'integer', (col) => col.notNull().references('statements.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('requested', 'corrected', 'declined')`))
    .addColumn('requested_by', 'integer')
    .addColumn('requester_name', 'text')
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('due_date', 'text', (col) => col.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'integer')
    .addColumn('answered_at', 'text')
    .addColumn('check_token', 'text', (col) => col.notNull())
    .addColumn('object_name', 'text')
    .addColumn('address', 'text')
    .addColumn('cadastral_number', 'text')
    .addColumn('company_name', 'text')
    .addColumn('company_inn', 'text')
    .addColumn('company_kpp', 'text')
    .addColumn('company_ogrn', 'text')
    .addColumn('examiner_fio', 'text')
    .addColumn('committee', 'text')
    .execute();
  await db.schema.createIndex('corrections_statement_idx').on('corrections').column('statement_id').execute();
  await sql`create unique index corrections_check_token_unique on corrections (check_token)`.execute(db);
  await db.schema.alterTable('files').addColumn('correction_id', 'integer').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('files').dropColumn('correction_id').execute();
  await db.schema.dropTable('corrections').execute();
}
