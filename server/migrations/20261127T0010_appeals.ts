import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// Pre-trial appeals (досудебное обжалование, Федеральный закон № 210-ФЗ, глава 2.1): a user of the company files an
// appeal against a refusal, a refusal to accept, a missed term or a declined correction; the committee's head upholds
// or dismisses it within its term. At most one open (`filed`) appeal per statement and subject: a partial unique
// index. The appeal's files and its answer letter belong to the statement's last round (`files.stage_id`, so every
// download checks the statement as for any file) and name their appeal (`files.appeal_id`); `letter_key` tells the
// letter from the filed files. The history entry of the change an upheld appeal made names it
// (`status_history.appeal_id`). A written appeal is a change of its statement for the live portal (the `changes` log
// of 20261125T1400_changes), as corrections are.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

const PG_NOW = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PG_XID = 'pg_current_xact_id()::text::bigint';
const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema.createTable('appeals');
  table = postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  await table
    .addColumn('statement_id', 'integer', (col) => col.notNull().references('statements.id').onDelete('cascade'))
    .addColumn('subject', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`subject in ('decision_refusal', 'acceptance_refusal', 'missed_term', 'correction_refusal', 'other')`,
        ),
    )
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('filed', 'upheld', 'dismissed')`))
    .addColumn('filed_by', 'integer')
    .addColumn('filer_name', 'text')
    .addColumn('filed_at', 'text', (col) => col.notNull())
    .addColumn('due_date', 'text', (col) => col.notNull())
    .addColumn('correction_id', 'integer')
    .addColumn('decision_text', 'text')
    .addColumn('decided_by', 'integer')
    .addColumn('decider_name', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('letter_key', 'text')
    .execute();
  await db.schema.createIndex('appeals_statement_idx').on('appeals').column('statement_id').execute();
  await sql`create unique index appeals_open_unique on appeals (statement_id, subject) where status = 'filed'`.execute(
    db,
  );
  await db.schema.alterTable('files').addColumn('appeal_id', 'integer').execute();
  await db.schema.alterTable('status_history').addColumn('appeal_id', 'integer').execute();

  if (postgres) {
    await sql
      .raw(`create function record_appeal_change() returns trigger language plpgsql as $$
        declare row_statement integer;
        begin
          if tg_op = 'DELETE' then row_statement := old.statement_id; else row_statement := new.statement_id; end if;
          insert into changes (kind, statement_id, company_id, at, xid)
            select 'statement', s.id, s.company_id, ${PG_NOW}, ${PG_XID} from statements s where s.id = row_statement;
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger appeals_changes after insert or update or delete on appeals
        for each row execute function record_appeal_change()`)
      .execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete'] as const) {
    const row = event === 'delete' ? 'old' : 'new';
    await sql
      .raw(`create trigger appeals_changes_${event} after ${event} on appeals begin
        insert into changes (kind, statement_id, company_id, at)
          select 'statement', s.id, s.company_id, ${SQLITE_NOW} from statements s where s.id = ${row}.statement_id; end`)
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('status_history').dropColumn('appeal_id').execute();
  await db.schema.alterTable('files').dropColumn('appeal_id').execute();
  await db.schema.dropTable('appeals').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists record_appeal_change()`.execute(db);
  }
}
