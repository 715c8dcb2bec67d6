import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// Acts of destruction of personal data ('Акт об уничтожении персональных данных'): one per run that destroyed
// something, with what it destroyed and the extract of the event log (JSON), kept until `keep_until` (three years).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await (postgres
    ? db.schema.createTable('destruction_acts').addColumn('id', 'serial', (col) => col.primaryKey())
    : db.schema.createTable('destruction_acts').addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
  )
    .addColumn('made_at', 'text', (col) => col.notNull())
    .addColumn('keep_until', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('extract', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('destruction_acts_made_at').on('destruction_acts').column('made_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('destruction_acts').execute();
}
