import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import type { DialogProps } from './Dialog.tsx';
import { dialogTexts } from './dialog-texts.ts';
import { CloseIcon } from './icons.tsx';

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
