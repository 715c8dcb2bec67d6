import { atom, map, type ReadableAtom } from 'nanostores';
import type { PowerOfAttorney, SignaturePowerOfAttorney } from '#domain/contract.ts';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { dataOf } from '#stores/load.ts';
import { submit } from '#stores/submit.ts';
import { powersTexts as texts } from '../texts.ts';

// The examiner's check of an МЧД in the ФНС's registry (docs/product.md «Powers of attorney»): the portal cannot reach
// it, so the examiner checks on a connected workstation and records what it says.

const $states = map<Record<number, PowerOfAttorney | 'error'>>({});

/** Each МЧД a signature on screen relies on, as it stands now, by id (read once per page). */
export const $powerStates: ReadableAtom<Record<number, PowerOfAttorney | 'error'>> = $states;

const asked = new Set<number>();

/** Reads the МЧД's state (GET /api/instance/powers-of-attorney/{id}) unless it was read on this page. */
export async function loadPowerState(id: number): Promise<void> {
  if (asked.has(id)) return;
  asked.add(id);
  const power = await dataOf(() => api.GET('/api/instance/powers-of-attorney/{id}', { params: { path: { id } } }));
  $states.setKey(id, power ?? 'error');
}

const $target = atom<SignaturePowerOfAttorney | null>(null);
/** The МЧД whose registry check is being recorded, or null. */
export const $checkTarget: ReadableAtom<SignaturePowerOfAttorney | null> = $target;

/** What the registry said: revoked ('1') or not (''), and a note. */
export const checkForm: Form<{ revoked: string; note: string }> = createForm({ revoked: '', note: '' }, () => ({}));

/** Opens the record of a check of `power`. */
export function openCheck(power: SignaturePowerOfAttorney): void {
  checkForm.reset();
  $target.set(power);
}

/** Closes it without recording (ignored while sending). */
export function closeCheck(): void {
  if (!checkForm.$status.get().busy) $target.set(null);
}

/** Records the check (POST …/registry-check); a revocation there revokes it in the portal. True when recorded. */
export async function sendCheck(): Promise<boolean> {
  const power = $target.get();
  if (!power) return false;
  const values = checkForm.$values.get();
  const result = await submit(
    checkForm.$status,
    () =>
      api.POST('/api/instance/powers-of-attorney/{id}/registry-check', {
        params: { path: { id: power.id } },
        body: { revoked: values.revoked === '1', note: values.note.trim() || null },
      }),
    { failureText: texts.checkFailed, describe: (failure) => failure.body?.message, successText: texts.checkRecorded },
  );
  if (!result.ok) return false;
  $states.setKey(power.id, result.data);
  $target.set(null);
  return true;
}
