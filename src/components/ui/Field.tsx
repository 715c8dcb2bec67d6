import { type ReactNode, useId } from 'react';

/** What Field hands to its control so label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/** Props of Field. */
export interface FieldProps {
  label: ReactNode;
  /** A short help text under the label. */
  hint?: ReactNode;
  /** The error to show (from the form's `$shownErrors`; several lines for a file list), or nothing. */
  error?: ReactNode;
  /** A fixed id for the control (default: generated). */
  id?: string;
  /** Renders the control (input, select, textarea) with the ids and ARIA attributes it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, hint, error and the control, wired by `id` and `aria-describedby` (GOV.UK order: hint, error, control). */
export default function Field({ label, hint, error, id, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {hint && (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
    </div>
  );
}

/** A field's error as every field shows it: announced with its 'Ошибка: ' prefix, tied to controls by `id`. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span className="field__error" id={id}>
      <span className="visually-hidden">{fieldTexts.errorPrefix}</span>
      {children}
    </span>
  );
}

const fieldTexts = {
  errorPrefix: 'Ошибка: ',
} as const;
