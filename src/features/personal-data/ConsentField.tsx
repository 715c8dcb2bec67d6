import type { ReactNode, Ref } from 'react';
import { FieldError } from '#components/ui/Field.tsx';

/**
 * The checkbox of the consent to the processing of personal data, with the documents' links under it and its error:
 * the registration's form and the consent asked again at login show the same field.
 */
export default function ConsentField({
  id,
  label,
  checked,
  onChange,
  error,
  inputRef,
  labelClassName = 'choice',
  links,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | null | undefined;
  inputRef?: Ref<HTMLInputElement>;
  labelClassName?: string;
  /** The documents' links (the consent's text, the policy), opened in a new tab. */
  links: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label className={labelClassName}>
        <input
          ref={inputRef}
          type="checkbox"
          name="consent"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />{' '}
        {label}
      </label>
      {links}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
