import type { Db } from '../db/database.ts';

export type CatalogName = 'catalog_object_types' | 'catalog_work_types';

export interface CatalogEntry {
  name: string;
  value: string;
}

/** Catalogue items in their display order, in the API shape {id, name, value}. */
export function listCatalog(db: Db, catalog: CatalogName) {
  return db.selectFrom(catalog).select(['id', 'name', 'value']).orderBy('sort_order').orderBy('id').execute();
}

/** Adds the entries a catalogue lacks (matched by value); existing ones are left as they are. */
export async function ensureCatalog(db: Db, catalog: CatalogName, entries: CatalogEntry[]): Promise<void> {
  const existing = new Set((await db.selectFrom(catalog).select('value').execute()).map((row) => row.value));
  const missing = entries
    .map((entry, index) => ({ ...entry, sort_order: index + 1 }))
    .filter((entry) => !existing.has(entry.value));
  if (missing.length > 0) await db.insertInto(catalog).values(missing).execute();
}

/** Whether a catalogue item exists (a foreign key would fail later with a less helpful error). */
export async function catalogItemExists(db: Db, catalog: CatalogName, id: number): Promise<boolean> {
  return (await db.selectFrom(catalog).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Ids of catalogue items by their stable code. */
export async function catalogIdsByValue(db: Db, catalog: CatalogName): Promise<Map<string, number>> {
  const rows = await db.selectFrom(catalog).select(['id', 'value']).execute();
  return new Map(rows.map((row) => [row.value, row.id]));
}

/** A ground of a refusal as the catalogue ships it: a stable code, the wording, and its legal basis. */
export interface RefusalGroundEntry {
  value: string;
  name: string;
  legalBasis: string;
}

/** The kinds of refusal grounds: a refusal to accept the documents, and a refusal to approve. */
export type RefusalKind = 'intake' | 'decision';

/** A kind's grounds in their display order. */
export function listRefusalGrounds(db: Db, kind: RefusalKind) {
  return db
    .selectFrom('refusal_grounds')
    .select(['id', 'name', 'legal_basis'])
    .where('kind', '=', kind)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Adds the grounds a kind lacks (matched by value); existing ones, perhaps reworded by the committee, stay. */
export async function ensureRefusalGrounds(db: Db, kind: RefusalKind, entries: RefusalGroundEntry[]): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('refusal_grounds').select('value').where('kind', '=', kind).execute()).map((r) => r.value),
  );
  const missing = entries
    .map((entry, index) => ({
      kind,
      value: entry.value,
      name: entry.name,
      legal_basis: entry.legalBasis,
      sort_order: index + 1,
    }))
    .filter((entry) => !existing.has(entry.value));
  if (missing.length > 0) await db.insertInto('refusal_grounds').values(missing).execute();
}

/** The grounds of a kind among `ids` (an id of the other kind or of none is simply absent). */
export function findRefusalGrounds(db: Db, kind: RefusalKind, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('refusal_grounds')
    .select(['id', 'name', 'legal_basis'])
    .where('kind', '=', kind)
    .where('id', 'in', ids)
    .execute();
}
