// The registrations waiting for the committee (docs/product.md «Registration»): a head confirms or declines each in the
// administration's section 'Регистрация организаций'.
import { atom, type ReadableAtom } from 'nanostores';
import type { PendingRegistration } from '#domain/contract.ts';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { dataOf } from '#stores/load.ts';
import { submit } from '#stores/submit.ts';
import { pendingTexts as t } from '../texts.ts';

const $list = atom<PendingRegistration[] | 'loading' | 'error'>('loading');
/** The registrations waiting, oldest first; loading, or failed. */
export const $pendingRegistrations: ReadableAtom<PendingRegistration[] | 'loading' | 'error'> = $list;

/** Reads the list (GET /api/admin/registrations). */
export async function loadPendingRegistrations(): Promise<void> {
  const list = await dataOf(() => api.GET('/api/admin/registrations'));
  $list.set(list ?? 'error');
}

/** The decision being made: whose, and which way; null while no dialog is open. */
export interface DecisionTarget {
  registration: PendingRegistration;
  approve: boolean;
}

const $target = atom<DecisionTarget | null>(null);
export const $decisionTarget: ReadableAtom<DecisionTarget | null> = $target;

/** The decline's reason (required then). */
export const decisionForm: Form<{ reason: string }> = createForm({ reason: '' }, (values) =>
  $target.get()?.approve === false && !values.reason.trim() ? { reason: t.reasonRequired } : {},
);

export function openDecision(registration: PendingRegistration, approve: boolean): void {
  decisionForm.reset();
  $target.set({ registration, approve });
}

export function closeDecision(): void {
  if (!decisionForm.$status.get().busy) $target.set(null);
}

/** Sends the decision; the list is read again either way (another head may have decided it). True when decided. */
export async function sendDecision(): Promise<boolean> {
  const target = $target.get();
  if (!target || !decisionForm.validate()) return false;
  const reason = decisionForm.$values.get().reason.trim();
  const result = await submit(
    decisionForm.$status,
    () =>
      api.POST('/api/admin/registrations/{companyId}/decision', {
        params: { path: { companyId: target.registration.companyId } },
        body: { approve: target.approve, reason: target.approve ? null : reason },
      }),
    {
      failureText: t.decisionFailed,
      describe: (failure) => failure.body?.message,
      successText: target.approve
        ? t.confirmed(target.registration.legalEntity)
        : t.declined(target.registration.legalEntity),
    },
  );
  await loadPendingRegistrations();
  if (!result.ok && result.failure.status !== 409) return false;
  $target.set(null);
  return result.ok;
}
