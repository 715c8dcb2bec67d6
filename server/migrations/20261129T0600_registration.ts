import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// Organisations register themselves. A company is `pending` (registered, not yet confirmed: it may prepare, not file)
// or `active` (every company made before, and every one the console makes). A registration keeps when it came, how it
// was confirmed (`signature`: the head's qualified signature on the registration statement, whose stored PDF is
// `statement_key`, and the certificate's organisation name; `committee`: a head's decision), by whom, or why it was
// declined. One company per ИНН, as the portal's rule has been (a branch is not a legal entity: its people are the
// organisation's employees, signing under its powers of attorney); now a unique index, so of two registrations at once
// one wins. A user keeps what they consented to (the consent's version, when, from which
// address). A mailed code says what it is for (`login`, `registration`).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('active'))
    .execute();
  for (const column of [
    'registered_at',
    'confirmation',
    'confirmed_at',
    'confirmed_by_name',
    'certificate_organization',
    'statement_key',
    'declined_at',
    'decline_reason',
  ]) {
    await db.schema.alterTable('companies').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('companies_inn_unique').on('companies').column('inn').unique().execute();
  for (const column of ['consent_version', 'consent_at', 'consent_address']) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('login_codes')
    .addColumn('purpose', 'text', (col) => col.notNull().defaultTo('login'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('login_codes').dropColumn('purpose').execute();
  for (const column of ['consent_address', 'consent_at', 'consent_version']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.dropIndex('companies_inn_unique').execute();
  for (const column of [
    'decline_reason',
    'declined_at',
    'statement_key',
    'certificate_organization',
    'confirmed_by_name',
    'confirmed_at',
    'confirmation',
    'registered_at',
    'state',
  ]) {
    await db.schema.alterTable('companies').dropColumn(column).execute();
  }
}
