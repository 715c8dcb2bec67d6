import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// A person's requests about their personal data: when each came, its term (10 working days on the production
// calendar), who asked and whom about, who answered and when, and the answer as it was given (JSON).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await (postgres
    ? db.schema.createTable('subject_requests').addColumn('id', 'serial', (col) => col.primaryKey())
    : db.schema.createTable('subject_requests').addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
  )
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addColumn('due_date', 'text', (col) => col.notNull())
    .addColumn('requester', 'text', (col) => col.notNull())
    .addColumn('person_id', 'integer')
    .addColumn('person_name', 'text')
    .addColumn('registered_by', 'integer')
    .addColumn('registered_by_name', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('answer', 'text')
    .execute();
  await db.schema.createIndex('subject_requests_received').on('subject_requests').column('received_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('subject_requests').execute();
}
