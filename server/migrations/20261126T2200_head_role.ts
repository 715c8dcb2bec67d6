import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The committee's head (руководитель отдела): an examiner who also assigns and reassigns statements, sees the team's
// workload and the report on terms. A flag on the user; on an upgraded database the earliest active examiner becomes
// the head, so a committee is never left without one.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_head', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
  await sql`
    update users set is_head = ${true}
    where id = (select min(id) from users where role = 'examiner' and removed_at is null)
  `.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('is_head').execute();
}
