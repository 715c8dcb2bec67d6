import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// Correction requests and appeals arriving for one person within minutes are gathered (docs/product.md «Notifications
// and mail»): one row per person while a gathering runs, with when it began, how many came after the first (told in
// one mail when it ends) and the notification that shows them all.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('petition_digests')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('window_start', 'text', (col) => col.notNull())
    .addColumn('held', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('notification_id', 'integer', (col) => col.references('notifications.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('petition_digests_window_start').on('petition_digests').column('window_start').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('petition_digests').execute();
}
