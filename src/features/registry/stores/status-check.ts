// The public status check (/status): a statement's registration number and its company's ИНН, answered with the
// status, the submission date and the current term only (docs/product.md «The public register: what the site shows»).
import { atom } from 'nanostores';
import type { PublicStatementStatus } from '#domain/contract.ts';
import { innProblem } from '#domain/requisites.ts';
import { createForm } from '#stores/form.ts';
import type { FieldErrors } from '../../../lib/validators.ts';
import { statusTexts as t } from '../texts/status.ts';

export interface StatusCheckValues extends Record<string, string> {
  visibleId: string;
  inn: string;
}

/** The answer shown under the form. */
export type StatusCheckAnswer =
  | { state: 'idle' }
  | { state: 'found'; status: PublicStatementStatus }
  | { state: 'notFound' | 'tooMany' | 'failed' };

export const STATEMENT_STATUS_API = '/api/public/statement-status';

/** The number: digits only; the ИНН: 10 or 12 digits with their control digits. */
export function validateStatusCheck(values: StatusCheckValues): FieldErrors<StatusCheckValues> {
  const errors: FieldErrors<StatusCheckValues> = {};
  const visibleId = values.visibleId.trim();
  if (!visibleId) errors.visibleId = t.numberRequired;
  else if (!/^\d{1,15}$/.test(visibleId) || Number(visibleId) < 1) errors.visibleId = t.numberDigits;
  const inn = values.inn.trim();
  const innError = inn ? innProblem(inn) : t.innRequired;
  if (innError) errors.inn = innError;
  return errors;
}

export const statusCheckForm = createForm<StatusCheckValues>({ visibleId: '', inn: '' }, validateStatusCheck);
export const $statusAnswer = atom<StatusCheckAnswer>({ state: 'idle' });

/**
 * Asks the API about the pair when the form is valid; every outcome lands in `$statusAnswer`. A new check first takes
 * the previous answer away, and so does a check the form refuses: an answer under the form is always the pair's in it.
 */
export async function checkStatus(): Promise<void> {
  const form = statusCheckForm;
  if (form.$status.get().busy) return;
  $statusAnswer.set({ state: 'idle' });
  if (!form.validate()) return;
  const values = form.$values.get();
  form.$status.set({ busy: true, error: null });
  let answer: StatusCheckAnswer;
  try {
    const response = await fetch(STATEMENT_STATUS_API, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({ visibleId: Number(values.visibleId.trim()), inn: values.inn.trim() }),
    });
    if (response.ok) answer = { state: 'found', status: (await response.json()) as PublicStatementStatus };
    else if (response.status === 404) answer = { state: 'notFound' };
    else if (response.status === 429) answer = { state: 'tooMany' };
    else answer = { state: 'failed' };
  } catch {
    answer = { state: 'failed' };
  }
  form.$status.set({ busy: false, error: null });
  $statusAnswer.set(answer);
}
