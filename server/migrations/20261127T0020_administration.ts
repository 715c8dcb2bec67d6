import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The committee's own administration (docs/product.md «Administration»): catalogue items are retired, never deleted
// (`retired_at`); remark templates examiners fill a remark from; and the administration log, one row per change with
// who made it (null: the admin CLI) and what changed (JSON text).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

const CATALOGUES = ['catalog_object_types', 'catalog_work_types', 'refusal_grounds'] as const;

export async function up(db: Db): Promise<void> {
  for (const table of CATALOGUES) await db.schema.alterTable(table).addColumn('retired_at', 'text').execute();

  await withId(db, db.schema.createTable('remark_templates'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('severity', 'text', (col) => col.notNull().check(sql`severity in ('required', 'advisory')`))
    .addColumn('work_type_id', 'integer', (col) => col.references('catalog_work_types.id').onDelete('restrict'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('retired_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('admin_log'))
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('admin_log').execute();
  await db.schema.dropTable('remark_templates').execute();
  for (const table of CATALOGUES) await db.schema.alterTable(table).dropColumn('retired_at').execute();
}
