import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// Request limits (the per-IP limit on login codes) live in the database, so several API instances share them: one
// fixed-window counter per key, updated by one atomic insert … on conflict do update.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('window_start', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_start').execute();
}

export async function down(): Promise<void> {
  throw new Error('20261122T1930_shared_limits cannot be undone: restore a backup instead');
}
