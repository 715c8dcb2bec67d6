import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The cadastral number of the statement's land plot (optional, the applicant's text as validated), and the same
// number kept in a decision's snapshot, so a certificate and the public check show it as it was when decided.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('statements').addColumn('cadastral_number', 'text').execute();
  await db.schema.alterTable('decision_snapshots').addColumn('cadastral_number', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('decision_snapshots').dropColumn('cadastral_number').execute();
  await db.schema.alterTable('statements').dropColumn('cadastral_number').execute();
}
