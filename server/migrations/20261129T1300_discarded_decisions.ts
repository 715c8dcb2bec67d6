import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// A held decision (20261127T0200) that is never issued: its examiner was deactivated before signing it, or the
// applicant withdrew the statement first. The entry that records it names the decision it dropped
// (`discarded_decision`); null on every other entry.
//
// Holding a decision, or dropping one, is still nothing the company reads, but the committee's lists show it
// ('Ожидает подписи'): the change log now records such an update without a company (`company_id` null), which every
// examiner's stream hears and no company's stream or list does.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

const PG_NOW = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PG_XID = 'pg_current_xact_id()::text::bigint';
const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** The statement change function: a held decision's own update as the committee's news, or as none. */
function pgStatementChange(committeeNews: boolean): string {
  const held = `tg_op = 'UPDATE' and old.held_status is distinct from new.held_status and old.status = new.status
            and old.last_update is not distinct from new.last_update`;
  const skip = committeeNews
    ? `if ${held} then
            insert into changes (kind, statement_id, company_id, at, xid)
              values ('statement', new.id, null, ${PG_NOW}, ${PG_XID});
            return null;
          end if;`
    : `if ${held} then return null; end if;`;
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

const SQLITE_HELD_ONLY = `old.held_status is not new.held_status and old.status is new.status
        and old.last_update is new.last_update`;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('status_history')
    .addColumn('discarded_decision', 'text', (col) =>
      col.check(sql`discarded_decision in ('approved', 'rejected', 'not_accepted')`),
    )
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(pgStatementChange(true)).execute(db);
    return;
  }
  await sql
    .raw(`create trigger statements_changes_held after update on statements when ${SQLITE_HELD_ONLY} begin
        insert into changes (kind, statement_id, company_id, at)
          values ('statement', new.id, null, ${SQLITE_NOW}); end`)
    .execute(db);
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(pgStatementChange(false)).execute(db);
  } else {
    await sql`drop trigger statements_changes_held`.execute(db);
  }
  await db.schema.alterTable('status_history').dropColumn('discarded_decision').execute();
}
