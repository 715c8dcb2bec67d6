import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('companies'))
    .addColumn('legal_entity', 'text', (col) => col.notNull())
    .addColumn('legal_address', 'text')
    .addColumn('inn', 'text')
    .addColumn('kpp', 'text')
    .addColumn('ogrn', 'text')
    .addColumn('contact_fio', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('director', 'text')
    .addColumn('director_phone', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('instances'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('fio', 'text')
    .addColumn('phone', 'text')
    .addColumn('position', 'text')
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('owner', 'employee', 'examiner')`))
    .addColumn('company_id', 'integer', (col) => col.references('companies.id').onDelete('restrict'))
    .addColumn('instance_id', 'integer', (col) => col.references('instances.id').onDelete('restrict'))
    .addColumn('is_verify', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('users_company_or_instance', sql`(company_id is null) <> (instance_id is null)`)
    .execute();
  await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();

  for (const table of ['catalog_object_types', 'catalog_work_types']) {
    await withId(db, db.schema.createTable(table))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull().unique())
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }

  await withId(db, db.schema.createTable('statements'))
    .addColumn('visible_id', 'integer', (col) => col.notNull().unique())
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('sent', 'under_review', 'has_comments', 'approved', 'rejected')`),
    )
    .addColumn('cipher', 'text')
    .addColumn('object_name', 'text', (col) => col.notNull())
    .addColumn('address', 'text')
    .addColumn('category_object_id', 'integer', (col) => col.references('catalog_object_types.id'))
    .addColumn('work_type_id', 'integer', (col) => col.references('catalog_work_types.id'))
    .addColumn('examiner_id', 'integer', (col) => col.references('users.id'))
    .addColumn('external_number', 'text')
    .addColumn('date_create', 'text', (col) => col.notNull())
    .addColumn('last_update', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('statements_company_idx').on('statements').column('company_id').execute();
  await db.schema.createIndex('statements_status_idx').on('statements').column('status').execute();
  await db.schema.createIndex('statements_examiner_idx').on('statements').column('examiner_id').execute();

  await withId(db, db.schema.createTable('stages'))
    .addColumn('statement_id', 'integer', (col) => col.notNull().references('statements.id').onDelete('cascade'))
    .addColumn('n', 'integer', (col) => col.notNull())
    .addColumn('applicant_id', 'integer', (col) => col.references('users.id'))
    .addColumn('is_government_agency', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('status', 'text')
    .addColumn('comment', 'text')
    .addColumn('date_create', 'text', (col) => col.notNull())
    .addUniqueConstraint('stages_statement_n_unique', ['statement_id', 'n'])
    .execute();

  await withId(db, db.schema.createTable('files'))
    .addColumn('stage_id', 'integer', (col) => col.notNull().references('stages.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('files_stage_idx').on('files').column('stage_id').execute();

  await withId(db, db.schema.createTable('prefiles'))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('attached_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('route', 'text')
    .addColumn('date_create', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').column('user_id').execute();

  await withId(db, db.schema.createTable('status_history'))
    .addColumn('statement_id', 'integer', (col) => col.notNull().references('statements.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('status_history_statement_idx').on('status_history').column('statement_id').execute();

  await withId(db, db.schema.createTable('login_codes'))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('consumed_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_email_idx')
    .on('login_failures')
    .columns(['email', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('refresh_tokens'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('family_expires_at', 'text', (col) => col.notNull())
    .addColumn('idle_expires_at', 'text', (col) => col.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'refresh_tokens',
    'login_failures',
    'login_codes',
    'status_history',
    'notifications',
    'prefiles',
    'files',
    'stages',
    'statements',
    'catalog_work_types',
    'catalog_object_types',
    'users',
    'instances',
    'companies',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
