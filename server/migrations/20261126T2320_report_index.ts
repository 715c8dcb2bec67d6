import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The report on terms finds the status changes of a date range (submissions and decisions) by their time: an index
// on the moment, so a quarter's report reads that quarter's history, not the whole table (bench/explain.ts).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('status_history_changed_idx')
    .on('status_history')
    .columns(['changed_at', 'to_status'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('status_history_changed_idx').execute();
}
