import { atom } from 'nanostores';
import { api } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { submit } from '#stores/submit.ts';
import { announceStatementChange } from '../../live/changes.ts';
import { validateCorrectionRequest } from '../lib/corrections.ts';
import { correctionTexts } from '../texts/corrections.ts';
import { $statementId, reloadStatement } from './company-detail.ts';

/** True while the company's 'Исправить опечатку' dialog is open. */
export const $correctionRequestOpen = atom(false);

/** The description of the error ('Описание ошибки'): required, up to 10,000 characters. */
export const correctionRequestForm = createForm({ text: '' }, validateCorrectionRequest);

/** Opens the request with an empty description. */
export function openCorrectionRequest(): void {
  correctionRequestForm.reset();
  $correctionRequestOpen.set(true);
}

/** Closes the request without sending (ignored while sending). */
export function closeCorrectionRequest(): void {
  if (!correctionRequestForm.$status.get().busy) $correctionRequestOpen.set(false);
}

/**
 * Sends the request (POST /api/statements/{id}/corrections), then closes the dialog and reads the statement again; the
 * server's refusal (409 for a statement not approved, 400 naming the text) is toasted in its own words.
 */
export async function sendCorrectionRequest(): Promise<boolean> {
  const id = $statementId.get();
  if (id === null || !correctionRequestForm.validate()) return false;
  const body = { text: correctionRequestForm.$values.get().text.trim() };
  const result = await submit(
    correctionRequestForm.$status,
    () => api.POST('/api/statements/{id}/corrections', { params: { path: { id } }, body }),
    {
      failureText: correctionTexts.requestFailed,
      describe: (failure) => failure.body?.message,
      successText: correctionTexts.requested,
    },
  );
  if (!result.ok) return false;
  $correctionRequestOpen.set(false);
  announceStatementChange();
  await reloadStatement();
  return true;
}
