import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// The public register's search runs in the database: each decision snapshot and each corrected certificate keeps
// the values an entry is found by (number, address, cadastral number, company, ИНН) folded into one column
// (lower case, ё as е, single spaces, one value per line). Existing rows are filled here with the same folding.
// `left_at` marks a snapshot whose statement has left that decision (an upheld appeal reopened it): the register
// lists a snapshot while it is null, without joining each row to its statement's status.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

function fold(text: string): string {
  return text.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е').replace(/\s+/gu, ' ').trim();
}

function searchText(values: Array<string | number | null>): string {
  return values
    .filter((value): value is string | number => value !== null && value !== '')
    .map((value) => fold(String(value)))
    .join('\n');
}

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('decision_snapshots').addColumn('search_text', 'text').execute();
  await db.schema.alterTable('corrections').addColumn('search_text', 'text').execute();
  await db.schema.alterTable('decision_snapshots').addColumn('left_at', 'text').execute();
  await db
    .updateTable('decision_snapshots')
    .set({ left_at: new Date().toISOString() })
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('statements as s')
          .select('s.id')
          .whereRef('s.id', '=', 'decision_snapshots.statement_id')
          .whereRef('s.status', '<>', 'decision_snapshots.outcome'),
      ),
    )
    .execute();
  // The register's count and pages read the published snapshots by decision time.
  await db.schema
    .createIndex('decision_snapshots_published')
    .on('decision_snapshots')
    .column('decided_at')
    .where(sql.ref('left_at'), 'is', null)
    .execute();
  const snapshots = await db
    .selectFrom('decision_snapshots as d')
    .innerJoin('statements as s', 's.id', 'd.statement_id')
    .select(['d.statement_id', 's.visible_id', 'd.address', 'd.cadastral_number', 'd.company_name', 'd.company_inn'])
    .execute();
  for (const row of snapshots) {
    await db
      .updateTable('decision_snapshots')
      .set({
        search_text: searchText([row.visible_id, row.address, row.cadastral_number, row.company_name, row.company_inn]),
      })
      .where('statement_id', '=', row.statement_id)
      .execute();
  }
  const corrected = await db
    .selectFrom('corrections as k')
    .innerJoin('statements as s', 's.id', 'k.statement_id')
    .select(['k.id', 's.visible_id', 'k.address', 'k.cadastral_number', 'k.company_name', 'k.company_inn'])
    .where('k.status', '=', 'corrected')
    .execute();
  for (const row of corrected) {
    await db
      .updateTable('corrections')
      .set({
        search_text: searchText([row.visible_id, row.address, row.cadastral_number, row.company_name, row.company_inn]),
      })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('corrections').dropColumn('search_text').execute();
  await db.schema.dropIndex('decision_snapshots_published').execute();
  await db.schema.alterTable('decision_snapshots').dropColumn('left_at').execute();
  await db.schema.alterTable('decision_snapshots').dropColumn('search_text').execute();
}
