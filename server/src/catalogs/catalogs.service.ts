import { randomUUID } from 'node:crypto';
import type {
  AdminCatalogItem,
  AdminCatalogItemInput,
  AdminCatalogItemPatch,
  AdminCatalogKind,
  CatalogItem,
  RefusalGround,
} from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apiError, fieldError } from '../errors.ts';
import { optionalText } from '../text.ts';
import {
  type AdminItemRow,
  type CatalogName,
  type CatalogPlace,
  catalogIdsByValue,
  catalogItemOffered,
  ensureCatalog,
  ensureRefusalGrounds,
  findAdminItem,
  findRefusalGrounds,
  insertItem,
  listAdminItems,
  listCatalog,
  listRefusalGrounds,
  lockCatalog,
  type RefusalKind,
  setItemRetired,
  updateItem,
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

/** A kind's offered grounds (retired ones are not) in display order, in the API shape {id, name, legalBasis}. */
export async function refusalGrounds(ctx: ServiceContext, kind: RefusalKind): Promise<RefusalGround[]> {
  return (await listRefusalGrounds(ctx.db, kind)).map(toApiGround);
}

/**
 * The grounds `ids` name, in their order, as the catalogue words them now; null when any id is not an offered ground
 * of this kind (of none, of the other catalogue, or retired: a new refusal cannot name it).
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

/** A catalogue's items in their display order, retired ones included, in the API shape {id, name, value}. */
export function catalogItems(ctx: ServiceContext, catalog: CatalogName): Promise<CatalogItem[]> {
  return listCatalog(ctx.db, catalog);
}

/**
 * The items a new statement may name: the catalogue without its retired items, read from the database on every call
 * (another API process may have changed it a moment ago).
 */
export function offeredCatalogItems(ctx: ServiceContext, catalog: CatalogName): Promise<CatalogItem[]> {
  return listCatalog(ctx.db, catalog, true);
}

/**
 * Whether a catalogue item exists and is offered (a foreign key would fail later with a less helpful error; a
 * retired item is named by old statements only).
 */
export function hasCatalogItem(ctx: ServiceContext, catalog: CatalogName, id: number): Promise<boolean> {
  return catalogItemOffered(ctx.db, catalog, id);
}

/** Ids of a catalogue's items by their stable code. */
export function catalogIds(ctx: ServiceContext, catalog: CatalogName): Promise<Map<string, number>> {
  return catalogIdsByValue(ctx.db, catalog);
}

// ——— The administration of the catalogues (docs/product.md «Administration»): the writes run in the caller's
// transaction, which records them in the administration log ———

/** Where each catalogue of the administration lives, and what the log calls it. */
export const ADMIN_CATALOGS: Record<AdminCatalogKind, { place: CatalogPlace; title: string }> = {
  'object-categories': { place: { table: 'catalog_object_types' }, title: 'Категории объектов' },
  'work-types': { place: { table: 'catalog_work_types' }, title: 'Виды работ' },
  'intake-grounds': { place: { grounds: 'intake' }, title: 'Основания отказа в приёме документов' },
  'refusal-grounds': { place: { grounds: 'decision' }, title: 'Основания отказа в согласовании' },
  'power-codes': { place: { table: 'catalog_power_codes' }, title: 'Полномочия по доверенности' },
};

/** What the catalogue administration refuses with. */
export const CATALOG_TEXTS = {
  nameRequired: 'Укажите наименование',
  nameInvisible: 'Наименование не должно содержать управляющих, невидимых символов и знаков направления письма',
  nameTaken: 'Такой элемент уже есть в справочнике',
  nameTakenRetired: 'Такой элемент уже есть в справочнике среди выведенных из употребления: восстановите его',
  legalBasisRequired: 'Укажите правовое основание',
  noLegalBasis: 'У категорий объектов и видов работ нет правового основания',
  notFound: 'Такого элемента в справочнике нет',
  alreadyRetired: 'Элемент уже выведен из употребления',
  notRetired: 'Элемент не выведен из употребления',
  codeRequired: 'Укажите код полномочия',
  codeInvalid: 'Код полномочия — от 6 до 255 знаков без пробелов, как в классификаторе полномочий',
  codeTaken: 'Такой код уже есть в справочнике',
  noCode: 'Код указывают только у полномочий по доверенности',
} as const;

const isGrounds = (kind: AdminCatalogKind) => 'grounds' in ADMIN_CATALOGS[kind].place;

const toAdminItem = (row: AdminItemRow): AdminCatalogItem => ({
  id: row.id,
  name: row.name,
  value: row.value,
  legalBasis: row.legal_basis,
  retiredAt: row.retired_at,
  usage: row.usage,
});

/** A catalogue with its retired items and usage, in display order. */
export async function adminCatalog(db: Db, kind: AdminCatalogKind): Promise<AdminCatalogItem[]> {
  return (await listAdminItems(db, ADMIN_CATALOGS[kind].place)).map(toAdminItem);
}

/** One item of a catalogue; 404 for an id of no item of it. */
export async function adminCatalogItem(db: Db, kind: AdminCatalogKind, id: number): Promise<AdminCatalogItem> {
  const row = await findAdminItem(db, ADMIN_CATALOGS[kind].place, id);
  if (!row) throw apiError('not_found', CATALOG_TEXTS.notFound);
  return toAdminItem(row);
}

/**
 * Characters a name never needs: controls (BEL, ESC…), format marks (bidi overrides and isolates, zero-width, BOM) and
 * the other characters a font draws as nothing (Unicode's default-ignorable ones: variation selectors, the Hangul
 * fillers, the soft hyphen) or as a blank (the braille blank), so no name is made of them alone.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * A name not blank, with nothing invisible in it, and not another item's of the catalogue, retired ones included (a
 * retired name is restored, not added twice; compared trimmed, spaces collapsed, case and ё/е aside). The caller holds
 * the catalogue's lock (lockCatalog), so the check and the write that follows are one step.
 */
async function checkedName(db: Db, kind: AdminCatalogKind, raw: string, exceptId: number | null): Promise<string> {
  if (INVISIBLE.test(raw.replace(/[\t\n\r]/g, ' '))) throw fieldError('name', CATALOG_TEXTS.nameInvisible);
  const name = optionalText(raw);
  if (name === null) throw fieldError('name', CATALOG_TEXTS.nameRequired);
  const key = (text: string) => text.toLocaleLowerCase('ru').replaceAll('ё', 'е').replace(/\s+/g, ' ');
  const same = (await adminCatalog(db, kind)).find((item) => item.id !== exceptId && key(item.name) === key(name));
  if (same)
    throw fieldError('name', same.retiredAt === null ? CATALOG_TEXTS.nameTaken : CATALOG_TEXTS.nameTakenRetired);
  return name;
}

/** A ground's legal basis (required); for the other catalogues none may be given. */
function checkedLegalBasis(kind: AdminCatalogKind, raw: string | null | undefined): string | null {
  if (!isGrounds(kind)) {
    if (optionalText(raw) !== null) throw fieldError('legalBasis', CATALOG_TEXTS.noLegalBasis);
    return null;
  }
  const basis = optionalText(raw);
  if (basis === null) throw fieldError('legalBasis', CATALOG_TEXTS.legalBasisRequired);
  return basis;
}

/**
 * The code of a power the committee accepts (`КодПолн`, as the ФНС's classifier writes it: 6 to 255 characters, no
 * spaces), required for 'Полномочия по доверенности' and unique there; null for any other catalogue, which takes
 * none.
 */
async function checkedCode(db: Db, kind: AdminCatalogKind, raw: string | null | undefined): Promise<string | null> {
  const code = optionalText(raw);
  if (kind !== 'power-codes') {
    if (code !== null) throw fieldError('code', CATALOG_TEXTS.noCode);
    return null;
  }
  if (code === null) throw fieldError('code', CATALOG_TEXTS.codeRequired);
  if (!/^\S{6,255}$/u.test(code)) throw fieldError('code', CATALOG_TEXTS.codeInvalid);
  if ((await catalogIdsByValue(db, 'catalog_power_codes')).has(code)) throw fieldError('code', CATALOG_TEXTS.codeTaken);
  return code;
}

/** The codes of powers the committee accepts now ('Полномочия по доверенности', retired ones left out). */
export async function acceptedPowerCodes(ctx: ServiceContext): Promise<Set<string>> {
  return new Set((await listCatalog(ctx.db, 'catalog_power_codes', true)).map((item) => item.value));
}

/** Adds an item at the end of a catalogue, with a stable code of its own; the item. */
export async function addCatalogItem(
  db: Db,
  kind: AdminCatalogKind,
  input: AdminCatalogItemInput,
): Promise<AdminCatalogItem> {
  // Two heads adding the same name at once: the second waits here and then finds the first's item.
  await lockCatalog(db, ADMIN_CATALOGS[kind].place);
  const name = await checkedName(db, kind, input.name, null);
  const legalBasis = checkedLegalBasis(kind, input.legalBasis);
  const value = (await checkedCode(db, kind, input.code)) ?? `custom_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const id = await insertItem(db, ADMIN_CATALOGS[kind].place, { name, value, legalBasis });
  return adminCatalogItem(db, kind, id);
}

/** Renames an item or changes a ground's legal basis; the item before and after. */
export async function editCatalogItem(
  db: Db,
  kind: AdminCatalogKind,
  id: number,
  patch: AdminCatalogItemPatch,
): Promise<{ before: AdminCatalogItem; after: AdminCatalogItem }> {
  await lockCatalog(db, ADMIN_CATALOGS[kind].place);
  const before = await adminCatalogItem(db, kind, id);
  const name = patch.name === undefined ? undefined : await checkedName(db, kind, patch.name, id);
  const legalBasis =
    patch.legalBasis === undefined ? undefined : (checkedLegalBasis(kind, patch.legalBasis) ?? undefined);
  await updateItem(db, ADMIN_CATALOGS[kind].place, id, {
    ...(name === undefined ? {} : { name }),
    ...(legalBasis === undefined ? {} : { legalBasis }),
  });
  return { before, after: await adminCatalogItem(db, kind, id) };
}

/** Retires an item (no longer offered, kept for the statements that used it) or restores it; the item. */
export async function setCatalogItemRetired(
  db: Db,
  kind: AdminCatalogKind,
  id: number,
  retiredAt: string | null,
): Promise<AdminCatalogItem> {
  await adminCatalogItem(db, kind, id);
  if (!(await setItemRetired(db, ADMIN_CATALOGS[kind].place, id, retiredAt))) {
    throw apiError('invalid_transition', retiredAt === null ? CATALOG_TEXTS.notRetired : CATALOG_TEXTS.alreadyRetired);
  }
  return adminCatalogItem(db, kind, id);
}
