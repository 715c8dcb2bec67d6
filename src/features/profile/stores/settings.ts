import { atom, type ReadableAtom } from 'nanostores';
import { isExaminer } from '#lib/roles.ts';
import { orNull, validateExaminerSettings } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { type SaveOutcome, saveForm } from '#stores/form-save.ts';
import { dataOf, loadWhenSignedIn, sharedRun } from '#stores/load.ts';
import { reloadCurrentUser } from '#stores/session.ts';
import { showToast } from '#stores/toasts.ts';
import { settingsTexts } from '../texts.ts';

/** The examiner's contact details as the form edits them. */
export interface SettingsFormValues extends Record<string, string> {
  contactFio: string;
  contactPhone: string;
}

/** The settings form: values, touched fields and errors from validateExaminerSettings. */
export const settingsForm = createForm<SettingsFormValues>(
  { contactFio: '', contactPhone: '' },
  validateExaminerSettings,
  { askBeforeLeaving: true },
);

const $load = atom<'loading' | 'error' | 'ready'>('loading');

/** Whether the examiner's current details have arrived: loading ('Загрузка…'), failed (toasted), or ready. */
export const $settingsStatus: ReadableAtom<'loading' | 'error' | 'ready'> = $load;

/** Loads the examiner's details (GET /api/instance/me) into the form; concurrent calls share one request. */
export const loadSettings = sharedRun(async () => {
  $load.set('loading');
  const profile = await dataOf(() => api.GET('/api/instance/me'));
  if (profile) {
    settingsForm.reset({ contactFio: profile.contactFio ?? '', contactPhone: profile.contactPhone ?? '' });
    $load.set('ready');
    return;
  }
  $load.set('error');
  showToast('error', settingsTexts.loadFailed);
});

loadWhenSignedIn($load, isExaminer, () => $load.get() === 'loading', loadSettings);

/** The body of PUT /api/instance/me: trimmed, an empty phone as null. */
export function settingsPayload(values: SettingsFormValues) {
  return { contactFio: values.contactFio.trim(), contactPhone: orNull(values.contactPhone) };
}

/**
 * Checks the form, saves it, then reloads the signed-in user so the sidebar shows the new name,
 * and toasts 'Изменения сохранены'.
 */
export function saveSettings(): Promise<SaveOutcome> {
  return saveForm(settingsForm, {
    send: (values) => api.PUT('/api/instance/me', { body: settingsPayload(values) }),
    failureText: settingsTexts.saveFailed,
    saved: async (profile) => {
      settingsForm.reset({ contactFio: profile.contactFio ?? '', contactPhone: profile.contactPhone ?? '' });
      await reloadCurrentUser();
      showToast('success', settingsTexts.saved);
    },
  });
}
