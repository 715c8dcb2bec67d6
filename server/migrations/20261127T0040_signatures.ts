import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// Detached electronic signatures kept beside the documents they sign (docs/product.md «Signatures»). A signature
// file (`.sig`, `.p7s`) is a file of the same round as its document: `signs_file_id` names the document, and
// `signature_check` holds the verdict the portal reached when the signature was filed (JSON: status, signer,
// certificate, signedAt, checkedAt). A document has at most one signature (the unique index).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('files').addColumn('signs_file_id', 'integer').execute();
  await db.schema.alterTable('files').addColumn('signature_check', 'text').execute();
  await db.schema.createIndex('files_signs_file_idx').on('files').column('signs_file_id').unique().execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('files_signs_file_idx').execute();
  await db.schema.alterTable('files').dropColumn('signature_check').execute();
  await db.schema.alterTable('files').dropColumn('signs_file_id').execute();
}
