import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// Machine-readable powers of attorney (МЧД, the ФНС's format EMCHD_1) of a company: what the XML says, the verdict
// on its head's signature, the stored XML and signature (storage keys of the claimed uploads), and its revocation in
// the portal or as recorded from the ФНС's registry. `number` (НомДовер) is unique: one МЧД is added once. A
// representative's signatures are matched by `representative_snils` or `representative_inn` within the company. The
// catalogue `catalog_power_codes` holds the codes of powers the committee accepts.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema.createTable('powers_of_attorney');
  table = postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  await table
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('internal_number', 'text', (col) => col.notNull())
    .addColumn('issued_on', 'text', (col) => col.notNull())
    .addColumn('valid_to', 'text', (col) => col.notNull())
    .addColumn('principal', 'text', (col) => col.notNull())
    .addColumn('issued_by', 'text', (col) => col.notNull())
    .addColumn('representative', 'text', (col) => col.notNull())
    .addColumn('representative_snils', 'text')
    .addColumn('representative_inn', 'text')
    .addColumn('powers', 'text', (col) => col.notNull())
    .addColumn('signature_check', 'text', (col) => col.notNull())
    .addColumn('xml_key', 'text', (col) => col.notNull())
    .addColumn('signature_key', 'text', (col) => col.notNull())
    .addColumn('added_by', 'integer')
    .addColumn('added_by_name', 'text', (col) => col.notNull())
    .addColumn('added_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('revoked_by_name', 'text')
    .addColumn('registry_checked_at', 'text')
    .addColumn('registry_checked_by', 'text')
    .addColumn('registry_result', 'text')
    .addColumn('registry_note', 'text')
    .execute();
  // The codes of powers the committee accepts ('Полномочия по доверенности'), a catalogue of the administration like
  // the object categories: `value` is the code.
  let catalog = db.schema.createTable('catalog_power_codes');
  catalog = postgres
    ? catalog.addColumn('id', 'serial', (col) => col.primaryKey())
    : catalog.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  await catalog
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull().unique())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .addColumn('retired_at', 'text')
    .execute();
  await db.schema
    .createIndex('powers_of_attorney_company_idx')
    .on('powers_of_attorney')
    .columns(['company_id', 'added_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('catalog_power_codes').execute();
  await db.schema.dropTable('powers_of_attorney').execute();
}
