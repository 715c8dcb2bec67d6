import type { RemarkTemplate, RemarkTemplateInput, RemarkTemplatePatch } from '#domain/contract.ts';
import { REMARK_TEXT_MAX, remarkRefusals, remarkTextTooLong } from '#domain/remarks.ts';
import { hasCatalogItem } from '../catalogs/catalogs.service.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apiError, fieldError } from '../errors.ts';
import { requireExaminer } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import {
  findTemplate,
  hasTemplates,
  insertTemplate,
  listActiveTemplates,
  listTemplates,
  setTemplateRetired,
  type TemplateRow,
  updateTemplate,
} from './remark-templates.repository.ts';

// Remark templates (docs/product.md «Administration»): the heads keep them, every examiner fills a remark from one
// ('Из шаблона') or saves their own remark as one. The writes run in the caller's transaction, which records them in
// the administration log.

/** What the templates refuse with. */
export const TEMPLATE_TEXTS = {
  noWorkType: 'Такого вида работ нет в справочнике',
  notFound: 'Шаблон замечания не найден',
  alreadyRetired: 'Шаблон уже выведен из употребления',
  notRetired: 'Шаблон не выведен из употребления',
} as const;

/** Templates an examiner's search answers with at most. */
export const TEMPLATES_SHOWN = 100;

const toApiTemplate = (row: TemplateRow): RemarkTemplate => ({
  id: row.id,
  text: row.text,
  severity: row.severity,
  workType:
    row.work_type_id === null
      ? null
      : { id: row.work_type_id, name: row.work_type_name ?? '', value: row.work_type_value ?? '' },
  createdBy: row.created_by_name,
  createdAt: row.created_at,
  retiredAt: row.retired_at,
});

/** A template's text as a remark's (docs/product.md «Remarks»): trimmed, not blank, at most REMARK_TEXT_MAX. */
function checkedText(raw: string): string {
  const text = raw.trim();
  if (!text) throw fieldError('text', remarkRefusals.blankText);
  if (remarkTextTooLong(text)) throw fieldError('text', `Не больше ${REMARK_TEXT_MAX} символов`);
  return text;
}

/** A work type a new template may name: an offered one, or null for every work type. */
async function checkedWorkType(ctx: ServiceContext, id: number | null | undefined): Promise<number | null> {
  if (id === null || id === undefined) return null;
  if (!(await hasCatalogItem(ctx, 'catalog_work_types', id))) throw fieldError('workTypeId', TEMPLATE_TEXTS.noWorkType);
  return id;
}

/** Every template, retired ones included (the administration's list). */
export async function allRemarkTemplates(db: Db): Promise<RemarkTemplate[]> {
  return (await listTemplates(db)).map(toApiTemplate);
}

/** One template; 404 for an id of none. */
export async function remarkTemplate(db: Db, id: number): Promise<RemarkTemplate> {
  const row = await findTemplate(db, id);
  if (!row) throw apiError('not_found', TEMPLATE_TEXTS.notFound);
  return toApiTemplate(row);
}

/** Lower case with ё as е and single spaces: what the search compares (in JS: SQLite's lower() knows ASCII only). */
const searchKey = (text: string) => text.toLocaleLowerCase('ru').replaceAll('ё', 'е').replace(/\s+/g, ' ');

/**
 * The templates an examiner picks from: the active ones of the statement's work type first, then the general ones
 * (or, without a work type, all of them), those containing `query` when given; at most TEMPLATES_SHOWN.
 */
export async function examinerRemarkTemplates(
  ctx: ServiceContext,
  actor: UserRow,
  filter: { workTypeId?: number; query?: string },
): Promise<RemarkTemplate[]> {
  requireExaminer(actor);
  const workTypeId = filter.workTypeId ?? null;
  const wanted = searchKey(filter.query?.trim() ?? '');
  const rows = (await listActiveTemplates(ctx.db, workTypeId)).filter(
    (row) => wanted === '' || searchKey(row.text).includes(wanted),
  );
  const own = workTypeId === null ? [] : rows.filter((row) => row.work_type_id === workTypeId);
  const rest = rows.filter((row) => !own.includes(row));
  return [...own, ...rest].slice(0, TEMPLATES_SHOWN).map(toApiTemplate);
}

/** Adds a template by `createdBy` (null: the console or the demo seed) in the caller's transaction (`ctx.db`). */
export async function addRemarkTemplate(
  ctx: ServiceContext,
  createdBy: number | null,
  input: RemarkTemplateInput,
  at: string,
): Promise<RemarkTemplate> {
  const text = checkedText(input.text);
  const workTypeId = await checkedWorkType(ctx, input.workTypeId);
  const id = await insertTemplate(ctx.db, { text, severity: input.severity, workTypeId, createdBy, createdAt: at });
  return remarkTemplate(ctx.db, id);
}

/** Changes a template's text, severity or work type (only what is given); the template before and after. */
export async function editRemarkTemplate(
  ctx: ServiceContext,
  id: number,
  patch: RemarkTemplatePatch,
): Promise<{ before: RemarkTemplate; after: RemarkTemplate }> {
  const before = await remarkTemplate(ctx.db, id);
  const text = patch.text === undefined ? undefined : checkedText(patch.text);
  const workTypeId =
    patch.workTypeId === undefined || patch.workTypeId === before.workType?.id
      ? undefined
      : await checkedWorkType(ctx, patch.workTypeId);
  await updateTemplate(ctx.db, id, {
    ...(text === undefined ? {} : { text }),
    ...(patch.severity === undefined ? {} : { severity: patch.severity }),
    ...(workTypeId === undefined ? {} : { workTypeId }),
  });
  return { before, after: await remarkTemplate(ctx.db, id) };
}

/** Retires a template (no longer offered, kept) or restores it; the template. */
export async function setRemarkTemplateRetired(db: Db, id: number, retiredAt: string | null): Promise<RemarkTemplate> {
  await remarkTemplate(db, id);
  if (!(await setTemplateRetired(db, id, retiredAt))) {
    throw apiError(
      'invalid_transition',
      retiredAt === null ? TEMPLATE_TEXTS.notRetired : TEMPLATE_TEXTS.alreadyRetired,
    );
  }
  return remarkTemplate(db, id);
}

/** Whether the committee has any template yet (the demo seed adds its own once). */
export function anyRemarkTemplates(db: Db): Promise<boolean> {
  return hasTemplates(db);
}
