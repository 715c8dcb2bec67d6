import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// A remark a member of a reviewing body pins on the documents of a conclusion request is the committee's proposal
// (status `proposed`) until the examiner includes it among their drafts or drops it; it keeps the request it was
// proposed on, so the committee reads which body proposed it.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('remarks')
    .addColumn('conclusion_id', 'integer', (col) => col.references('conclusions.id').onDelete('set null'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('remarks').dropColumn('conclusion_id').execute();
}
