import { sql } from 'kysely';
import { type Db, isPostgres } from '../db/database.ts';

export type CatalogName = 'catalog_object_types' | 'catalog_work_types' | 'catalog_power_codes';

export interface CatalogEntry {
  name: string;
  value: string;
}

/** Catalogue items in their display order, in the API shape {id, name, value}; `offered`: the ones not retired. */
export function listCatalog(db: Db, catalog: CatalogName, offered = false) {
  let query = db.selectFrom(catalog).select(['id', 'name', 'value']);
  if (offered) query = query.where('retired_at', 'is', null);
  return query.orderBy('sort_order').orderBy('id').execute();
}

/** Adds the entries a catalogue lacks (matched by value); existing ones are left as they are. */
export async function ensureCatalog(db: Db, catalog: CatalogName, entries: CatalogEntry[]): Promise<void> {
  const existing = new Set((await db.selectFrom(catalog).select('value').execute()).map((row) => row.value));
  const missing = entries
    .map((entry, index) => ({ ...entry, sort_order: index + 1 }))
    .filter((entry) => !existing.has(entry.value));
  if (missing.length > 0) await db.insertInto(catalog).values(missing).execute();
}

/** Whether a catalogue item exists and is offered (not retired): what a new statement may name. */
export async function catalogItemOffered(db: Db, catalog: CatalogName, id: number): Promise<boolean> {
  const row = await db
    .selectFrom(catalog)
    .select('id')
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
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

/** A kind's offered grounds (not retired) in their display order. */
export function listRefusalGrounds(db: Db, kind: RefusalKind) {
  return db
    .selectFrom('refusal_grounds')
    .select(['id', 'name', 'legal_basis'])
    .where('kind', '=', kind)
    .where('retired_at', 'is', null)
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

/** The offered grounds of a kind among `ids` (a retired one, of the other kind or of none is simply absent). */
export function findRefusalGrounds(db: Db, kind: RefusalKind, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('refusal_grounds')
    .select(['id', 'name', 'legal_basis'])
    .where('kind', '=', kind)
    .where('retired_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
}

// ——— The administration's writes (docs/product.md «Administration»): items are added, edited, retired, restored ———

/** A catalogue item as the administration sees it: retired ones too, with how many statements use it. */
export interface AdminItemRow {
  id: number;
  name: string;
  value: string;
  legal_basis: string | null;
  retired_at: string | null;
  usage: number;
}

/** Where a catalogue of the administration lives: a table of its own, or a kind of the refusal grounds. */
export type CatalogPlace = { table: CatalogName } | { grounds: RefusalKind };

/** How many statements use each item of a catalogue (a category, a work type, a refusal's ground). */
async function usageOf(db: Db, place: CatalogPlace): Promise<Map<number, number>> {
  let rows: { id: number | null; count: number | string | bigint }[];
  if ('grounds' in place) {
    rows = await db
      .selectFrom('statement_refusal_grounds as u')
      .innerJoin('refusal_grounds as g', 'g.id', 'u.ground_id')
      .select(['u.ground_id as id', (eb) => eb.fn.count<number>('u.statement_id').distinct().as('count')])
      .where('g.kind', '=', place.grounds)
      .groupBy('u.ground_id')
      .execute();
  } else if (place.table === 'catalog_power_codes') {
    // No statement names a power: the codes are read against powers of attorney.
    rows = [];
  } else {
    const column = place.table === 'catalog_object_types' ? 'category_object_id' : 'work_type_id';
    rows = await db
      .selectFrom('statements')
      .select([`${column} as id`, (eb) => eb.fn.countAll<number>().as('count')])
      .where(column, 'is not', null)
      .groupBy(column)
      .execute();
  }
  return new Map(rows.flatMap((row) => (row.id === null ? [] : [[Number(row.id), Number(row.count)]])));
}

/** Every item of a catalogue in display order, retired ones included, with their usage. */
export async function listAdminItems(db: Db, place: CatalogPlace): Promise<AdminItemRow[]> {
  const usage = await usageOf(db, place);
  const rows =
    'grounds' in place
      ? await db
          .selectFrom('refusal_grounds')
          .select(['id', 'name', 'value', 'legal_basis', 'retired_at'])
          .where('kind', '=', place.grounds)
          .orderBy('sort_order')
          .orderBy('id')
          .execute()
      : (
          await db
            .selectFrom(place.table)
            .select(['id', 'name', 'value', 'retired_at'])
            .orderBy('sort_order')
            .orderBy('id')
            .execute()
        ).map((row) => ({ ...row, legal_basis: null }));
  return rows.map((row) => ({ ...row, usage: usage.get(row.id) ?? 0 }));
}

/** One item of a catalogue (retired or not), or undefined for an id of no item of it. */
export async function findAdminItem(db: Db, place: CatalogPlace, id: number): Promise<AdminItemRow | undefined> {
  return (await listAdminItems(db, place)).find((row) => row.id === id);
}

/**
 * Makes the caller's transaction the only one writing this catalogue until it ends, so a check of its names and the
 * write that follows cannot interleave with another head's. PostgreSQL: an advisory lock of the transaction, one per
 * catalogue. SQLite: a write that changes nothing takes the database's write lock before anything is read.
 */
export async function lockCatalog(db: Db, place: CatalogPlace): Promise<void> {
  const table = 'grounds' in place ? 'refusal_grounds' : place.table;
  if (isPostgres(db)) {
    await sql`select pg_advisory_xact_lock(hashtext(${`catalog:${table}`}))`.execute(db);
    return;
  }
  await db.updateTable(table).set({ sort_order: sql`sort_order` }).where(sql<boolean>`0 = 1`).execute();
}

/** Adds an item at the end of a catalogue; its id. */
export async function insertItem(
  db: Db,
  place: CatalogPlace,
  item: { name: string; value: string; legalBasis: string | null },
): Promise<number> {
  if ('grounds' in place) {
    const last = await db
      .selectFrom('refusal_grounds')
      .select((eb) => eb.fn.max('sort_order').as('max'))
      .where('kind', '=', place.grounds)
      .executeTakeFirst();
    const row = await db
      .insertInto('refusal_grounds')
      .values({
        kind: place.grounds,
        value: item.value,
        name: item.name,
        legal_basis: item.legalBasis ?? '',
        sort_order: Number(last?.max ?? 0) + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const last = await db
    .selectFrom(place.table)
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .executeTakeFirst();
  const row = await db
    .insertInto(place.table)
    .values({ name: item.name, value: item.value, sort_order: Number(last?.max ?? 0) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames an item or changes a ground's legal basis (only what is given). */
export async function updateItem(
  db: Db,
  place: CatalogPlace,
  id: number,
  changes: { name?: string; legalBasis?: string },
): Promise<void> {
  if ('grounds' in place) {
    const set = {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.legalBasis === undefined ? {} : { legal_basis: changes.legalBasis }),
    };
    if (Object.keys(set).length === 0) return;
    await db.updateTable('refusal_grounds').set(set).where('id', '=', id).where('kind', '=', place.grounds).execute();
    return;
  }
  if (changes.name === undefined) return;
  await db.updateTable(place.table).set({ name: changes.name }).where('id', '=', id).execute();
}

/** Retires an item (`at`) or restores it (null); false when it already was so. */
export async function setItemRetired(db: Db, place: CatalogPlace, id: number, at: string | null): Promise<boolean> {
  const result =
    'grounds' in place
      ? await db
          .updateTable('refusal_grounds')
          .set({ retired_at: at })
          .where('id', '=', id)
          .where('kind', '=', place.grounds)
          .where('retired_at', at === null ? 'is not' : 'is', null)
          .executeTakeFirst()
      : await db
          .updateTable(place.table)
          .set({ retired_at: at })
          .where('id', '=', id)
          .where('retired_at', at === null ? 'is not' : 'is', null)
          .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
