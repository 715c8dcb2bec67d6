import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The corners the approving examiner chose for the stamp 'СОГЛАСОВАНО', per document of the approved submission
// (JSON `{ fileId: corner }`), kept with the approving round: the set is stamped when the approval is issued, which
// for a decision waiting for its signature is later, maybe in another process.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('stages').addColumn('stamp_corners', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('stages').dropColumn('stamp_corners').execute();
}
