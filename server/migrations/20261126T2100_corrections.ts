import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The correction of errors in an issued certificate (исправление допущенных опечаток и ошибок): the company asks, the
// assigned examiner corrects or declines within 5 working days. A correction keeps its own public check token (issued
// when asked, answered by the public check only once corrected) and, once corrected, the snapshot of what the
// corrected certificate carries: a new snapshot of its own, never the old one re-read from changed data. The file of
// the corrected certificate belongs to the approval's round (`files.stage_id`) and names its correction. A written
// correction is a change of its statement for the live portal (the `changes` log of 20261125T1400_changes), so both
// details read it again; no list shows it.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

const PG_NOW = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PG_XID = 'pg_current_xact_id()::text::bigint';
const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

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

  if (postgres) {
    await sql
      .raw(`create function record_correction_change() returns trigger language plpgsql as $$
        declare row_statement integer;
        begin
          if tg_op = 'DELETE' then row_statement := old.statement_id; else row_statement := new.statement_id; end if;
          insert into changes (kind, statement_id, company_id, at, xid)
            select 'statement', s.id, s.company_id, ${PG_NOW}, ${PG_XID} from statements s where s.id = row_statement;
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger corrections_changes after insert or update or delete on corrections
        for each row execute function record_correction_change()`)
      .execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete'] as const) {
    const row = event === 'delete' ? 'old' : 'new';
    await sql
      .raw(`create trigger corrections_changes_${event} after ${event} on corrections begin
        insert into changes (kind, statement_id, company_id, at)
          select 'statement', s.id, s.company_id, ${SQLITE_NOW} from statements s where s.id = ${row}.statement_id; end`)
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('files').dropColumn('correction_id').execute();
  await db.schema.dropTable('corrections').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists record_correction_change()`.execute(db);
  }
}
