import { validationTexts } from '#lib/validators.ts';
import type { Form, FormValues } from './form.ts';
import type { ServerFeedback } from './server-feedback.ts';
import { type CallResult, submit } from './submit.ts';
import { showToast } from './toasts.ts';

/** What a save attempt ended with: saved, refused by the checks (errors shown), or failed on the server. */
export type SaveOutcome = 'saved' | 'invalid' | 'failed';

/** How one form saves; what differs between the forms that share saveForm. */
export interface FormSave<V extends FormValues, T> {
  /** The call that saves the values. */
  send: (values: V) => Promise<CallResult<T>>;
  /** The save's failure text from docs/product.md «Error texts». */
  failureText: string;
  /** Where the server's refusal goes: beside the field it names, or above the form. */
  feedback?: ServerFeedback<V>;
  /** What follows a save (the form reset to what the server kept, a toast, another page). */
  saved: (data: T) => void | Promise<void>;
}

/**
 * The save of a profile form (the company's data, the examiner's settings, an employee): the form's own checks
 * first ('Проверьте корректность полей' when they fail), then the call with its busy state, the server's
 * refusal kept beside the fields, and `saved` on success.
 */
export async function saveForm<V extends FormValues, T>(form: Form<V>, save: FormSave<V, T>): Promise<SaveOutcome> {
  if (!form.validate()) {
    showToast('error', validationTexts.formInvalid);
    return 'invalid';
  }
  save.feedback?.clearAlert();
  const result = await submit(form.$status, () => save.send(form.$values.get()), { failureText: save.failureText });
  if (!result.ok) {
    save.feedback?.remember(result.failure);
    return 'failed';
  }
  await save.saved(result.data);
  return 'saved';
}
