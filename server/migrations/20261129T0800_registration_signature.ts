import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// A registration's statement is kept with its size and SHA-256, as every stored file is (the copy to S3 and the
// integrity check compare them). A registration confirmed by its head's qualified signature keeps that signature beside
// the statement it signs (`statement_key`): the stored `.sig` and the verdict it got, as a statement's documents do.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('companies').addColumn('statement_size', 'integer').execute();
  for (const column of ['statement_sha256', 'statement_signature_key', 'statement_signature_check']) {
    await db.schema.alterTable('companies').addColumn(column, 'text').execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const column of ['statement_signature_check', 'statement_signature_key', 'statement_sha256', 'statement_size']) {
    await db.schema.alterTable('companies').dropColumn(column).execute();
  }
}
