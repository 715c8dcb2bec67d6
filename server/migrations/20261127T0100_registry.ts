import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The public register of decisions reads decision snapshots only, so every decision keeps one: a refusal and a
// refusal to accept as well as an approval (`outcome`), with the object's category and work type as they were
// (their ids for the filters, their names as worded then). Decisions taken before this migration get a snapshot of
// their statement as it is now, dated by the history's move to the decision. Indexes serve the register's sort by
// date and its filters.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('decision_snapshots').addColumn('outcome', 'text').execute();
  await db.schema.alterTable('decision_snapshots').addColumn('category_object_id', 'integer').execute();
  await db.schema.alterTable('decision_snapshots').addColumn('category_name', 'text').execute();
  await db.schema.alterTable('decision_snapshots').addColumn('work_type_id', 'integer').execute();
  await db.schema.alterTable('decision_snapshots').addColumn('work_type_name', 'text').execute();
  await sql`
    insert into decision_snapshots (statement_id, decided_at, object_name, address, cadastral_number, company_name,
      company_inn, company_kpp, company_ogrn, examiner_fio, committee)
    select s.id,
      coalesce((select max(h.changed_at) from status_history h where h.statement_id = s.id and h.to_status = s.status),
        s.last_update),
      s.object_name, s.address, s.cadastral_number, c.legal_entity, c.inn, c.kpp, c.ogrn, null, null
    from statements s join companies c on c.id = s.company_id
    where s.status in ('approved', 'rejected', 'not_accepted')
      and not exists (select 1 from decision_snapshots d where d.statement_id = s.id)
  `.execute(db);
  await sql`
    update decision_snapshots set
      outcome = (select s.status from statements s where s.id = decision_snapshots.statement_id),
      category_object_id = (select s.category_object_id from statements s where s.id = decision_snapshots.statement_id),
      category_name = (select o.name from statements s join catalog_object_types o on o.id = s.category_object_id
        where s.id = decision_snapshots.statement_id),
      work_type_id = (select s.work_type_id from statements s where s.id = decision_snapshots.statement_id),
      work_type_name = (select w.name from statements s join catalog_work_types w on w.id = s.work_type_id
        where s.id = decision_snapshots.statement_id)
  `.execute(db);
  // Snapshots taken before this migration were approvals'.
  await sql`
    update decision_snapshots set outcome = 'approved' where outcome is null or outcome not in ('approved', 'rejected', 'not_accepted')
  `.execute(db);
  await db.schema
    .createIndex('decision_snapshots_decided_at')
    .on('decision_snapshots')
    .columns(['decided_at'])
    .execute();
  await db.schema
    .createIndex('decision_snapshots_outcome_decided_at')
    .on('decision_snapshots')
    .columns(['outcome', 'decided_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('decision_snapshots_outcome_decided_at').execute();
  await db.schema.dropIndex('decision_snapshots_decided_at').execute();
  for (const column of ['work_type_name', 'work_type_id', 'category_name', 'category_object_id', 'outcome']) {
    await db.schema.alterTable('decision_snapshots').dropColumn(column).execute();
  }
}
