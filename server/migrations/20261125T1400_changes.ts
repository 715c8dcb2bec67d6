import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The change log the live portal reads (GET /api/events): one row per change a screen may show, written by triggers
// in the transaction of the write, whichever instance, tool or plain SQL made it. `seq` orders them; every API
// instance reads the rows after the last it saw and tells its open streams (docs/decisions.md «Live events»).
//   statement     a statement row (or a published remark of it) was written: its id and its company
//   notification  a user's notification was written (new, or read): the user
//   user          a user's row changed (removed, moved): the user, whose streams check them again
//   lists         something every list shows changed (a company's name, a catalogue, an instance, the calendar)
// On PostgreSQL each row also records the writing transaction's id (`xid`): a reader that noted which transactions
// were still running when it read a list can ask for their rows later, whatever their place in the log.
// Rows older than a day are removed by the scheduled work; a client asking from before that reloads whole.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

const PG_NOW = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PG_XID = 'pg_current_xact_id()::text::bigint';
const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** Tables whose every write changes what all lists show (as in 20261122T2300_list_revision). */
const LIST_TABLES = [
  'companies',
  'catalog_object_types',
  'catalog_work_types',
  'instances',
  'calendar_years',
  'calendar_days',
] as const;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema.createTable('changes');
  table = postgres
    ? table.addColumn('seq', 'bigserial', (col) => col.primaryKey())
    : table.addColumn('seq', 'integer', (col) => col.primaryKey().autoIncrement());
  await table
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('statement_id', 'integer')
    .addColumn('company_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('xid', 'bigint')
    .execute();
  await db.schema.createIndex('changes_at_idx').on('changes').column('at').execute();

  if (postgres) {
    await sql
      .raw(`create function record_statement_change() returns trigger language plpgsql as $$
        declare row_id integer; row_company integer;
        begin
          if tg_op = 'DELETE' then row_id := old.id; row_company := old.company_id;
          else row_id := new.id; row_company := new.company_id; end if;
          insert into changes (kind, statement_id, company_id, at, xid)
            values ('statement', row_id, row_company, ${PG_NOW}, ${PG_XID});
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger statements_changes after insert or update or delete on statements
        for each row execute function record_statement_change()`)
      .execute(db);
    // A remark is news for the applicant once published; an examiner's drafts are not.
    await sql
      .raw(`create function record_remark_change() returns trigger language plpgsql as $$
        declare row_statement integer;
        begin
          if tg_op = 'DELETE' then
            if old.status = 'draft' then return null; end if;
            row_statement := old.statement_id;
          else
            if new.status = 'draft' then return null; end if;
            row_statement := new.statement_id;
          end if;
          insert into changes (kind, statement_id, company_id, at, xid)
            select 'statement', s.id, s.company_id, ${PG_NOW}, ${PG_XID} from statements s where s.id = row_statement;
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger remarks_changes after insert or update or delete on remarks
        for each row execute function record_remark_change()`)
      .execute(db);
    for (const [kind, watched] of [
      ['notification', 'notifications'],
      ['user', 'users'],
    ] as const) {
      await sql
        .raw(`create function record_${kind}_change() returns trigger language plpgsql as $$
          begin
            insert into changes (kind, user_id, at, xid)
              values ('${kind}', case when tg_op = 'DELETE' then old.${kind === 'user' ? 'id' : 'user_id'}
                else new.${kind === 'user' ? 'id' : 'user_id'} end, ${PG_NOW}, ${PG_XID});
            return null;
          end $$`)
        .execute(db);
      await sql
        .raw(`create trigger ${watched}_changes after insert or update or delete on ${watched}
          for each row execute function record_${kind}_change()`)
        .execute(db);
    }
    await sql
      .raw(`create function record_lists_change() returns trigger language plpgsql as $$
        begin insert into changes (kind, at, xid) values ('lists', ${PG_NOW}, ${PG_XID}); return null; end $$`)
      .execute(db);
    for (const watched of LIST_TABLES) {
      await sql
        .raw(`create trigger ${watched}_changes after insert or update or delete on ${watched}
          for each statement execute function record_lists_change()`)
        .execute(db);
    }
    return;
  }

  for (const event of ['insert', 'update', 'delete'] as const) {
    const row = event === 'delete' ? 'old' : 'new';
    await sql
      .raw(`create trigger statements_changes_${event} after ${event} on statements begin
        insert into changes (kind, statement_id, company_id, at)
          values ('statement', ${row}.id, ${row}.company_id, ${SQLITE_NOW}); end`)
      .execute(db);
    await sql
      .raw(`create trigger remarks_changes_${event} after ${event} on remarks when ${row}.status <> 'draft' begin
        insert into changes (kind, statement_id, company_id, at)
          select 'statement', s.id, s.company_id, ${SQLITE_NOW} from statements s where s.id = ${row}.statement_id; end`)
      .execute(db);
    await sql
      .raw(`create trigger notifications_changes_${event} after ${event} on notifications begin
        insert into changes (kind, user_id, at) values ('notification', ${row}.user_id, ${SQLITE_NOW}); end`)
      .execute(db);
    await sql
      .raw(`create trigger users_changes_${event} after ${event} on users begin
        insert into changes (kind, user_id, at) values ('user', ${row}.id, ${SQLITE_NOW}); end`)
      .execute(db);
    for (const watched of LIST_TABLES) {
      await sql
        .raw(`create trigger ${watched}_changes_${event} after ${event} on ${watched} begin
          insert into changes (kind, at) values ('lists', ${SQLITE_NOW}); end`)
        .execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const tables = ['statements', 'remarks', 'notifications', 'users', ...LIST_TABLES];
  if (postgres) {
    for (const watched of tables) await sql.raw(`drop trigger ${watched}_changes on ${watched}`).execute(db);
    for (const kind of ['statement', 'remark', 'notification', 'user', 'lists']) {
      await sql.raw(`drop function record_${kind}_change()`).execute(db);
    }
  } else {
    for (const watched of tables) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger ${watched}_changes_${event}`).execute(db);
      }
    }
  }
  await db.schema.dropTable('changes').execute();
}
