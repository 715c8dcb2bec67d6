import type { ChangeEvent } from 'react';
import type { Form, FormValues } from '#stores/form.ts';
import { useStore } from '#stores/prerendered.ts';

/**
 * What a refused send focuses, the first of in document order: a field in error, or the remove button of an upload
 * row whose file the server would refuse (FileUpload).
 */
export const INVALID_CONTROL = '[aria-invalid="true"]:not(:disabled), .upload--problem .upload__remove';

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
