import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// Indexes for every list and lookup the repositories run, in the order they read (checked with EXPLAIN by
// bench/explain.ts on SQLite and PostgreSQL): a list filtered by one column and sorted newest first reads the index
// backwards and needs no sort. The single-column indexes these extend are dropped (the new ones serve their lookups).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // Statements: a company's list, an examiner's list, everyone's list; each by date_create desc, id desc.
  await db.schema
    .createIndex('statements_company_created_idx')
    .on('statements')
    .columns(['company_id', 'date_create', 'id'])
    .execute();
  await db.schema
    .createIndex('statements_examiner_created_idx')
    .on('statements')
    .columns(['examiner_id', 'date_create', 'id'])
    .execute();
  await db.schema.createIndex('statements_created_idx').on('statements').columns(['date_create', 'id']).execute();
  await db.schema.dropIndex('statements_company_idx').execute();
  await db.schema.dropIndex('statements_examiner_idx').execute();

  // A statement's history, oldest first; a user's notifications, newest first.
  await db.schema
    .createIndex('status_history_statement_changed_idx')
    .on('status_history')
    .columns(['statement_id', 'changed_at', 'id'])
    .execute();
  await db.schema.dropIndex('status_history_statement_idx').execute();
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'date_create', 'id'])
    .execute();
  await db.schema.dropIndex('notifications_user_idx').execute();

  // A stage's files in upload order.
  await db.schema.createIndex('files_stage_id_idx').on('files').columns(['stage_id', 'id']).execute();
  await db.schema.dropIndex('files_stage_idx').execute();

  // A company's users by name (the employees list).
  await db.schema.createIndex('users_company_fio_idx').on('users').columns(['company_id', 'fio', 'id']).execute();
  await db.schema.dropIndex('users_company_idx').execute();

  // Housekeeping and sessions: abandoned uploads by age, a user's or a parent's refresh tokens, expired codes.
  // Abandoned uploads are read in id order among the unattached few, not among every file ever uploaded.
  await db.schema
    .createIndex('prefiles_unattached_idx')
    .on('prefiles')
    .column('id')
    .where(sql.ref('attached_at'), 'is', null)
    .execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
  await db.schema.createIndex('refresh_tokens_parent_idx').on('refresh_tokens').column('parent_id').execute();
  await db.schema.createIndex('login_codes_expires_idx').on('login_codes').column('expires_at').execute();
  await db.schema.createIndex('login_failures_created_idx').on('login_failures').column('created_at').execute();
}

export async function down(db: Db): Promise<void> {
  for (const name of [
    'login_failures_created_idx',
    'login_codes_expires_idx',
    'refresh_tokens_parent_idx',
    'refresh_tokens_user_idx',
    'prefiles_unattached_idx',
    'users_company_fio_idx',
    'files_stage_id_idx',
    'notifications_user_created_idx',
    'status_history_statement_changed_idx',
    'statements_created_idx',
    'statements_examiner_created_idx',
    'statements_company_created_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex('statements_company_idx').on('statements').column('company_id').execute();
  await db.schema.createIndex('statements_examiner_idx').on('statements').column('examiner_id').execute();
  await db.schema.createIndex('status_history_statement_idx').on('status_history').column('statement_id').execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').column('user_id').execute();
  await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();
  await db.schema.createIndex('files_stage_idx').on('files').column('stage_id').execute();
}
