import { atom } from 'nanostores';

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
