import { type ReactNode, useEffect, useState } from 'react';
import { dialogTexts } from './dialog-texts.ts';
import LazyChunk, { chunk } from './LazyChunk.tsx';

/** Props of Dialog. */
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
    />
  );
}
