import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { DialogProps } from './DialogBox.tsx';
import { dialogTexts } from './dialog-texts.ts';
import { CloseIcon } from './icons.tsx';
import LazyChunk, { chunk } from './LazyChunk.tsx';

export type { DialogProps };

/**
 * The dialogs' code (Radix Dialog, DialogBox.tsx), loaded once. A part whose whole use is a dialog (the notifications
 * sheet) loads it beside its own chunk, so its first opening does not wait for two loads one after the other.
 */
export const loadDialog = chunk(() => import('./DialogBox.tsx'));

/**
 * A modal dialog: focus kept inside, Escape and the backdrop close it, focus returns to the opener. Its code (Radix
 * Dialog, DialogBox.tsx) loads when a dialog is first opened, not with the page (the initial JS budget); until then a
 * closed dialog renders nothing. Features use this component.
 */
export default function Dialog(props: DialogProps) {
  const [used, setUsed] = useState(props.open);
  useEffect(() => {
    if (props.open) setUsed(true);
  }, [props.open]);
  // Once opened it stays mounted, so Radix plays its closing and returns focus.
  if (!used && !props.open) return null;
  return (
    <LazyChunk
      load={loadDialog}
      props={props}
      fallback={null}
      failedText={dialogTexts.loadFailed}
      retryLabel={dialogTexts.retry}
      frame={(failure) =>
        props.open && (
          <DialogLoadFailed
            title={props.title}
            onClose={() => props.onOpenChange(false)}
            fallbackFocus={props.fallbackFocus}
          >
            {failure}
          </DialogLoadFailed>
        )
      }
    />
  );
}

/**
 * In place of a dialog whose code could not be loaded (offline, or a deploy replaced it): a window with the dialog's
 * title, the failure and 'Повторить', over the page where the user looks, not somewhere down the page. A native modal
 * <dialog>: the page behind is inert, Escape and 'Закрыть' close it, and the focus goes back to the opener.
 */
function DialogLoadFailed({
  title,
  onClose,
  fallbackFocus,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  fallbackFocus: DialogProps['fallbackFocus'];
  children: ReactNode;
}) {
  const box = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fallback = useRef(fallbackFocus);
  fallback.current = fallbackFocus;
  useEffect(() => {
    const dialog = box.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal: there the window is only shown.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      (opener?.isConnected ? opener : (fallback.current?.() ?? null))?.focus();
    };
  }, []);
  return (
    <dialog
      ref={box}
      className="dialog dialog--failed"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog__head">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={dialogTexts.close} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {children}
    </dialog>
  );
}
