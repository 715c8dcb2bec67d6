import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// A correction's and an appeal's due date are no longer stored: like a statement's term, each is counted from its
// filing on the production calendar whenever it is read, so a calendar import moves them as it moves every other term.
// The stored copies (`corrections.due_date`, `appeals.due_date`) went stale at the first import that changed their days.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('corrections').dropColumn('due_date').execute();
  await db.schema.alterTable('appeals').dropColumn('due_date').execute();
}

// The column comes back empty: the dates are counted on reading, whatever it holds.
export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('appeals').addColumn('due_date', 'text').execute();
  await db.schema.alterTable('corrections').addColumn('due_date', 'text').execute();
}
