import { type ReactNode, useState } from 'react';
import Button from './Button.tsx';
import Dialog from './Dialog.tsx';

/** Defaults of a confirmation, exactly as docs/product.md «Error texts» gives them. */
const confirmDefaults = {
  title: 'Confirmation',
  confirm: 'Yes',
  cancel: 'Cancel',
} as const;

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question ('Удалить заявление?', 'Удалить сотрудника?', 'Принять в работу?'). */
  question: string;
  title?: string;
  confirmText?: string;
  cancelText?: string;
  /** Runs on confirm; while its promise is pending the buttons are busy, and the dialog closes when it settles. */
  onConfirm: () => unknown;
  /** Marks a destructive action (delete): the confirm button turns red. */
  danger?: boolean;
  /** Where focus goes on close when the button that opened the dialog is gone (see Dialog). */
  fallbackFocus?: () => HTMLElement | null;
  /** What the question asks for besides yes or no (the withdrawal's optional reason), under it. */
  children?: ReactNode;
}

/** A yes/no question before an action, built on Dialog. */
export default function ConfirmDialog({
  open,
  onOpenChange,
  question,
  title = confirmDefaults.title,
  confirmText = confirmDefaults.confirm,
  cancelText = confirmDefaults.cancel,
  onConfirm,
  danger = false,
  fallbackFocus,
  children,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onOpenChange(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={title}
      description={question}
      role="alertdialog"
      fallbackFocus={fallbackFocus}
      actions={
        <>
          <Button className={danger ? 'button--danger' : undefined} busy={busy} onClick={() => void confirm()}>
            {confirmText}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            {cancelText}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
