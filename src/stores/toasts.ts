import { atom, onMount } from 'nanostores';

/** How a toast looks: neutral information, success, or an error. */
export type ToastKind = 'info' | 'success' | 'error';

/** One message in the toast queue. */
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** Toasts hide themselves after this many milliseconds (spec §9). */
export const TOAST_HIDE_MS = 5000;

/** Toasts currently on screen, oldest first. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast that hides itself after 5 s; returns its id. The same text already on screen is not repeated. */
export function showToast(kind: ToastKind, text: string): number {
  const shown = $toasts.get().find((toast) => toast.kind === kind && toast.text === text);
  if (shown) return shown.id;
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, text }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_HIDE_MS),
  );
  return id;
}

/** Removes a toast now (close button or timeout). */
export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Where toasts wait for the next page of this tab (a success followed by a full page load). */
const CARRIED_KEY = 'portal-carried-toasts';

/** The part of sessionStorage the carried toasts use (injectable for tests). */
export type ToastStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): ToastStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function isCarried(value: unknown): value is { kind: ToastKind; text: string } {
  const toast = value as { kind?: unknown; text?: unknown } | null;
  return (
    typeof toast?.text === 'string' && (toast.kind === 'info' || toast.kind === 'success' || toast.kind === 'error')
  );
}

/** Shows a toast on the next page this tab opens ('Заявление создано', then the list); shown now without storage. */
export function carryToast(kind: ToastKind, text: string, storage: ToastStorage | null = sessionStore()): void {
  if (!storage) {
    showToast(kind, text);
    return;
  }
  let carried: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CARRIED_KEY) ?? '[]');
    if (Array.isArray(parsed)) carried = parsed;
    storage.setItem(CARRIED_KEY, JSON.stringify([...carried, { kind, text }]));
  } catch {
    showToast(kind, text);
  }
}

/** Shows the toasts carried from the previous page once, and forgets them. */
export function showCarriedToasts(storage: ToastStorage | null = sessionStore()): void {
  if (!storage) return;
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CARRIED_KEY) ?? '[]');
    storage.removeItem(CARRIED_KEY);
    if (Array.isArray(parsed)) for (const toast of parsed.filter(isCarried)) showToast(toast.kind, toast.text);
  } catch {
    // a damaged entry is dropped
  }
}

// The toast region of the next page subscribes first: that is when carried toasts appear.
onMount($toasts, () => {
  showCarriedToasts();
});
