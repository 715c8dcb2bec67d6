import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// When the statement's examiner and the body's members were told that a request for a conclusion is past its term:
// set once, by the one process whose conditional update claimed it, so every request is reminded of once.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('conclusions').addColumn('overdue_reminded_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('conclusions').dropColumn('overdue_reminded_at').execute();
}
