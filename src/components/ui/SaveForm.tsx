import type { ReactNode, SubmitEvent } from 'react';
import type { SaveOutcome } from '#stores/form-save.ts';
import Button from './Button.tsx';

/** Props of SaveForm: the save, the submit button's words, and what the form holds. */
export interface SaveFormProps {
  /** Saves the form (saveForm); a save that is not 'saved' focuses the first wrong field. */
  save: () => Promise<SaveOutcome>;
  busy: boolean;
  /** The submit button's text, and its text while saving. */
  submitLabel: string;
  savingLabel: string;
  /** Buttons after the submit button (an employee's 'Удалить'). */
  actions?: ReactNode;
  /** The button row's classes. */
  rowClassName?: string;
  children: ReactNode;
}

/**
 * The card form of a profile (the company's data, the examiner's settings, an employee), written once: the fields,
 * then the save button. Errors show after a submit attempt, and on blur for fields that ask for it (FormField's
 * touchOnBlur, which waits for the submit when the focus goes to this button, so it never moves from under the
 * pointer between press and release).
 */
export default function SaveForm({
  save,
  busy,
  submitLabel,
  savingLabel,
  actions,
  rowClassName = 'button-row',
  children,
}: SaveFormProps) {
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if ((await save()) !== 'saved') form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };
  return (
    <form className="card form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
      {children}
      <div className={rowClassName}>
        <Button type="submit" busy={busy}>
          {busy ? savingLabel : submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
}
