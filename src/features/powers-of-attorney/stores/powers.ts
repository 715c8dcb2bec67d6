import { atom, type ReadableAtom } from 'nanostores';
import type { PowerOfAttorney } from '#domain/contract.ts';
import { isCompanyUser, isOwnerUser } from '#lib/roles.ts';
import type { FieldErrors } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { dataOf, loadWhenSignedIn, sharedRun } from '#stores/load.ts';
import { computed } from '#stores/prerendered.ts';
import { $session } from '#stores/session.ts';
import { requestRefusal, submit } from '#stores/submit.ts';
import { showToast } from '#stores/toasts.ts';
import { createUploadList } from '#stores/uploads.ts';
import { powersTexts as texts } from '../texts.ts';

/** The company's powers of attorney as the section sees them. */
export interface PowersList {
  status: 'loading' | 'error' | 'ready';
  items: PowerOfAttorney[];
}

const $list = atom<PowersList>({ status: 'loading', items: [] });

/** The company's powers of attorney (GET /api/companies/me/powers-of-attorney), newest first; loaded when watched. */
export const $powers: ReadableAtom<PowersList> = $list;

/** True when the signed-in user owns the company: they revoke. */
export const $mayRevoke = computed(
  $session,
  (session) => session.status === 'authenticated' && isOwnerUser(session.user),
);

/** Loads the list (again); concurrent calls share one request. */
export const loadPowers = sharedRun(async () => {
  $list.set({ status: 'loading', items: $list.get().items });
  const items = await dataOf(() => api.GET('/api/companies/me/powers-of-attorney'));
  if (items) {
    $list.set({ status: 'ready', items });
    return;
  }
  $list.set({ status: 'error', items: [] });
  showToast('error', texts.loadFailed);
});

loadWhenSignedIn($list, isCompanyUser, () => $list.get().status === 'loading', loadPowers);

// ——— 'Добавить доверенность' ———

const $adding = atom(false);
/** True while the add dialog is open. */
export const $addOpen: ReadableAtom<boolean> = $adding;
/** The МЧД's XML and its signature, uploaded as any file. */
export const powerUploads = createUploadList(undefined, { signatures: 'alone' });
const addForm = createForm({}, () => ({}));
/** The add dialog's busy flag. */
export const $addStatus = addForm.$status;
const $refusal = atom<{ message: string; ids: string } | null>(null);
/** Why the server refused the files now chosen (its Russian message), or why they cannot be sent yet. */
export const $addError = computed([$refusal, powerUploads.$prefileIds], (refusal, ids) =>
  refusal && refusal.ids === ids.join() ? refusal.message : null,
);

/** Opens 'Добавить доверенность' with no files. */
export function openAdd(): void {
  $refusal.set(null);
  powerUploads.reset();
  $adding.set(true);
}

/** Closes it without adding (ignored while sending); the files uploaded for it are deleted. */
export function closeAdd(): void {
  if (addForm.$status.get().busy) return;
  $adding.set(false);
  void powerUploads.discard();
}

/**
 * Adds the МЧД (POST /api/companies/me/powers-of-attorney): the server checks it and answers in Russian; its refusal
 * stays under the files until they change. True when it was added.
 */
export async function sendAdd(): Promise<boolean> {
  if (powerUploads.$uploading.get()) {
    showToast('info', texts.waitForUploads);
    return false;
  }
  // A file that is no signature says so on its row; the server would refuse it in the same words.
  if (powerUploads.$problems.get().size > 0) return false;
  const prefileIds = powerUploads.$prefileIds.get();
  if (prefileIds.length !== 2) {
    $refusal.set({ message: texts.chooseFiles, ids: prefileIds.join() });
    return false;
  }
  const result = await submit(
    addForm.$status,
    () => api.POST('/api/companies/me/powers-of-attorney', { body: { prefileIds } }),
    {
      failureText: texts.addFailed,
      describe: (failure) => requestRefusal(failure) ?? failure.body?.message,
      successText: texts.added,
      failureAs: 'inline',
    },
  );
  if (!result.ok) {
    $refusal.set({ message: result.text, ids: prefileIds.join() });
    return false;
  }
  powerUploads.reset();
  $adding.set(false);
  $list.set({ status: 'ready', items: [result.data, ...$list.get().items] });
  return true;
}

// ——— 'Отозвать' ———

const $revoking = atom<PowerOfAttorney | null>(null);
/** The power of attorney whose revocation dialog is open, or null. */
export const $revokeTarget: ReadableAtom<PowerOfAttorney | null> = $revoking;
/** The reason of the revocation: required. */
export const revokeForm: Form<{ reason: string }> = createForm({ reason: '' }, (values) => {
  const errors: FieldErrors<{ reason: string }> = {};
  if (values.reason.trim() === '') errors.reason = texts.reasonRequired;
  return errors;
});

/** Opens the revocation of `power` with no reason. */
export function openRevoke(power: PowerOfAttorney): void {
  revokeForm.reset();
  $revoking.set(power);
}

/** Closes the revocation without revoking (ignored while sending). */
export function closeRevoke(): void {
  if (!revokeForm.$status.get().busy) $revoking.set(null);
}

/** Revokes it (POST …/{id}/revoke); the list shows it revoked. True when it went through. */
export async function sendRevoke(): Promise<boolean> {
  const power = $revoking.get();
  if (!power || !revokeForm.validate()) return false;
  const result = await submit(
    revokeForm.$status,
    () =>
      api.POST('/api/companies/me/powers-of-attorney/{id}/revoke', {
        params: { path: { id: power.id } },
        body: { reason: revokeForm.$values.get().reason.trim() },
      }),
    { failureText: texts.revokeFailed, describe: (failure) => failure.body?.message, successText: texts.revoked },
  );
  if (!result.ok) {
    if (result.failure.status === 409) void loadPowers();
    return false;
  }
  $revoking.set(null);
  $list.set({ ...$list.get(), items: $list.get().items.map((item) => (item.id === power.id ? result.data : item)) });
  return true;
}
