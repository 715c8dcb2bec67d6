import type { RemarkSeverity } from '#domain/contract.ts';
import type { Db } from '../db/database.ts';

// Remark templates (docs/product.md «Administration»): what examiners fill a remark from.

function selectTemplates(db: Db) {
  return db
    .selectFrom('remark_templates as t')
    .leftJoin('catalog_work_types as w', 'w.id', 't.work_type_id')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select([
      't.id',
      't.text',
      't.severity',
      't.work_type_id',
      'w.name as work_type_name',
      'w.value as work_type_value',
      'u.fio as created_by_name',
      't.created_at',
      't.retired_at',
    ]);
}

export type TemplateRow = Awaited<ReturnType<typeof listTemplates>>[number];

/** Every template, retired ones included: active first, then general ones, by work type and text. */
export function listTemplates(db: Db) {
  return selectTemplates(db)
    .orderBy((eb) => eb.case().when('t.retired_at', 'is', null).then(0).else(1).end())
    .orderBy((eb) => eb.case().when('t.work_type_id', 'is', null).then(0).else(1).end())
    .orderBy('t.work_type_id')
    .orderBy('t.text')
    .orderBy('t.id')
    .execute();
}

/** The active templates: of a work type and the general ones, or (no work type given) all of them. */
export function listActiveTemplates(db: Db, workTypeId: number | null) {
  let query = selectTemplates(db).where('t.retired_at', 'is', null);
  if (workTypeId !== null) {
    query = query.where((eb) => eb.or([eb('t.work_type_id', 'is', null), eb('t.work_type_id', '=', workTypeId)]));
  }
  return query.orderBy('t.text').orderBy('t.id').execute();
}

export function findTemplate(db: Db, id: number) {
  return selectTemplates(db).where('t.id', '=', id).executeTakeFirst();
}

export interface NewTemplate {
  text: string;
  severity: RemarkSeverity;
  workTypeId: number | null;
  createdBy: number | null;
  createdAt: string;
}

export async function insertTemplate(db: Db, template: NewTemplate): Promise<number> {
  const row = await db
    .insertInto('remark_templates')
    .values({
      text: template.text,
      severity: template.severity,
      work_type_id: template.workTypeId,
      created_by: template.createdBy,
      created_at: template.createdAt,
      retired_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTemplate(
  db: Db,
  id: number,
  changes: { text?: string; severity?: RemarkSeverity; workTypeId?: number | null },
): Promise<void> {
  const set = {
    ...(changes.text === undefined ? {} : { text: changes.text }),
    ...(changes.severity === undefined ? {} : { severity: changes.severity }),
    ...(changes.workTypeId === undefined ? {} : { work_type_id: changes.workTypeId }),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('remark_templates').set(set).where('id', '=', id).execute();
}

/** Retires a template (`at`) or restores it (null); false when it already was so. */
export async function setTemplateRetired(db: Db, id: number, at: string | null): Promise<boolean> {
  const result = await db
    .updateTable('remark_templates')
    .set({ retired_at: at })
    .where('id', '=', id)
    .where('retired_at', at === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether any template exists (the demo seed adds its own once). */
export async function hasTemplates(db: Db): Promise<boolean> {
  return (await db.selectFrom('remark_templates').select('id').limit(1).executeTakeFirst()) !== undefined;
}
