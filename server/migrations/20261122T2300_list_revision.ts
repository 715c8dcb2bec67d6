import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The revision of everything the statement lists show: one counter row that the database itself bumps, by
// triggers, in the transaction of every write to a table a list item is read from (statements, their company's
// name, the catalogues' names, the examiner's instance and its name, the production calendar). An API instance may
// keep a list it built for a revision and answer it again while the revision stands (docs/decisions.md
// «List revision triggers»); a write through any instance, the admin CLI or plain SQL moves it on. PostgreSQL bumps
// once per statement, SQLite once per row.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

/** The tables a list item reads, and for users only the column that moves an examiner to another instance. */
const WATCHED = [
  { table: 'statements' },
  { table: 'companies' },
  { table: 'catalog_object_types' },
  { table: 'catalog_work_types' },
  { table: 'instances' },
  { table: 'users', updateOf: 'instance_id' },
  { table: 'calendar_years' },
  { table: 'calendar_days' },
] as const;

const BUMP = 'update list_revision set n = n + 1 where id = 1';

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('list_revision')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('n', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into list_revision (id, n) values (1, 0)`.execute(db);

  if (postgres) {
    await sql
      .raw(`create function bump_list_revision() returns trigger language plpgsql as $$
        begin ${BUMP}; return null; end $$`)
      .execute(db);
    for (const watched of WATCHED) {
      const events = 'updateOf' in watched ? `update of ${watched.updateOf}` : 'insert or update or delete';
      await sql
        .raw(`create trigger ${watched.table}_list_revision after ${events} on ${watched.table}
          for each statement execute function bump_list_revision()`)
        .execute(db);
    }
    return;
  }
  for (const watched of WATCHED) {
    const events = 'updateOf' in watched ? [`update of ${watched.updateOf}`] : ['insert', 'update', 'delete'];
    for (const event of events) {
      const name = `${watched.table}_list_revision_${event.split(' ')[0]}`;
      await sql.raw(`create trigger ${name} after ${event} on ${watched.table} begin ${BUMP}; end`).execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    for (const watched of WATCHED) {
      await sql.raw(`drop trigger ${watched.table}_list_revision on ${watched.table}`).execute(db);
    }
    await sql`drop function bump_list_revision()`.execute(db);
  } else {
    for (const watched of WATCHED) {
      const events = 'updateOf' in watched ? ['update'] : ['insert', 'update', 'delete'];
      for (const event of events) await sql.raw(`drop trigger ${watched.table}_list_revision_${event}`).execute(db);
    }
  }
  await db.schema.dropTable('list_revision').execute();
}
