import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// A login code belongs to the login attempt that asked for it, not to the e-mail: one e-mail may have several live
// attempts (each browser its own), and wrong guesses in one never spend another's. The attempt is named by a random
// token the starting browser holds in an HttpOnly cookie; the table keeps its SHA-256. Codes in flight during the
// upgrade are dropped with the old table: those users ask for a new one.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  await db.schema.dropTable('login_codes').execute();
  await withId(db, db.schema.createTable('login_codes'))
    .addColumn('attempt_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('consumed_at', 'text')
    .execute();
  await db.schema.createIndex('login_codes_email_idx').on('login_codes').columns(['email', 'expires_at']).execute();
  await db.schema.createIndex('login_codes_expires_idx').on('login_codes').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('login_codes').execute();
  await withId(db, db.schema.createTable('login_codes'))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('consumed_at', 'text')
    .execute();
  await db.schema.createIndex('login_codes_expires_idx').on('login_codes').column('expires_at').execute();
}
