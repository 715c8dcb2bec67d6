import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// Whether an approved set waits for its inventory's signature before it reaches the company: decided once, when the
// set is made (`decisions` in SIGNATURES_REQUIRED then), so a later change of the setting neither hides the sets
// companies already have nor hands out unsigned the ones still waiting. Every set made before needed none.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('approved_sets')
    .addColumn('signature_required', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('approved_sets').dropColumn('signature_required').execute();
}
