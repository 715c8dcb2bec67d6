import type { CatalogItem, RefusalGround } from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import {
  type CatalogName,
  catalogIdsByValue,
  catalogItemExists,
  ensureCatalog,
  ensureRefusalGrounds,
  findRefusalGrounds,
  listCatalog,
  listRefusalGrounds,
  type RefusalKind,
} from './catalogs.repository.ts';
import { INTAKE_REFUSAL_GROUNDS, OBJECT_CATEGORIES, REFUSAL_GROUNDS, WORK_TYPES } from './defaults.ts';

/** Reference catalogues exist in every environment, production included. */
export async function ensureCatalogues(db: Db): Promise<void> {
  await ensureCatalog(db, 'catalog_object_types', OBJECT_CATEGORIES);
  await ensureCatalog(db, 'catalog_work_types', WORK_TYPES);
  await ensureRefusalGrounds(db, 'intake', INTAKE_REFUSAL_GROUNDS);
  await ensureRefusalGrounds(db, 'decision', REFUSAL_GROUNDS);
}

const toApiGround = (row: { id: number; name: string; legal_basis: string }): RefusalGround => ({
  id: row.id,
  name: row.name,
  legalBasis: row.legal_basis,
});

/** A kind's grounds in display order, in the API shape {id, name, legalBasis}. */
export async function refusalGrounds(ctx: ServiceContext, kind: RefusalKind): Promise<RefusalGround[]> {
  return (await listRefusalGrounds(ctx.db, kind)).map(toApiGround);
}

/**
 * The grounds `ids` name, in their order, as the catalogue words them now; null when any id is not a ground of this
 * kind (of none, or of the other catalogue).
 */
export async function groundsByIds(
  ctx: ServiceContext,
  kind: RefusalKind,
  ids: readonly number[],
): Promise<RefusalGround[] | null> {
  const found = new Map((await findRefusalGrounds(ctx.db, kind, ids)).map((row) => [row.id, toApiGround(row)]));
  const grounds = ids.map((id) => found.get(id));
  return grounds.every((ground) => ground !== undefined) ? (grounds as RefusalGround[]) : null;
}

/** A catalogue's items in their display order, in the API shape {id, name, value}. */
export function catalogItems(ctx: ServiceContext, catalog: CatalogName): Promise<CatalogItem[]> {
  return listCatalog(ctx.db, catalog);
}

/** Whether a catalogue item exists (a foreign key would fail later with a less helpful error). */
export function hasCatalogItem(ctx: ServiceContext, catalog: CatalogName, id: number): Promise<boolean> {
  return catalogItemExists(ctx.db, catalog, id);
}

/** Ids of a catalogue's items by their stable code. */
export function catalogIds(ctx: ServiceContext, catalog: CatalogName): Promise<Map<string, number>> {
  return catalogIdsByValue(ctx.db, catalog);
}
