import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// A deactivated examiner's statements in work go back to the head's queue, and each gets a status history entry
// naming the examiner who had it (id and name as they were); the status stays. Null on every other entry.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('status_history').addColumn('released_examiner_id', 'integer').execute();
  await db.schema.alterTable('status_history').addColumn('released_examiner_name', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('status_history').dropColumn('released_examiner_name').execute();
  await db.schema.alterTable('status_history').dropColumn('released_examiner_id').execute();
}
