import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// Conclusions of reviewing bodies: the committee's departments and outside bodies (`review_bodies`), their members
// (`review_body_members`: the committee's examiners attached to a department, and the outside bodies' own staff), and
// the requests for a body's conclusion on a statement (`conclusions`), each answered once. An outside body's staff are
// users of a new role, `reviewer`, whose instance is their body's own (`review_bodies.instance_id`). The files of an
// answer belong to the statement's round (`files.stage_id`) and name their request (`files.conclusion_id`). At most one
// unanswered request per statement and body: a partial unique index. A request is a change of its statement for the
// live portal (the `changes` log), as appeals are.
//
// The users' role check gains `reviewer`: PostgreSQL replaces it; SQLite rebuilds the table from its own stored
// definition with only the check's list changed, its indexes and the triggers naming it made again from their text,
// and the AUTOINCREMENT high-water mark kept.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

const PG_NOW = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PG_XID = 'pg_current_xact_id()::text::bigint';
const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const BEFORE = "role in ('owner', 'employee', 'examiner')";
const AFTER = "role in ('owner', 'employee', 'examiner', 'reviewer')";

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`alter table users drop constraint users_role_check`.execute(db);
    await sql.raw(`alter table users add constraint users_role_check check (${AFTER})`).execute(db);
  } else {
    await rebuildSqliteUsers(db);
  }

  let bodies = db.schema.createTable('review_bodies');
  bodies = postgres
    ? bodies.addColumn('id', 'serial', (col) => col.primaryKey())
    : bodies.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  await bodies
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('department', 'external')`))
    .addColumn('term_days', 'integer', (col) => col.notNull())
    .addColumn('instance_id', 'integer', (col) => col.references('instances.id').onDelete('restrict'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('retired_at', 'text')
    .execute();

  await db.schema
    .createTable('review_body_members')
    .addColumn('body_id', 'integer', (col) => col.notNull().references('review_bodies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('review_body_members_pk', ['body_id', 'user_id'])
    .execute();
  await db.schema.createIndex('review_body_members_user_idx').on('review_body_members').column('user_id').execute();

  let conclusions = db.schema.createTable('conclusions');
  conclusions = postgres
    ? conclusions.addColumn('id', 'serial', (col) => col.primaryKey())
    : conclusions.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  await conclusions
    .addColumn('statement_id', 'integer', (col) => col.notNull().references('statements.id').onDelete('cascade'))
    .addColumn('body_id', 'integer', (col) => col.notNull().references('review_bodies.id').onDelete('restrict'))
    .addColumn('round', 'integer', (col) => col.notNull())
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('due_days', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('requested', 'answered', 'withdrawn')`))
    .addColumn('requested_by', 'integer')
    .addColumn('requester_name', 'text')
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('verdict', 'text', (col) => col.check(sql`verdict in ('agreed', 'agreed_with_remarks', 'not_agreed')`))
    .addColumn('text', 'text')
    .addColumn('answered_by', 'integer')
    .addColumn('answerer_name', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('withdrawn_reason', 'text')
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema.createIndex('conclusions_statement_idx').on('conclusions').column('statement_id').execute();
  await db.schema.createIndex('conclusions_body_idx').on('conclusions').columns(['body_id', 'status']).execute();
  await sql`create unique index conclusions_open_unique on conclusions (statement_id, body_id)
    where status = 'requested'`.execute(db);
  await db.schema.alterTable('files').addColumn('conclusion_id', 'integer').execute();
  // Why a decision was taken while conclusions were awaited, or over a 'Не согласовано': kept with the history entry
  // (as JSON `{ kind, text }`), and with a held decision until its release writes that entry.
  await db.schema.alterTable('status_history').addColumn('conclusions_note', 'text').execute();
  await db.schema.alterTable('statements').addColumn('held_note', 'text').execute();

  if (postgres) {
    await sql
      .raw(`create function record_conclusion_change() returns trigger language plpgsql as $$
        declare row_statement integer;
        begin
          if tg_op = 'DELETE' then row_statement := old.statement_id; else row_statement := new.statement_id; end if;
          insert into changes (kind, statement_id, company_id, at, xid)
            select 'statement', s.id, s.company_id, ${PG_NOW}, ${PG_XID} from statements s where s.id = row_statement;
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger conclusions_changes after insert or update or delete on conclusions
        for each row execute function record_conclusion_change()`)
      .execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete'] as const) {
    const row = event === 'delete' ? 'old' : 'new';
    await sql
      .raw(`create trigger conclusions_changes_${event} after ${event} on conclusions begin
        insert into changes (kind, statement_id, company_id, at)
          select 'statement', s.id, s.company_id, ${SQLITE_NOW} from statements s where s.id = ${row}.statement_id; end`)
      .execute(db);
  }
}

async function rebuildSqliteUsers(db: Db): Promise<void> {
  // The migrator runs SQLite migrations outside a transaction, so foreign keys can be paused around the rebuild.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  await sql`BEGIN`.execute(db);
  try {
    const table = await sql<{ sql: string }>`select sql from sqlite_master
      where type = 'table' and name = 'users'`.execute(db);
    const definition = table.rows[0]?.sql ?? '';
    if (!definition.includes(BEFORE)) throw new Error('the users table has an unexpected role check');
    const rebuilt = definition
      .replace(BEFORE, AFTER)
      .replace(/^create table\s+("users"|users)/i, 'create table "users_new"');
    if (!rebuilt.includes('"users_new"')) throw new Error('the users table has an unexpected definition');
    const dependents = await sql<{ type: string; name: string; sql: string }>`select type, name, sql from sqlite_master
      where sql is not null and ((type = 'index' and tbl_name = 'users')
        or (type = 'trigger' and (tbl_name = 'users' or sql like '%users%')))
      order by type, name`.execute(db);
    const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'users'`.execute(db);

    for (const trigger of dependents.rows.filter((row) => row.type === 'trigger')) {
      await sql.raw(`drop trigger "${trigger.name}"`).execute(db);
    }
    await sql.raw(rebuilt).execute(db);
    await sql`insert into users_new select * from users`.execute(db);
    await sql`drop table users`.execute(db);
    await sql`alter table users_new rename to users`.execute(db);
    const seq = sequence.rows[0]?.seq;
    if (seq !== undefined) await sql`update sqlite_sequence set seq = ${seq} where name = 'users'`.execute(db);
    for (const dependent of dependents.rows) await sql.raw(dependent.sql).execute(db);

    const broken = await sql`PRAGMA foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`foreign keys broken by the users rebuild: ${broken.rows.length}`);
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('20261130T1000_review_bodies cannot be undone: restore a backup instead');
}
