import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// A change of a company's power of attorney (МЧД) is entered in the history of every undecided statement whose
// signatures rely on it; the status stays. The МЧД's id and number as they were, what happened (`revoked` by the
// company, `registry_revoked` or `registry_not_revoked` as the examiner found in the ФНС's registry) and the reason
// or the examiner's note. Null on every other entry.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('status_history').addColumn('power_of_attorney_id', 'integer').execute();
  await db.schema.alterTable('status_history').addColumn('power_of_attorney_number', 'text').execute();
  await db.schema.alterTable('status_history').addColumn('power_of_attorney_event', 'text').execute();
  await db.schema.alterTable('status_history').addColumn('power_of_attorney_note', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('status_history').dropColumn('power_of_attorney_note').execute();
  await db.schema.alterTable('status_history').dropColumn('power_of_attorney_event').execute();
  await db.schema.alterTable('status_history').dropColumn('power_of_attorney_number').execute();
  await db.schema.alterTable('status_history').dropColumn('power_of_attorney_id').execute();
}
