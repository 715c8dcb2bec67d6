import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The portal's backups (docs/operations.md «Резервные копии»): one row per run of `backup`, with when it began, when
// it last said it was alive and when it ended, and what it wrote; the time of the last successful one is a metric.
// While a backup runs, the bytes of files the portal lets go are not removed at once: their keys wait here until no
// backup runs, so every file a backup's snapshot names is still there when it copies it.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await (postgres
    ? db.schema.createTable('backups').addColumn('id', 'serial', (col) => col.primaryKey())
    : db.schema.createTable('backups').addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
  )
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('alive_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('succeeded', 'boolean')
    .addColumn('rows', 'bigint')
    .addColumn('files', 'integer')
    .addColumn('bytes', 'bigint')
    .execute();
  await db.schema.createIndex('backups_finished_at').on('backups').column('finished_at').execute();
  await db.schema
    .createTable('deferred_file_removals')
    .addColumn('storage_key', 'text', (col) => col.primaryKey())
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('deferred_file_removals').execute();
  await db.schema.dropTable('backups').execute();
}
