import { atom, type ReadableAtom } from 'nanostores';
import { committeeTime } from '#domain/committee-time.ts';
import type {
  AdminCatalogItem,
  AdminCatalogKind,
  AdminExaminer,
  RemarkSeverity,
  RemarkTemplate,
} from '#domain/contract.ts';
import { REMARK_TEXT_MAX, remarkRefusals } from '#domain/remarks.ts';
import { formatDay, orDash } from '#domain/russian.ts';
import { orNull, validationTexts } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { computed } from '#stores/prerendered.ts';
import { severityLabels } from '../../remarks/remarks.ts';
import type { FieldOption } from '../lib/fields.ts';
import { adminTexts, catalogTexts, examinerTexts, templateTexts } from '../texts.ts';
import { createAdminList, saying } from './admin-list.ts';

// The lists of /instance/admin (docs/product.md «Administration»): one factory, createAdminList, and here only what
// each list differs in.

/** A moment as a committee day: '27 ноября 2026 г.'. */
function dayOf(at: string): string {
  const moment = committeeTime(at);
  return moment ? formatDay(moment.day) : at;
}

/** A long text as a button's name or a question quotes it: its first 60 characters. */
function shortened(text: string): string {
  const chars = [...text];
  return chars.length > 60 ? `${chars.slice(0, 60).join('').trimEnd()}…` : text;
}

// ——— Examiners ———

interface ExaminerValues extends Record<string, string> {
  email: string;
  fio: string;
  phone: string;
  position: string;
}

/** 'Эксперты': add by e-mail and ФИО, edit, make or unmake head, deactivate (sessions end, statements to the head's queue), restore. */
export const examinersList = createAdminList({
  title: examinerTexts.title,
  add: examinerTexts.add,
  addTitle: examinerTexts.addTitle,
  editTitle: examinerTexts.editTitle,
  addNote: examinerTexts.addNote,
  editNote: (examiner: AdminExaminer) => examinerTexts.editNote(examiner.email ?? ''),
  empty: examinerTexts.empty,
  apartTitle: examinerTexts.deactivatedTitle,
  loadFailed: examinerTexts.loadFailed,
  name: (examiner: AdminExaminer) => examiner.fio || examiner.email || String(examiner.id),
  columns: [
    {
      label: examinerTexts.fio,
      value: (examiner) => orDash(examiner.fio),
      tag: (examiner) => (examiner.isHead ? examinerTexts.head : null),
    },
    { label: examinerTexts.email, value: (examiner) => orDash(examiner.email) },
    { label: examinerTexts.phone, value: (examiner) => orDash(examiner.phone), nowrap: true },
    { label: examinerTexts.position, value: (examiner) => orDash(examiner.position) },
    {
      label: examinerTexts.state,
      value: (examiner) =>
        examiner.active
          ? examinerTexts.active
          : examinerTexts.deactivatedOn(examiner.deactivatedAt ? dayOf(examiner.deactivatedAt) : ''),
    },
  ],
  isApart: (examiner) => !examiner.active,
  fields: [
    {
      name: 'email',
      label: examinerTexts.emailField,
      kind: 'email',
      maxLength: 254,
      requiredText: validationTexts.emailRequired,
      onlyWhenAdding: true,
    },
    { name: 'fio', label: examinerTexts.fioField, maxLength: 300, requiredText: validationTexts.fioRequired },
    {
      name: 'phone',
      label: examinerTexts.phone,
      kind: 'tel',
      optional: true,
      maxLength: 50,
      placeholder: examinerTexts.phonePlaceholder,
    },
    { name: 'position', label: examinerTexts.position, optional: true, maxLength: 300 },
  ],
  blank: { email: '', fio: '', phone: '', position: '' } as ExaminerValues,
  valuesOf: (examiner): ExaminerValues => ({
    email: examiner.email ?? '',
    fio: examiner.fio ?? '',
    phone: examiner.phone ?? '',
    position: examiner.position ?? '',
  }),
  body: (values: ExaminerValues) => ({
    email: values.email.trim(),
    fio: values.fio.trim(),
    phone: orNull(values.phone),
    position: orNull(values.position),
  }),
  load: () => api.GET('/api/admin/examiners'),
  create: (body) => api.POST('/api/admin/examiners', { body }),
  // The e-mail is the login and is not edited here (the edit dialog does not show it).
  update: (examiner, { email: _email, ...patch }) =>
    api.PATCH('/api/admin/examiners/{id}', { params: { path: { id: examiner.id } }, body: patch }),
  created: examinerTexts.created,
  createFailed: examinerTexts.createFailed,
  actions: [
    {
      label: examinerTexts.makeHead,
      shown: (examiner) => examiner.active && !examiner.isHead,
      question: (examiner) => examinerTexts.makeHeadQuestion(examiner.fio || examiner.email || ''),
      run: (examiner) =>
        saying(
          api.PATCH('/api/admin/examiners/{id}', { params: { path: { id: examiner.id } }, body: { isHead: true } }),
          () => examinerTexts.madeHead,
        ),
      failureText: examinerTexts.headFailed,
    },
    {
      label: examinerTexts.unmakeHead,
      shown: (examiner) => examiner.active && examiner.isHead,
      question: (examiner) => examinerTexts.unmakeHeadQuestion(examiner.fio || examiner.email || ''),
      run: (examiner) =>
        saying(
          api.PATCH('/api/admin/examiners/{id}', { params: { path: { id: examiner.id } }, body: { isHead: false } }),
          () => examinerTexts.unmadeHead,
        ),
      failureText: examinerTexts.headFailed,
    },
    {
      label: examinerTexts.deactivate,
      shown: (examiner) => examiner.active,
      question: (examiner) => examinerTexts.deactivateQuestion(examiner.fio || examiner.email || ''),
      danger: true,
      run: (examiner) =>
        saying(api.POST('/api/admin/examiners/{id}/deactivate', { params: { path: { id: examiner.id } } }), (answer) =>
          examinerTexts.deactivated(answer.handedOver),
        ),
      failureText: examinerTexts.deactivateFailed,
    },
    {
      label: examinerTexts.reactivate,
      shown: (examiner) => !examiner.active,
      run: (examiner) =>
        saying(
          api.POST('/api/admin/examiners/{id}/reactivate', { params: { path: { id: examiner.id } } }),
          () => examinerTexts.reactivated,
        ),
      failureText: examinerTexts.reactivateFailed,
    },
  ],
});

