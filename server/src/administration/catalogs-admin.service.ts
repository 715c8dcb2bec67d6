import type {
  AdminCatalogItem,
  AdminCatalogItemInput,
  AdminCatalogItemPatch,
  AdminCatalogKind,
  RemarkTemplate,
  RemarkTemplateInput,
  RemarkTemplatePatch,
} from '#domain/contract.ts';
import {
  ADMIN_CATALOGS,
  addCatalogItem,
  adminCatalog,
  editCatalogItem,
  setCatalogItemRetired,
} from '../catalogs/catalogs.service.ts';
import type { ServiceContext } from '../context.ts';
import {
  addRemarkTemplate,
  allRemarkTemplates,
  editRemarkTemplate,
  setRemarkTemplateRetired,
} from '../remarks/remark-templates.service.ts';
import { requireExaminer } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { type Actor, inAdminTransaction, recordChange } from './admin-log.ts';

// The catalogues and the remark templates as the administration changes them (docs/product.md «Administration»):
// each change with its administration log entry in one transaction. Nothing is cached: every API process reads the
// catalogues from the database, so a change is offered (or no longer offered) at once everywhere.

/** What the log names a catalogue item as. */
const itemSubject = (kind: AdminCatalogKind, name: string) => `${ADMIN_CATALOGS[kind].title} — ${name}`;

/** What the log names a template as: its text, shortened. */
function templateSubject(template: Pick<RemarkTemplate, 'text'>): string {
  const text = template.text.replace(/\s+/g, ' ');
  return `Шаблон замечания «${text.length > 80 ? `${text.slice(0, 79)}…` : text}»`;
}

/** The changed fields of two versions, `{ field: { before, after } }`. */
function diff<T extends object>(before: T, after: T, fields: (keyof T & string)[]) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of fields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changes[field] = { before: before[field], after: after[field] };
    }
  }
  return changes;
}

export function adminCatalogItems(ctx: ServiceContext, kind: AdminCatalogKind): Promise<AdminCatalogItem[]> {
  return adminCatalog(ctx.db, kind);
}

/** Adds a catalogue item, offered at once. */
export function addAdminCatalogItem(
  ctx: ServiceContext,
  actor: Actor,
  kind: AdminCatalogKind,
  input: AdminCatalogItemInput,
): Promise<AdminCatalogItem> {
  return inAdminTransaction(ctx, async (trx, at) => {
    const item = await addCatalogItem(trx.db, kind, input);
    await recordChange(trx.db, actor, at, 'catalog_item_created', itemSubject(kind, item.name), {
      kind,
      id: item.id,
      name: item.name,
      legalBasis: item.legalBasis,
    });
    return item;
  });
}

/** Renames an item or changes a ground's legal basis. */
export function updateAdminCatalogItem(
  ctx: ServiceContext,
  actor: Actor,
  kind: AdminCatalogKind,
  id: number,
  patch: AdminCatalogItemPatch,
): Promise<AdminCatalogItem> {
  return inAdminTransaction(ctx, async (trx, at) => {
    const { before, after } = await editCatalogItem(trx.db, kind, id, patch);
    const changes = diff(before, after, ['name', 'legalBasis']);
    if (Object.keys(changes).length > 0) {
      await recordChange(trx.db, actor, at, 'catalog_item_updated', itemSubject(kind, after.name), {
        kind,
        id,
        changes,
      });
    }
    return after;
  });
}

/** Retires an item (`retire`) or restores it. */
export function retireAdminCatalogItem(
  ctx: ServiceContext,
  actor: Actor,
  kind: AdminCatalogKind,
  id: number,
  retire: boolean,
): Promise<AdminCatalogItem> {
  return inAdminTransaction(ctx, async (trx, at) => {
    const item = await setCatalogItemRetired(trx.db, kind, id, retire ? at : null);
    const action = retire ? 'catalog_item_retired' : 'catalog_item_restored';
    await recordChange(trx.db, actor, at, action, itemSubject(kind, item.name), { kind, id });
    return item;
  });
}

export function adminRemarkTemplates(ctx: ServiceContext): Promise<RemarkTemplate[]> {
  return allRemarkTemplates(ctx.db);
}

/** Adds a template (a head on the administration's screen). */
export function addAdminRemarkTemplate(
  ctx: ServiceContext,
  actor: Actor,
  input: RemarkTemplateInput,
): Promise<RemarkTemplate> {
  return addTemplate(ctx, actor, input, false);
}

/** Any examiner saves their own remark as a template for everyone ('Сохранить как шаблон'). */
export function saveRemarkAsTemplate(
  ctx: ServiceContext,
  actor: UserRow,
  input: RemarkTemplateInput,
): Promise<RemarkTemplate> {
  requireExaminer(actor);
  return addTemplate(ctx, actor, input, true);
}

function addTemplate(
  ctx: ServiceContext,
  actor: Actor,
  input: RemarkTemplateInput,
  byExaminer: boolean,
): Promise<RemarkTemplate> {
  return inAdminTransaction(ctx, async (trx, at) => {
    const template = await addRemarkTemplate(trx, actor?.id ?? null, input, at);
    await recordChange(trx.db, actor, at, 'remark_template_created', templateSubject(template), {
      id: template.id,
      text: template.text,
      severity: template.severity,
      workType: template.workType?.name ?? null,
      byExaminer,
    });
    return template;
  });
}

/** Changes a template's text, severity or work type. */
export function updateAdminRemarkTemplate(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  patch: RemarkTemplatePatch,
): Promise<RemarkTemplate> {
  return inAdminTransaction(ctx, async (trx, at) => {
    const { before, after } = await editRemarkTemplate(trx, id, patch);
    const changes = diff(
      { ...before, workType: before.workType?.name ?? null },
      { ...after, workType: after.workType?.name ?? null },
      ['text', 'severity', 'workType'],
    );
    if (Object.keys(changes).length > 0) {
      await recordChange(trx.db, actor, at, 'remark_template_updated', templateSubject(after), { id, changes });
    }
    return after;
  });
}

/** Retires a template (`retire`) or restores it. */
export function retireAdminRemarkTemplate(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  retire: boolean,
): Promise<RemarkTemplate> {
  return inAdminTransaction(ctx, async (trx, at) => {
    const template = await setRemarkTemplateRetired(trx.db, id, retire ? at : null);
    const action = retire ? 'remark_template_retired' : 'remark_template_restored';
    await recordChange(trx.db, actor, at, action, templateSubject(template), { id });
    return template;
  });
}
