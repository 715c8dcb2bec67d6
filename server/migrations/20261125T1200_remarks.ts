import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// Remarks of an examiner on a statement, optionally pinned to a spot of a page of one of its documents, answered by
// the applicant with a new version and resolved by the examiner; each change of a remark is an event (who, when).
// Files learn their page count (read once, when a remark is first pinned to them). Lists show the open required
// remarks of each statement, so a write to remarks moves the list revision on (as in 20261122T2300_list_revision).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('remarks'))
    .addColumn('statement_id', 'integer', (col) => col.notNull().references('statements.id').onDelete('cascade'))
    .addColumn('number', 'integer')
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('severity', 'text', (col) => col.notNull())
    .addColumn('file_id', 'integer', (col) => col.references('files.id').onDelete('cascade'))
    .addColumn('page', 'integer')
    .addColumn('x', 'double precision')
    .addColumn('y', 'double precision')
    .addColumn('width', 'double precision')
    .addColumn('height', 'double precision')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text')
    .addColumn('published_round', 'integer')
    .addColumn('answer_text', 'text')
    .addColumn('answer_round', 'integer')
    .addColumn('answer_at', 'text')
    .addColumn('answer_author', 'text')
    .addColumn('resolved', 'boolean')
    .addColumn('resolution_note', 'text')
    .addColumn('resolution_at', 'text')
    .addColumn('resolution_author', 'text')
    .addColumn('resolved_by_decision', 'boolean')
    .addUniqueConstraint('remarks_statement_number_unique', ['statement_id', 'number'])
    .execute();
  await db.schema.createIndex('remarks_statement_idx').on('remarks').columns(['statement_id', 'status']).execute();
  const bump = 'update list_revision set n = n + 1 where id = 1';
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(`create trigger remarks_list_revision after insert or update or delete on remarks
        for each statement execute function bump_list_revision()`)
      .execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql
        .raw(`create trigger remarks_list_revision_${event} after ${event} on remarks begin ${bump}; end`)
        .execute(db);
    }
  }

  await withId(db, db.schema.createTable('remark_events'))
    .addColumn('remark_id', 'integer', (col) => col.notNull().references('remarks.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text')
    .addColumn('text', 'text')
    .addColumn('round', 'integer')
    .execute();
  await db.schema.createIndex('remark_events_remark_idx').on('remark_events').column('remark_id').execute();

  await db.schema.alterTable('files').addColumn('page_count', 'integer').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('files').dropColumn('page_count').execute();
  await db.schema.dropTable('remark_events').execute();
  await db.schema.dropTable('remarks').execute();
}
