import { atom, type ReadableAtom } from 'nanostores';
import { CONCLUSION_TEXTS, conclusionTermProblem, REVIEW_BODY_KIND_LABELS } from '#domain/conclusions.ts';
import type { ReviewBody, ReviewBodyKind, ReviewBodyMember } from '#domain/contract.ts';
import { orNull, validationTexts } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { saveForm } from '#stores/form-save.ts';
import { createServerFeedback } from '#stores/server-feedback.ts';
import { showToast } from '#stores/toasts.ts';
import { type FieldOption, type FieldSpec, validateFields } from '../lib/fields.ts';
import { reviewBodyTexts as texts } from '../review-bodies-texts.ts';
import { adminTexts } from '../texts.ts';
import { createAdminList, saying } from './admin-list.ts';

// 'Согласующие органы' of /instance/admin (docs/product.md «Conclusions»): the catalogue as one more administration
// list, and each body's members added by e-mail or detached.

interface BodyValues extends Record<string, string> {
  name: string;
  kind: ReviewBodyKind;
  termDays: string;
}

/** A term as typed: a whole number of working days, 1 to 60. */
function termProblem(value: string): string | null {
  return conclusionTermProblem(/^\d{1,3}$/.test(value) ? Number(value) : Number.NaN);
}

const KIND_OPTIONS: ReadableAtom<readonly FieldOption[]> = atom(
  (['department', 'external'] as const).map((kind) => ({ value: kind, label: REVIEW_BODY_KIND_LABELS[kind] })),
);

/** The catalogue: name, kind, default term, active or retired; add, rename, change the term, retire, restore. */
export const reviewBodiesList = createAdminList({
  title: texts.title,
  add: texts.add,
  addTitle: texts.addTitle,
  editTitle: texts.editTitle,
  addNote: texts.addNote,
  empty: texts.empty,
  apartTitle: adminTexts.retiredTitle,
  loadFailed: texts.loadFailed,
  name: (body: ReviewBody) => body.name,
  columns: [
    { label: texts.name, value: (body) => body.name },
    { label: texts.kind, value: (body) => REVIEW_BODY_KIND_LABELS[body.kind] },
    { label: texts.term, value: (body) => texts.termValue(body.termDays), nowrap: true },
    { label: texts.membersCount, value: (body) => String(body.members.length) },
    { label: texts.state, value: (body) => (body.active ? texts.active : texts.retired) },
  ],
  isApart: (body) => !body.active,
  fields: [
    { name: 'name', label: texts.name, maxLength: 300, requiredText: CONCLUSION_TEXTS.bodyNameRequired },
    { name: 'kind', label: texts.kind, kind: 'choice', options: KIND_OPTIONS, onlyWhenAdding: true },
    { name: 'termDays', label: texts.termDays, check: termProblem },
  ],
  blank: { name: '', kind: 'department', termDays: '10' } as BodyValues,
  valuesOf: (body): BodyValues => ({ name: body.name, kind: body.kind, termDays: String(body.termDays) }),
  body: (values: BodyValues) => ({ name: values.name.trim(), kind: values.kind, termDays: Number(values.termDays) }),
  load: () => api.GET('/api/admin/review-bodies'),
  create: (body) => api.POST('/api/admin/review-bodies', { body }),
  // The kind is chosen when a body is added and is not edited (the edit dialog does not show it).
  update: (body, { kind: _kind, ...patch }) =>
    api.PATCH('/api/admin/review-bodies/{id}', { params: { path: { id: body.id } }, body: patch }),
  created: texts.created,
  createFailed: texts.createFailed,
  actions: [
    {
      label: adminTexts.retire,
      shown: (body) => body.active,
      question: (body) => texts.retireQuestion(body.name),
      run: (body) =>
        saying(
          api.PATCH('/api/admin/review-bodies/{id}', { params: { path: { id: body.id } }, body: { active: false } }),
          () => adminTexts.retired,
        ),
      failureText: adminTexts.retireFailed,
    },
    {
      label: adminTexts.restore,
      shown: (body) => !body.active,
      run: (body) =>
        saying(
          api.PATCH('/api/admin/review-bodies/{id}', { params: { path: { id: body.id } }, body: { active: true } }),
          () => adminTexts.restored,
        ),
      failureText: adminTexts.restoreFailed,
    },
  ],
});

