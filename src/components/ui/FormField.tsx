import type { FocusEvent, InputHTMLAttributes, ReactNode } from 'react';
import type { Form, FormValues } from '#stores/form.ts';
import { formatPhone } from '../../lib/phone.ts';
import Field from './Field.tsx';
import { useFormField } from './form.ts';

const texts = {
  optional: '(необязательно)',
} as const;

/** Props of FormField: the form store and field, the words around it, and the input's own attributes. */
export interface FormFieldProps<V extends FormValues>
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'size' | 'form'> {
  form: Form<V>;
  name: keyof V & string;
  label: string;
  /** Marks the label '(необязательно)'. */
  optional?: boolean;
  hint?: ReactNode;
  /** The error to show; by default the form's own shown error of the field (pass null for none). */
  error?: ReactNode;
  /** 'medium' for short values (a phone, a cipher). */
  size?: 'medium' | 'full';
  /** A text of so many rows instead of a one-line input. */
  rows?: number;
  /**
   * Marks the field as left on blur, so its own error shows then; forms that show errors after a submit only leave it.
   * A `type="tel"` field also writes a whole Russian number out as '+7 (916) 123-45-67' on blur.
   */
  touchOnBlur?: boolean;
}

/** True when the focus leaves a field for the submit button of the field's own form. */
function toOwnSubmit(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>): boolean {
  const next = event.relatedTarget;
  return next instanceof HTMLButtonElement && next.type === 'submit' && next.form === event.currentTarget.form;
}

/** One text field of a form store inside Field: label, hint, error and the control, bound to the store. */
export default function FormField<V extends FormValues>({
  form,
  name,
  label,
  optional = false,
  hint,
  error,
  size = 'full',
  rows,
  touchOnBlur = false,
  ...rest
}: FormFieldProps<V>) {
  const field = useFormField(form, name);
  // A phone is written out in the placeholder's shape when left, if it is a whole Russian number (lib/phone.ts).
  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (rest.type === 'tel' && !rest.readOnly && field.value !== undefined) {
      const formatted = formatPhone(field.value);
      if (formatted !== field.value) form.setValue(name, formatted);
    }
    // Focus going to the form's own submit button leaves the error to the submit: shown now, it would push the button
    // from under the pointer between press and release, and the press would save nothing.
    if (touchOnBlur && !toOwnSubmit(event)) field.onBlur();
  };
  const bound = { name, value: field.value, onChange: field.onChange, onBlur };
  const title = optional ? (
    <>
      {label}
      <span className="field__optional"> {texts.optional}</span>
    </>
  ) : (
    label
  );
  return (
    <Field label={title} hint={hint} error={error === undefined ? field.error : error}>
      {(control) =>
        rows ? (
          <textarea {...control} className="input textarea" rows={rows} {...bound} />
        ) : (
          <input {...control} {...rest} className={size === 'medium' ? 'input input--medium' : 'input'} {...bound} />
        )
      }
    </Field>
  );
}
