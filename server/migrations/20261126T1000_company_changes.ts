import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// A write to a company's row tells the lists that show it, not every list: its `lists` change now carries the
// company's id, so that company's users and the examiners reload, and another company's users learn nothing of it
// (as 20261125T1400_changes, which wrote it without the id). PostgreSQL's trigger becomes a row trigger to know it.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

const PG_NOW = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PG_XID = 'pg_current_xact_id()::text::bigint';
const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw('drop trigger companies_changes on companies').execute(db);
    await sql
      .raw(`create function record_company_change() returns trigger language plpgsql as $$
        begin
          insert into changes (kind, company_id, at, xid)
            values ('lists', case when tg_op = 'DELETE' then old.id else new.id end, ${PG_NOW}, ${PG_XID});
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger companies_changes after insert or update or delete on companies
        for each row execute function record_company_change()`)
      .execute(db);
    return;
  }
  for (const event of EVENTS) {
    const row = event === 'delete' ? 'old' : 'new';
    await sql.raw(`drop trigger companies_changes_${event}`).execute(db);
    await sql
      .raw(`create trigger companies_changes_${event} after ${event} on companies begin
        insert into changes (kind, company_id, at) values ('lists', ${row}.id, ${SQLITE_NOW}); end`)
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw('drop trigger companies_changes on companies').execute(db);
    await sql.raw('drop function record_company_change()').execute(db);
    await sql
      .raw(`create trigger companies_changes after insert or update or delete on companies
        for each statement execute function record_lists_change()`)
      .execute(db);
    return;
  }
  for (const event of EVENTS) {
    await sql.raw(`drop trigger companies_changes_${event}`).execute(db);
    await sql
      .raw(`create trigger companies_changes_${event} after ${event} on companies begin
        insert into changes (kind, at) values ('lists', ${SQLITE_NOW}); end`)
      .execute(db);
  }
}
