import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { dialogTexts } from './dialog-texts.ts';
import { CloseIcon } from './icons.tsx';

/** Props of Dialog (and of DialogBox, which Dialog loads). */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A sentence under the title, read out when the dialog opens. */
  description?: ReactNode;
  /** The dialog's body (a form, a file list). */
  children?: ReactNode;
  /** The buttons at the bottom, primary action first. */
  actions?: ReactNode;
  /** alertdialog for questions that need an answer (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  /**
   * centered (default): a box in the middle; sheet: a full-height panel sliding in from the right (drawers);
   * viewer: the whole window (the document viewer).
   */
  variant?: 'centered' | 'sheet' | 'viewer';
  /** Where focus goes on close when the opener is gone (a row taken into work, a menu answered): e.g. the heading. */
  fallbackFocus?: () => HTMLElement | null;
  /** Escape before the dialog closes: `event.preventDefault()` keeps it open (the viewer leaving remark placing). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}

/**
 * The modal dialog itself (features use Dialog, which loads this module when a dialog first opens): focus kept inside,
 * Escape and the backdrop close it, focus returns to the opener. The only place the site uses Radix Dialog.
 */
export default function DialogBox({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  role,
  variant = 'centered',
  fallbackFocus,
  onEscapeKeyDown,
}: DialogProps) {
  // Radix returns focus only to its own Trigger; our dialogs open from state, so remember the opener ourselves.
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={variant === 'centered' ? 'dialog' : `dialog dialog--${variant}`}
          onEscapeKeyDown={onEscapeKeyDown}
          onOpenAutoFocus={() => {
            openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const opener = openerRef.current;
            openerRef.current = null;
            const target = opener?.isConnected ? opener : (fallbackFocus?.() ?? null);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          // Radix sets role="dialog" itself; pass a role only to change it, and opt out of aria-describedby
          // when there is no description (Radix would otherwise point it at nothing).
          {...(role ? { role } : {})}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog__head">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label={dialogTexts.close}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          {description && <RadixDialog.Description className="dialog__text">{description}</RadixDialog.Description>}
          {children}
          {actions && <div className="dialog__actions">{actions}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
