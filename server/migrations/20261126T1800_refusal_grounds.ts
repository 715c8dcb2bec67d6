import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The committee's two catalogues of grounds for a refusal, each ground with the text of its legal basis: `intake`
// (a refusal to accept the documents) and `decision` (a refusal to approve). A refusal keeps its grounds as they were
// worded when it was given (name and legal basis copied), so a later edit of the catalogue changes no past decision.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('refusal_grounds'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('intake', 'decision')`))
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('legal_basis', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('refusal_grounds_kind_value', ['kind', 'value'])
    .execute();
  await db.schema
    .createTable('statement_refusal_grounds')
    .addColumn('statement_id', 'integer', (col) => col.notNull().references('statements.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('ground_id', 'integer', (col) => col.notNull().references('refusal_grounds.id').onDelete('restrict'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('legal_basis', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('statement_refusal_grounds_pk', ['statement_id', 'position'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('statement_refusal_grounds').execute();
  await db.schema.dropTable('refusal_grounds').execute();
}
