import { type RefObject, useEffect } from 'react';

/**
 * Moves focus to the viewer's scroll area once it is there (the document has loaded), so PageUp/PageDown and the
 * arrows work at once; not when the user has already gone to a control of the viewer meanwhile.
 */
export function useFocusOnArrival(ref: RefObject<HTMLElement | null>, ready: boolean): void {
  useEffect(() => {
    const area = ref.current;
    if (!ready || !area) return;
    const active = document.activeElement;
    const dialog = area.closest('[role="dialog"]');
    // Radix puts focus on the dialog's first control (the close button in its head) when it opens.
    const untouched = !active || active === document.body || active === dialog || active.closest('.dialog__head');
    if (untouched) area.focus({ preventScroll: true });
  }, [ref, ready]);
}
