/**
 * This tab's sessionStorage, or null where there is none or the browser refuses it (storage turned off): what a tab
 * keeps there (its lists, the sidebar's counts, toasts for the next page) only saves a call or carries a message, so
 * it is never required. Apart from browser.ts, which unit tests replace whole.
 */
export function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
