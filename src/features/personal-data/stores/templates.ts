// The consent and the policy of processing personal data as templates a head publishes in the administration
// (docs/product.md «Personal data»): each kind's current template, edited and published as the next version.
import { atom, type ReadableAtom } from 'nanostores';
import type { PersonalDataKind, PersonalDataTemplate } from '#domain/contract.ts';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { dataOf } from '#stores/load.ts';
import { submit } from '#stores/submit.ts';
import { templatesTexts as t } from '../texts.ts';

export const PERSONAL_DATA_KINDS: readonly PersonalDataKind[] = ['consent', 'privacy'];

/** One kind's editor: the template as published now (or loading, or failed), its form, and the server's refusal. */
export interface TemplateEditor {
  $current: ReadableAtom<PersonalDataTemplate | 'loading' | 'error'>;
  form: Form<{ template: string }>;
  load: () => Promise<void>;
  publish: () => Promise<boolean>;
}

function editor(kind: PersonalDataKind): TemplateEditor {
  const $current = atom<PersonalDataTemplate | 'loading' | 'error'>('loading');
  const form = createForm({ template: '' }, (values) => (values.template.trim() ? {} : { template: t.required }));
  const show = (template: PersonalDataTemplate) => {
    $current.set(template);
    form.reset({ template: template.template });
  };
  const load = async () => {
    const template = await dataOf(() => api.GET('/api/admin/personal-data/{kind}', { params: { path: { kind } } }));
    if (template) show(template);
    else $current.set('error');
  };
  const publish = async () => {
    const current = $current.get();
    if (typeof current === 'string' || !form.validate()) return false;
    const result = await submit(
      form.$status,
      () =>
        api.POST('/api/admin/personal-data/{kind}', {
          params: { path: { kind } },
          body: { template: form.$values.get().template, expectedVersion: current.version },
        }),
      { failureText: t.failed, describe: (failure) => failure.body?.message, failureAs: 'inline' },
    );
    if (!result.ok) {
      // Another head published meanwhile: their version is read again (the edit stays on screen to compare).
      if (result.failure.status === 409) {
        const edited = form.$values.get().template;
        await load();
        form.setValue('template', edited);
        // Reading it again cleared the form's state: the refusal is said again, under the text.
        form.$status.set({ busy: false, error: result.text });
      }
      return false;
    }
    show(result.data);
    return true;
  };
  return { $current, form, load, publish };
}

/** Each kind's editor. */
export const templateEditors: Readonly<Record<PersonalDataKind, TemplateEditor>> = {
  consent: editor('consent'),
  privacy: editor('privacy'),
};
