import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// A person may withdraw their consent to the processing of personal data: in their profile, or on paper, recorded by
// a head. The user keeps when it was withdrawn and how it came (`portal`, `post`, `in_person`, `electronic`); the
// scheduled destruction clears their data after its own term from that moment.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  for (const column of ['consent_withdrawn_at', 'consent_withdrawal_via']) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const column of ['consent_withdrawal_via', 'consent_withdrawn_at']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
