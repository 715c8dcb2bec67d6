import type { RemarkSeverity } from '#domain/contract.ts';
import { addAdminRemarkTemplate } from '../administration/catalogs-admin.service.ts';
import { catalogIds } from '../catalogs/catalogs.service.ts';
import type { ServiceContext } from '../context.ts';
import type { UserRow } from '../users/user.ts';

/** The demo committee's remark templates (docs/product.md «Administration»): general ones, and some by work type. */
const DEMO_TEMPLATES: { text: string; severity: RemarkSeverity; workType: string | null }[] = [
  {
    text: 'Приложите ведомость отделочных материалов фасадов с указанием цветов по каталогу RAL и образцами фактуры.',
    severity: 'required',
    workType: null,
  },
  {
    text: 'Приведите ситуационный план в соответствие с актуальным градостроительным планом земельного участка.',
    severity: 'required',
    workType: null,
  },
  {
    text: 'Покажите на развёртках фасадов места размещения наружных блоков кондиционеров и их декоративное ограждение.',
    severity: 'advisory',
    workType: null,
  },
  {
    text: 'Дополните проект расчётом инсоляции и коэффициента естественной освещённости соседней жилой застройки.',
    severity: 'required',
    workType: 'new_construction',
  },
  {
    text: 'Представьте фотофиксацию существующего состояния фасадов с привязкой точек съёмки к схеме.',
    severity: 'required',
    workType: 'facade_change',
  },
  {
    text: 'Рекомендуется сохранить исторический рисунок расстекловки оконных заполнений.',
    severity: 'advisory',
    workType: 'reconstruction',
  },
  {
    text: 'Уточните ассортимент посадочного материала и схему размещения малых архитектурных форм.',
    severity: 'advisory',
    workType: 'improvement',
  },
];

/** Adds the demo's remark templates as the demo head did (each with its administration log entry). */
export async function seedRemarkTemplates(ctx: ServiceContext, head: UserRow): Promise<void> {
  const workTypes = await catalogIds(ctx, 'catalog_work_types');
  for (const template of DEMO_TEMPLATES) {
    await addAdminRemarkTemplate(ctx, head, {
      text: template.text,
      severity: template.severity,
      workTypeId: template.workType === null ? null : (workTypes.get(template.workType) ?? null),
    });
  }
}