interface MemberValues extends Record<string, string> {
  email: string;
  fio: string;
  position: string;
}

/** The fields of 'Добавить участника'. */
export const MEMBER_FIELDS: readonly FieldSpec<MemberValues>[] = [
  { name: 'email', label: texts.email, kind: 'email', maxLength: 254, requiredText: validationTexts.emailRequired },
  { name: 'fio', label: texts.fio, optional: true, maxLength: 300, hint: texts.fioHint },
  { name: 'position', label: texts.position, optional: true, maxLength: 300 },
];

const $addingTo = atom<ReviewBody | null>(null);
const memberForm: Form<MemberValues> = createForm<MemberValues>(
  { email: '', fio: '', position: '' },
  (values) => validateFields(MEMBER_FIELDS, values, true),
  { askBeforeLeaving: { when: () => $addingTo.get() !== null } },
);
const memberFeedback = createServerFeedback(memberForm, ['email', 'fio', 'position']);
const $detaching = atom<{ body: ReviewBody; member: ReviewBodyMember } | null>(null);
const $detachRefusal = atom<string | null>(null);

/** Each body's members: 'Добавить участника' (e-mail, ФИО, должность) and 'Исключить' (asked first). */
export const reviewBodyMembers = {
  /** The body a member is being added to, or null while the dialog is closed. */
  $addingTo: $addingTo as ReadableAtom<ReviewBody | null>,
  form: memberForm,
  /** The errors beside the fields: the form's own, then the server's (409 naming `email`, 400 naming `fio`). */
  $fieldErrors: memberFeedback.$fieldErrors,
  /** The server's refusal naming no field. */
  $alert: memberFeedback.$alert,
  startAdd(body: ReviewBody) {
    memberFeedback.clear();
    memberForm.reset();
    $addingTo.set(body);
  },
  closeAdd() {
    if (!memberForm.$status.get().busy) $addingTo.set(null);
  },
  /** Attaches (or creates) the member (POST /api/admin/review-bodies/{id}/members); the list loads again. */
  async add(): Promise<boolean> {
    const body = $addingTo.get();
    if (!body) return false;
    const outcome = await saveForm(memberForm, {
      send: (values) =>
        api.POST('/api/admin/review-bodies/{id}/members', {
          params: { path: { id: body.id } },
          body: { email: values.email.trim(), fio: orNull(values.fio), position: orNull(values.position) },
        }),
      failureText: texts.memberAddFailed,
      feedback: memberFeedback,
      saved: async () => {
        $addingTo.set(null);
        showToast('success', texts.memberAdded);
        await reviewBodiesList.load();
      },
    });
    return outcome === 'saved';
  },
  /** The member waiting for the confirmation of 'Исключить', or null. */
  $detaching: $detaching as ReadableAtom<{ body: ReviewBody; member: ReviewBodyMember } | null>,
  /** The last refused detachment's words, until the next one. */
  $detachRefusal: $detachRefusal as ReadableAtom<string | null>,
  askDetach(body: ReviewBody, member: ReviewBodyMember) {
    $detaching.set({ body, member });
  },
  dismissDetach() {
    $detaching.set(null);
  },
  /** Detaches the member asked about (DELETE /api/admin/review-bodies/{id}/members/{userId}); the list loads again. */
  async detach(): Promise<boolean> {
    const pending = $detaching.get();
    if (!pending) return false;
    $detachRefusal.set(null);
    try {
      const { response, error } = await api.DELETE('/api/admin/review-bodies/{id}/members/{userId}', {
        params: { path: { id: pending.body.id, userId: pending.member.id } },
      });
      if (!response.ok) {
        $detachRefusal.set((error as { message?: string } | undefined)?.message ?? texts.detachFailed);
        await reviewBodiesList.load();
        return false;
      }
      showToast('success', texts.detached);
      await reviewBodiesList.load();
      return true;
    } catch {
      $detachRefusal.set(texts.detachFailed);
      return false;
    } finally {
      $detaching.set(null);
    }
  },
};
