import { leavingOnPurpose } from '#lib/browser.ts';

/**
 * Nothing a user typed or sent is lost by closing the tab (docs/product.md «Session behaviour on the site»): while any
 * guard says there is something to lose (a file on its way, a changed form not saved), the browser asks before the
 * page goes. A page the portal itself leaves after a finished action (`navigateTo`) is not asked about.
 */
const guards = new Set<() => boolean>();
let listening = false;

/** True when leaving now would lose something: some guard holds and the portal is not leaving on purpose. */
export function leavingLoses(): boolean {
  if (leavingOnPurpose()) return false;
  for (const unsaved of guards) if (unsaved()) return true;
  return false;
}

function beforeUnload(event: BeforeUnloadEvent): void {
  if (!leavingLoses()) return;
  event.preventDefault();
  // Chromium before 119 and Safari still ask for it.
  event.returnValue = '';
}

/** Has the browser ask before leaving the page while `unsaved()` is true; returns the release. */
export function guardLeaving(unsaved: () => boolean): () => void {
  guards.add(unsaved);
  if (!listening && typeof window !== 'undefined') {
    window.addEventListener('beforeunload', beforeUnload);
    listening = true;
  }
  return () => {
    guards.delete(unsaved);
  };
}
