import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// - statement numbers come from a counter row (allocated inside the creating transaction, never max + 1);
// - an employee's e-mail is optional and removal is a soft delete (`removed_at`): e-mails are unique among
//   active users only;
// - a stage and a status change keep their author's name (and a stage the phone, position and e-mail) as they
//   were at the time;
// - the company head is the company's contact person (`contact_fio`, `contact_phone`): the separate director
//   columns, which nothing could edit, are folded into them and dropped;
// - files and prefiles keep the SHA-256 computed while they were streamed in;
// - a refresh token records the token it replaced.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'integer', (col) => col.notNull())
    .execute();
  await sql`insert into counters (name, value)
    select 'statement_visible_id', coalesce(max(visible_id), 0) from statements`.execute(db);

  if (postgres) {
    await sql`alter table users alter column email drop not null`.execute(db);
    await sql`alter table users drop constraint users_email_key`.execute(db);
    await sql`alter table users add column removed_at text`.execute(db);
  } else {
    // SQLite cannot drop a column's NOT NULL or UNIQUE: rebuild the table (sqlite.org/lang_altertable.html, the
    // twelve steps). The migrator runs SQLite migrations outside a transaction, so foreign keys can be paused.
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    await sql`BEGIN`.execute(db);
    try {
      await sql`create table users_new (
        id integer primary key autoincrement,
        email text,
        fio text,
        phone text,
        position text,
        role text not null check (role in ('owner', 'employee', 'examiner')),
        company_id integer references companies (id) on delete restrict,
        instance_id integer references instances (id) on delete restrict,
        is_verify boolean not null default false,
        created_at text not null,
        removed_at text,
        constraint users_company_or_instance check ((company_id is null) <> (instance_id is null))
      )`.execute(db);
      await sql`insert into users_new (id, email, fio, phone, position, role, company_id, instance_id, is_verify, created_at)
        select id, email, fio, phone, position, role, company_id, instance_id, is_verify, created_at from users`.execute(
        db,
      );
      await sql`drop table users`.execute(db);
      await sql`alter table users_new rename to users`.execute(db);
      await sql`create index users_company_idx on users (company_id)`.execute(db);
      const broken = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken by the users rebuild: ${broken.rows.length}`);
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    } finally {
      await sql`PRAGMA foreign_keys = ON`.execute(db);
    }
  }
  await sql`create unique index users_active_email_unique on users (email)
    where removed_at is null and email is not null`.execute(db);

  for (const column of ['applicant_name', 'applicant_phone', 'applicant_position', 'applicant_mail']) {
    await db.schema.alterTable('stages').addColumn(column, 'text').execute();
  }
  await sql`update stages set
    applicant_name = (select fio from users where users.id = stages.applicant_id),
    applicant_phone = (select phone from users where users.id = stages.applicant_id),
    applicant_position = (select position from users where users.id = stages.applicant_id),
    applicant_mail = (select email from users where users.id = stages.applicant_id)`.execute(db);

  await db.schema.alterTable('status_history').addColumn('actor_name', 'text').execute();
  await sql`update status_history set actor_name = (select fio from users where users.id = status_history.user_id)`.execute(
    db,
  );

  await sql`update companies set contact_fio = coalesce(contact_fio, director),
    contact_phone = coalesce(contact_phone, director_phone)`.execute(db);
  await db.schema.alterTable('companies').dropColumn('director').execute();
  await db.schema.alterTable('companies').dropColumn('director_phone').execute();

  await db.schema.alterTable('prefiles').addColumn('sha256', 'text').execute();
  await db.schema.alterTable('files').addColumn('sha256', 'text').execute();
  await db.schema.createIndex('prefiles_owner_idx').on('prefiles').column('owner_id').execute();

  // A refresh token knows the token it replaced, so a rotation whose answer was lost can be told from a replay.
  await db.schema.alterTable('refresh_tokens').addColumn('parent_id', 'integer').execute();
}

export async function down(): Promise<void> {
  throw new Error('20261122T1800_workflow_groundwork cannot be undone: restore a backup instead');
}
