import type { CatalogItem } from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import {
  type CatalogName,
  catalogIdsByValue,
  catalogItemExists,
  ensureCatalog,
  listCatalog,
} from './catalogs.repository.ts';
import { OBJECT_CATEGORIES, WORK_TYPES } from './defaults.ts';

/** Reference catalogues exist in every environment, production included. */
export async function ensureCatalogues(db: Db): Promise<void> {
  await ensureCatalog(db, 'catalog_object_types', OBJECT_CATEGORIES);
  await ensureCatalog(db, 'catalog_work_types', WORK_TYPES);
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
