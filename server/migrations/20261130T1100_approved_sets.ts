import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The approved set: a stamped copy of every PDF and image of the approved submission, and the set's inventory, are
// files of the decision's round marked by `approved_set` ('stamped' or 'inventory'; null on every other file), a
// stamped copy naming its original (`stamped_from_file_id`). One `approved_sets` row per decision's round says the
// set was made, with the documents that could not be stamped and why (JSON).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('approved_set', 'text', (col) => col.check(sql`approved_set in ('stamped', 'inventory')`))
    .execute();
  await db.schema
    .alterTable('files')
    .addColumn('stamped_from_file_id', 'integer', (col) => col.references('files.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('approved_sets')
    .addColumn('stage_id', 'integer', (col) => col.primaryKey().references('stages.id').onDelete('cascade'))
    .addColumn('made_at', 'text', (col) => col.notNull())
    .addColumn('not_stamped', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('approved_sets').execute();
  await db.schema.alterTable('files').dropColumn('stamped_from_file_id').execute();
  await db.schema.alterTable('files').dropColumn('approved_set').execute();
}
