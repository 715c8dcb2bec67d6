import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// - a statement gets a public certificate check token when its certificate is first generated: random, unguessable,
//   never derived from its id; null until then, unique once issued (both databases treat NULLs as distinct).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // SQLite cannot add a UNIQUE column: the column first, then a unique index (the same on PostgreSQL).
  await db.schema.alterTable('statements').addColumn('check_token', 'text').execute();
  await sql`create unique index statements_check_token_unique on statements (check_token)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('20261122T1900_certificate_check cannot be undone: restore a backup instead');
}
