import { useId } from 'react';
import { FieldError } from '#components/ui/Field.tsx';
import type { Form, FormValues } from '#stores/form.ts';
import { useStore } from '#stores/prerendered.ts';

/** Props of RadioChoice: one field of a form store, chosen among `options`. */
export interface RadioChoiceProps<V extends FormValues> {
  form: Form<V>;
  name: keyof V & string;
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The error to show (the form's own and the server's, merged by the caller). */
  error: string | null | undefined;
}

/** A required choice of one value as radios (the appeal's subject, the head's outcome), its error above them. */
export default function RadioChoice<V extends FormValues>({ form, name, legend, options, error }: RadioChoiceProps<V>) {
  const errorId = useId();
  const values = useStore(form.$values);
  return (
    <fieldset className={error ? 'field field--error grounds-picker' : 'field grounds-picker'}>
      <legend className="field__label">{legend}</legend>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {options.map((option) => (
        <label key={option.value} className="grounds-picker__option">
          <input
            type="radio"
            name={`${name}-${errorId}`}
            value={option.value}
            checked={values[name] === option.value}
            onChange={() => form.setValue(name, option.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
