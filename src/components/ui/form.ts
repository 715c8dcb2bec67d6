import type { ChangeEvent } from 'react';
import type { Form, FormValues } from '#stores/form.ts';
import { useStore } from '#stores/prerendered.ts';

/** Binds one field of a form store to an input: its value, its shown error, change and blur handlers. */
export function useFormField<V extends FormValues, K extends keyof V & string>(form: Form<V>, name: K) {
  const values = useStore(form.$values);
  const errors = useStore(form.$shownErrors);
  return {
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      form.setValue(name, event.currentTarget.value),
    onBlur: () => form.touch(name),
  };
}
