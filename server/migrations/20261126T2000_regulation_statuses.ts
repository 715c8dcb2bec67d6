import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The administrative regulation's two statuses of a statement: `not_accepted` (a refusal to accept the documents)
// and `withdrawn` (the applicant withdrew the statement). The statements' status check allows them. Stages and the
// status history keep a status without a check, so they need nothing.
//
// PostgreSQL replaces the check. SQLite cannot change a table's check: the table is rebuilt
// (sqlite.org/lang_altertable.html, the twelve steps) from its own stored definition with only the check's list
// changed, so every column later migrations added stays as it is; its indexes and the triggers that name it (its own
// and the ones of other tables that read it) are made again from their stored text, and the AUTOINCREMENT high-water
// mark is kept, so the id of a deleted statement is never given again.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

const BEFORE = "status in ('sent', 'under_review', 'has_comments', 'approved', 'rejected')";
const AFTER = "status in ('sent', 'under_review', 'has_comments', 'approved', 'rejected', 'not_accepted', 'withdrawn')";

export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table statements drop constraint statements_status_check`.execute(db);
    await sql.raw(`alter table statements add constraint statements_status_check check (${AFTER})`).execute(db);
    return;
  }
  // The migrator runs SQLite migrations outside a transaction, so foreign keys can be paused around the rebuild.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  await sql`BEGIN`.execute(db);
  try {
    const table = await sql<{ sql: string }>`select sql from sqlite_master
      where type = 'table' and name = 'statements'`.execute(db);
    const definition = table.rows[0]?.sql ?? '';
    if (!definition.includes(BEFORE)) throw new Error('the statements table has an unexpected status check');
    const rebuilt = definition
      .replace(BEFORE, AFTER)
      .replace(/^create table\s+("statements"|statements)/i, 'create table "statements_new"');
    if (!rebuilt.includes('"statements_new"')) throw new Error('the statements table has an unexpected definition');
    const dependents = await sql<{ type: string; name: string; sql: string }>`select type, name, sql from sqlite_master
      where sql is not null and ((type = 'index' and tbl_name = 'statements')
        or (type = 'trigger' and (tbl_name = 'statements' or sql like '%statements%')))
      order by type, name`.execute(db);
    const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'statements'`.execute(db);

    for (const trigger of dependents.rows.filter((row) => row.type === 'trigger')) {
      await sql.raw(`drop trigger "${trigger.name}"`).execute(db);
    }
    await sql.raw(rebuilt).execute(db);
    await sql`insert into statements_new select * from statements`.execute(db);
    await sql`drop table statements`.execute(db);
    await sql`alter table statements_new rename to statements`.execute(db);
    const seq = sequence.rows[0]?.seq;
    if (seq !== undefined) await sql`update sqlite_sequence set seq = ${seq} where name = 'statements'`.execute(db);
    for (const dependent of dependents.rows) await sql.raw(dependent.sql).execute(db);

    const broken = await sql`PRAGMA foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`foreign keys broken by the statements rebuild: ${broken.rows.length}`);
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('20261126T2000_regulation_statuses cannot be undone: restore a backup instead');
}
