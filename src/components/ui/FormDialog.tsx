import type { ReactNode, SubmitEvent } from 'react';
import Button from './Button.tsx';
import Dialog from './Dialog.tsx';
import { INVALID_CONTROL } from './form.ts';

/** Props of FormDialog. */
export interface FormDialogProps {
  open: boolean;
  /** Closes without sending (the store ignores it while sending). */
  close: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The form's id, one per dialog on a page (its submit button sits in the dialog's actions). */
  formId: string;
  submitLabel: string;
  /** The submit refuses or ends something ('Отклонить'): drawn as a dangerous action. */
  danger?: boolean;
  /** Holds the submit back (files still on their way, where the dialog says so instead of telling after a click). */
  submitDisabled?: boolean;
  cancelLabel: string;
  busy: boolean;
  /** Sends the form; false when it was refused (its own checks or the server's). */
  send: () => Promise<boolean>;
  /** Where focus goes on close when the button that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A dialog that is one form: its fields, the submit and 'Отмена'. A refused send puts the focus on the first field in
 * error, so a keyboard or screen-reader user lands on what to fix.
 */
export default function FormDialog(props: FormDialogProps) {
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!(await props.send())) form.querySelector<HTMLElement>(INVALID_CONTROL)?.focus();
  };
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) props.close();
      }}
      title={props.title}
      description={props.description}
      fallbackFocus={props.fallbackFocus}
      actions={
        <>
          <Button
            type="submit"
            form={props.formId}
            busy={props.busy}
            disabled={props.submitDisabled}
            className={props.danger ? 'button--danger' : undefined}
          >
            {props.submitLabel}
          </Button>
          <Button variant="secondary" disabled={props.busy} onClick={props.close}>
            {props.cancelLabel}
          </Button>
        </>
      }
    >
      <form id={props.formId} onSubmit={(event) => void onSubmit(event)} noValidate>
        {props.children}
      </form>
    </Dialog>
  );
}
