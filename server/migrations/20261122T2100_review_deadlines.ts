import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The review term (ПП РФ № 857: N working days on the Russian production calendar):
// - a statement keeps the receipt of its last submission (`term_start`, creation or new version) and the term's
//   length as configured then (`term_days`), so changing the configuration never moves a running deadline;
//   existing statements get their last receipt from the status history and the default 10 days;
// - a status change that stopped a running term keeps its due date and whether it came in time;
// - production calendar years an admin loaded: the non-working weekdays and the working weekend days of each;
// - the configured term: the portal's (`scope` 'portal') and per object category (`category:<id>`);
// - each deadline reminder is claimed by one row (statement, term, kind) before its mail goes, so several
//   instances send it once.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('statements').addColumn('term_start', 'text').execute();
  await db.schema.alterTable('statements').addColumn('term_days', 'integer').execute();
  await sql`update statements set term_days = 10, term_start = (
      select max(h.changed_at) from status_history h
      where h.statement_id = statements.id
        and (h.from_status is null or (h.from_status = 'has_comments' and h.to_status = 'under_review'))
    )`.execute(db);
  await sql`update statements set term_start = date_create where term_start is null`.execute(db);

  await db.schema.alterTable('status_history').addColumn('term_due_date', 'text').execute();
  await db.schema.alterTable('status_history').addColumn('term_on_time', 'boolean').execute();

  await db.schema
    .createTable('calendar_years')
    .addColumn('year', 'integer', (col) => col.primaryKey())
    .addColumn('imported_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('calendar_days')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('year', 'integer', (col) => col.notNull().references('calendar_years.year').onDelete('cascade'))
    .addColumn('working', 'boolean', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('calendar_days_year_idx').on('calendar_days').column('year').execute();

  await db.schema
    .createTable('review_terms')
    .addColumn('scope', 'text', (col) => col.primaryKey())
    .addColumn('days', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('deadline_reminders')
    .addColumn('statement_id', 'integer', (col) => col.notNull().references('statements.id').onDelete('cascade'))
    .addColumn('term_start', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('deadline_reminders_pk', ['statement_id', 'term_start', 'kind'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('20261122T2100_review_deadlines cannot be undone: restore a backup instead');
}
