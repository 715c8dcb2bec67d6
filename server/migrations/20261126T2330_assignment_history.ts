import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The committee's head assigns a statement to an examiner or hands it to another: its status history entry names the
// examiner (id and name as they were) and keeps the head's comment. Null on every other entry.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('status_history').addColumn('assignee_id', 'integer').execute();
  await db.schema.alterTable('status_history').addColumn('assignee_name', 'text').execute();
  await db.schema.alterTable('status_history').addColumn('assign_comment', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('status_history').dropColumn('assign_comment').execute();
  await db.schema.alterTable('status_history').dropColumn('assignee_name').execute();
  await db.schema.alterTable('status_history').dropColumn('assignee_id').execute();
}
