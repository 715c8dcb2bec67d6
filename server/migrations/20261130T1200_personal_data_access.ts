import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The log of reads of personal data by the committee's side: who read, when, from which address, and what (a
// statement, a person, an export). Append-only: triggers on both engines refuse every UPDATE and DELETE unless the
// same transaction holds a row in `personal_data_access_unlock`, which only the destruction of personal data writes
// (and removes before it commits), so no route and no other transaction ever sees the log changeable.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await (postgres
    ? db.schema.createTable('personal_data_access').addColumn('id', 'bigserial', (col) => col.primaryKey())
    : db.schema
        .createTable('personal_data_access')
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
  )
    .addColumn('at', 'text', (col) => col.notNull())
    // No foreign keys: the log outlives what it names, and keeps the reader's name as it was.
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('address', 'text')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('statement_id', 'integer')
    .addColumn('person_id', 'integer')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('personal_data_access_at').on('personal_data_access').column('at').execute();
  await db.schema
    .createIndex('personal_data_access_statement')
    .on('personal_data_access')
    .columns(['statement_id', 'at'])
    .execute();
  await db.schema
    .createIndex('personal_data_access_person')
    .on('personal_data_access')
    .columns(['person_id', 'at'])
    .execute();
  await db.schema
    .createIndex('personal_data_access_user')
    .on('personal_data_access')
    .columns(['user_id', 'at'])
    .execute();
  await db.schema
    .createTable('personal_data_access_unlock')
    .addColumn('holder', 'text', (col) => col.notNull())
    .execute();
  if (postgres) {
    await sql`
      create function personal_data_access_append_only() returns trigger language plpgsql as $$
      begin
        if not exists (select 1 from personal_data_access_unlock) then
          raise exception 'personal_data_access is append-only';
        end if;
        if tg_op = 'DELETE' then return old; end if;
        return new;
      end $$`.execute(db);
    await sql`
      create trigger personal_data_access_append_only before update or delete on personal_data_access
      for each row execute function personal_data_access_append_only()`.execute(db);
  } else {
    for (const operation of ['update', 'delete'] as const) {
      await sql`
        create trigger ${sql.raw(`personal_data_access_no_${operation}`)} before ${sql.raw(operation)}
        on personal_data_access when not exists (select 1 from personal_data_access_unlock)
        begin select raise(abort, 'personal_data_access is append-only'); end`.execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('personal_data_access').execute();
  if (postgres) await sql`drop function personal_data_access_append_only()`.execute(db);
  await db.schema.dropTable('personal_data_access_unlock').execute();
}
