import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// What a decision was about, as it was when it was taken: the public certificate check shows this, never later edits
// of the company, the statement or the examiner. Statements approved before this migration get the values they have
// now (the best that is known).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('decision_snapshots')
    .addColumn('statement_id', 'integer', (col) => col.primaryKey().references('statements.id').onDelete('cascade'))
    .addColumn('decided_at', 'text', (col) => col.notNull())
    .addColumn('object_name', 'text', (col) => col.notNull())
    .addColumn('address', 'text')
    .addColumn('company_name', 'text', (col) => col.notNull())
    .addColumn('company_inn', 'text')
    .addColumn('company_kpp', 'text')
    .addColumn('company_ogrn', 'text')
    .addColumn('examiner_fio', 'text')
    .addColumn('committee', 'text')
    .execute();
  await db
    .insertInto('decision_snapshots')
    .columns([
      'statement_id',
      'decided_at',
      'object_name',
      'address',
      'company_name',
      'company_inn',
      'company_kpp',
      'company_ogrn',
      'examiner_fio',
      'committee',
    ])
    .expression((eb) =>
      eb
        .selectFrom('statements as s')
        .innerJoin('companies as c', 'c.id', 's.company_id')
        .leftJoin('users as e', 'e.id', 's.examiner_id')
        .leftJoin('instances as i', 'i.id', 'e.instance_id')
        .select([
          's.id',
          's.last_update',
          's.object_name',
          's.address',
          'c.legal_entity',
          'c.inn',
          'c.kpp',
          'c.ogrn',
          'e.fio',
          'i.name',
        ])
        .where('s.status', '=', 'approved'),
    )
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('decision_snapshots').execute();
}