// ——— Catalogues ———

interface CatalogValues extends Record<string, string> {
  name: string;
  legalBasis: string;
  /** A power's code: only 'Полномочия по доверенности' has one, given when it is added. */
  code: string;
}

/** The grounds carry a legal basis; object categories and work types do not. */
function hasLegalBasis(kind: AdminCatalogKind): boolean {
  return kind === 'intake-grounds' || kind === 'refusal-grounds';
}

/** The actions every retirable item has: 'Вывести из употребления' (asked first) and 'Вернуть'. */
function retirement<T extends { retiredAt: string | null }>(
  name: (item: T) => string,
  retire: (item: T) => ReturnType<typeof api.POST>,
  restore: (item: T) => ReturnType<typeof api.POST>,
) {
  return [
    {
      label: adminTexts.retire,
      shown: (item: T) => item.retiredAt === null,
      question: (item: T) => adminTexts.retireQuestion(name(item)),
      run: (item: T) => saying(retire(item), () => adminTexts.retired),
      failureText: adminTexts.retireFailed,
    },
    {
      label: adminTexts.restore,
      shown: (item: T) => item.retiredAt !== null,
      run: (item: T) => saying(restore(item), () => adminTexts.restored),
      failureText: adminTexts.restoreFailed,
    },
  ];
}

/** One catalogue of 'Справочники': its items with their usage, the grounds with 'Правовое основание'. */
function catalogList(kind: AdminCatalogKind) {
  const texts = catalogTexts.kinds[kind];
  const grounds = hasLegalBasis(kind);
  const coded = kind === 'power-codes';
  const name = (item: AdminCatalogItem) => item.name;
  const path = (item: AdminCatalogItem) => ({ params: { path: { kind, itemId: item.id } } });
  return createAdminList({
    title: texts.title,
    add: texts.add,
    addTitle: texts.addTitle,
    editTitle: texts.editTitle,
    empty: catalogTexts.empty,
    apartTitle: adminTexts.retiredTitle,
    loadFailed: catalogTexts.loadFailed,
    name,
    columns: [
      ...(coded ? [{ label: catalogTexts.code, value: (item: AdminCatalogItem) => item.value, nowrap: true }] : []),
      { label: catalogTexts.name, value: name },
      ...(grounds
        ? [{ label: catalogTexts.legalBasis, value: (item: AdminCatalogItem) => orDash(item.legalBasis) }]
        : []),
      // No statement names a power: its usage is not counted.
      ...(coded
        ? []
        : [{ label: catalogTexts.usage, value: (item: AdminCatalogItem) => catalogTexts.usageCount(item.usage) }]),
    ],
    isApart: (item) => item.retiredAt !== null,
    fields: [
      ...(coded
        ? [
            {
              name: 'code' as const,
              label: catalogTexts.code,
              hint: catalogTexts.codeHint,
              maxLength: 255,
              requiredText: catalogTexts.codeRequired,
              onlyWhenAdding: true,
            },
          ]
        : []),
      { name: 'name', label: catalogTexts.name, kind: grounds ? 'textarea' : 'text', maxLength: 1000 },
      ...(grounds
        ? [
            {
              name: 'legalBasis' as const,
              label: catalogTexts.legalBasis,
              hint: catalogTexts.legalBasisHint,
              kind: 'textarea' as const,
              maxLength: 2000,
            },
          ]
        : []),
    ],
    blank: { name: '', legalBasis: '', code: '' } as CatalogValues,
    valuesOf: (item): CatalogValues => ({ name: item.name, legalBasis: item.legalBasis ?? '', code: item.value }),
    body: (values: CatalogValues) =>
      grounds
        ? { name: values.name.trim(), legalBasis: orNull(values.legalBasis) }
        : coded
          ? { name: values.name.trim(), code: values.code.trim() }
          : { name: values.name.trim() },
    load: () => api.GET('/api/admin/catalogs/{kind}', { params: { path: { kind } } }),
    create: (body) => api.POST('/api/admin/catalogs/{kind}', { params: { path: { kind } }, body }),
    update: (item, patch) => api.PATCH('/api/admin/catalogs/{kind}/{itemId}', { ...path(item), body: patch }),
    created: catalogTexts.created,
    createFailed: catalogTexts.createFailed,
    actions: retirement(
      name,
      (item) => api.POST('/api/admin/catalogs/{kind}/{itemId}/retire', path(item)),
      (item) => api.POST('/api/admin/catalogs/{kind}/{itemId}/restore', path(item)),
    ),
  });
}

