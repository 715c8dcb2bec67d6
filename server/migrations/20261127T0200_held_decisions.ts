import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// A decision awaiting its signature (SIGNATURES_REQUIRED=decisions, docs/product.md «Signatures»): the statement
// keeps the status the company knows, and `held_status` names the decision its last round records, until every
// document of that round is validly signed; then the status moves to it and `held_status` is cleared. Only a
// decision may be held. Holding a decision writes nothing the company reads, so it is no news for the live streams:
// the change log skips an update that sets or clears `held_status` while the status and the last update stay.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

const PG_NOW = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PG_XID = 'pg_current_xact_id()::text::bigint';
const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** The statement change function of 20261125T1400_changes, with or without the held decision's exception. */
function pgStatementChange(skipHeld: boolean): string {
  const skip = skipHeld
    ? `if tg_op = 'UPDATE' and old.held_status is distinct from new.held_status and old.status = new.status
            and old.last_update is not distinct from new.last_update then return null; end if;`
    : '';
  return `create or replace function record_statement_change() returns trigger language plpgsql as $$
        declare row_id integer; row_company integer;
        begin
          ${skip}
          if tg_op = 'DELETE' then row_id := old.id; row_company := old.company_id;
          else row_id := new.id; row_company := new.company_id; end if;
          insert into changes (kind, statement_id, company_id, at, xid)
            values ('statement', row_id, row_company, ${PG_NOW}, ${PG_XID});
          return null;
        end $$`;
}

function sqliteUpdateTrigger(skipHeld: boolean): string {
  const when = skipHeld
    ? `when old.held_status is new.held_status or old.status is not new.status
        or old.last_update is not new.last_update`
    : '';
  return `create trigger statements_changes_update after update on statements ${when} begin
        insert into changes (kind, statement_id, company_id, at)
          values ('statement', new.id, new.company_id, ${SQLITE_NOW}); end`;
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('statements')
    .addColumn('held_status', 'text', (col) => col.check(sql`held_status in ('approved', 'rejected', 'not_accepted')`))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(pgStatementChange(true)).execute(db);
    return;
  }
  await sql`drop trigger statements_changes_update`.execute(db);
  await sql.raw(sqliteUpdateTrigger(true)).execute(db);
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(pgStatementChange(false)).execute(db);
  } else {
    await sql`drop trigger statements_changes_update`.execute(db);
    await sql.raw(sqliteUpdateTrigger(false)).execute(db);
  }
  await db.schema.alterTable('statements').dropColumn('held_status').execute();
}
