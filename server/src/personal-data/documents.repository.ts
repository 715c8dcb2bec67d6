import type { Db } from '../db/database.ts';
import type { PersonalDataDocumentTable } from '../db/schema.ts';

type Kind = PersonalDataDocumentTable['kind'];

/** The latest published version of a kind, or undefined while its first edition (the code's) stands. */
export function findLatestDocument(db: Db, kind: Kind) {
  return db
    .selectFrom('personal_data_documents')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Publishes a version (unique per kind: of two publications of one version one fails). */
export async function insertDocument(
  db: Db,
  row: { kind: Kind; version: number; template: string; at: string; by: { id: number; name: string | null } },
): Promise<void> {
  await db
    .insertInto('personal_data_documents')
    .values({
      kind: row.kind,
      version: row.version,
      template: row.template,
      published_at: row.at,
      published_by: row.by.id,
      published_by_name: row.by.name,
    })
    .execute();
}