/** The catalogues of 'Справочники', in the order the section shows them. */
export const CATALOG_KINDS: readonly AdminCatalogKind[] = [
  'object-categories',
  'work-types',
  'intake-grounds',
  'refusal-grounds',
  'power-codes',
];

/** 'Справочники': one list per catalogue. */
export const catalogLists = {
  'object-categories': catalogList('object-categories'),
  'work-types': catalogList('work-types'),
  'intake-grounds': catalogList('intake-grounds'),
  'refusal-grounds': catalogList('refusal-grounds'),
  'power-codes': catalogList('power-codes'),
} satisfies Record<AdminCatalogKind, ReturnType<typeof catalogList>>;

// ——— Remark templates ———

interface TemplateValues extends Record<string, string> {
  text: string;
  severity: RemarkSeverity;
  /** A work type's id as a string, '' for every work type. */
  workTypeId: string;
}

const SEVERITY_OPTIONS: ReadableAtom<readonly FieldOption[]> = atom(
  (['required', 'advisory'] as const).map((severity) => ({ value: severity, label: severityLabels[severity] })),
);

/** The work types a template may name: every active one; a retired one only shown where a template still names it. */
const $workTypeOptions: ReadableAtom<readonly FieldOption[]> = computed(catalogLists['work-types'].$list, (list) => [
  { value: '', label: templateTexts.anyWorkType },
  ...list.items.map((item) => ({
    value: String(item.id),
    label: item.retiredAt ? templateTexts.retiredWorkType(item.name) : item.name,
    disabled: item.retiredAt !== null,
  })),
]);

/** 'Шаблоны замечаний': text, kind and (optionally) work type; add, edit, retire, restore. */
export const templatesList = createAdminList({
  title: templateTexts.title,
  add: templateTexts.add,
  addTitle: templateTexts.addTitle,
  editTitle: templateTexts.editTitle,
  empty: templateTexts.empty,
  apartTitle: adminTexts.retiredTitle,
  loadFailed: templateTexts.loadFailed,
  name: (template: RemarkTemplate) => shortened(template.text),
  columns: [
    { label: templateTexts.text, value: (template) => template.text },
    { label: templateTexts.severity, value: (template) => severityLabels[template.severity] },
    { label: templateTexts.workType, value: (template) => template.workType?.name ?? templateTexts.anyWorkType },
    { label: templateTexts.author, value: (template) => orDash(template.createdBy) },
  ],
  isApart: (template) => template.retiredAt !== null,
  fields: [
    {
      name: 'text',
      label: templateTexts.text,
      kind: 'textarea',
      maxLength: REMARK_TEXT_MAX,
      requiredText: remarkRefusals.blankText,
    },
    { name: 'severity', label: templateTexts.severity, kind: 'choice', options: SEVERITY_OPTIONS },
    {
      name: 'workTypeId',
      label: templateTexts.workType,
      kind: 'select',
      optional: true,
      hint: templateTexts.workTypeHint,
      options: $workTypeOptions,
    },
  ],
  blank: { text: '', severity: 'required', workTypeId: '' } as TemplateValues,
  valuesOf: (template): TemplateValues => ({
    text: template.text,
    severity: template.severity,
    workTypeId: template.workType ? String(template.workType.id) : '',
  }),
  body: (values: TemplateValues) => ({
    text: values.text.trim(),
    severity: values.severity,
    workTypeId: values.workTypeId === '' ? null : Number(values.workTypeId),
  }),
  load: () => api.GET('/api/admin/remark-templates'),
  create: (body) => api.POST('/api/admin/remark-templates', { body }),
  update: (template, patch) =>
    api.PATCH('/api/admin/remark-templates/{id}', { params: { path: { id: template.id } }, body: patch }),
  created: templateTexts.created,
  createFailed: templateTexts.createFailed,
  actions: retirement(
    (template: RemarkTemplate) => shortened(template.text),
    (template) => api.POST('/api/admin/remark-templates/{id}/retire', { params: { path: { id: template.id } } }),
    (template) => api.POST('/api/admin/remark-templates/{id}/restore', { params: { path: { id: template.id } } }),
  ),
});
