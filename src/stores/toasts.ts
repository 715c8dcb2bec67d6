import { atom, onMount } from 'nanostores';
import { tabStorage } from '#lib/tab-storage.ts';

/** How a toast looks: neutral information, success, or an error. */
export type ToastKind = 'info' | 'success' | 'error';

/** One message in the toast queue. */
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/**
 * Information and success toasts hide themselves after this many milliseconds of being seen (docs/product.md
 * «Constants and limits»); an error toast stays until it is closed (WCAG 2.2.1), and the time stands still while the
 * pointer is over the toasts or the focus is in them.
 */
export const TOAST_HIDE_MS = 5000;

/** Toasts currently on screen, oldest first. */
export const $toasts = atom<Toast[]>([]);

/**
 * The queue as it is, read without `get()`: nanostores' `get()` on a store nobody watches mounts it for a moment,
 * which would count as the toast region watching.
 */
const queue = (): Toast[] => $toasts.value;

let nextId = 1;
/** A running hide timer: when it started and how long it had left then. */
interface Hiding {
  timer: ReturnType<typeof setTimeout> | null;
  startedAt: number;
  left: number;
}
const hiding = new Map<number, Hiding>();
/** True while the toast region watches the queue: a toast's 5 s start when it can be seen, not before. */
let watched = false;
/** Reasons the toasts' time stands still now: the pointer over them, the focus in them. */
const holds = new Set<'pointer' | 'focus'>();

function run(id: number, entry: Hiding): void {
  entry.startedAt = Date.now();
  entry.timer = setTimeout(() => dismissToast(id), entry.left);
}

function startHiding(toast: Toast): void {
  if (toast.kind === 'error' || hiding.has(toast.id)) return;
  const entry: Hiding = { timer: null, startedAt: 0, left: TOAST_HIDE_MS };
  hiding.set(toast.id, entry);
  if (holds.size === 0) run(toast.id, entry);
}

/**
 * Stops every toast's time while the pointer is over the toasts or the focus is in them (`reason` says which); the
 * time goes on from where it stood once neither holds.
 */
export function holdToasts(reason: 'pointer' | 'focus', held: boolean): void {
  const before = holds.size;
  if (held) holds.add(reason);
  else holds.delete(reason);
  if (before === 0 && holds.size > 0) {
    for (const entry of hiding.values()) {
      if (entry.timer === null) continue;
      clearTimeout(entry.timer);
      entry.timer = null;
      entry.left = Math.max(0, entry.left - (Date.now() - entry.startedAt));
    }
  } else if (before > 0 && holds.size === 0) {
    for (const [id, entry] of hiding) if (entry.timer === null) run(id, entry);
  }
}

/**
 * Shows a toast; information and success hide themselves 5 s after they appear (a toast raised before the toast region
 * is on the page, which hydrates when the browser is idle, waits for it), an error stays until closed. Returns its id.
 * The same text already on screen is not repeated.
 */
export function showToast(kind: ToastKind, text: string): number {
  const shown = queue().find((toast) => toast.kind === kind && toast.text === text);
  if (shown) return shown.id;
  const toast = { id: nextId++, kind, text };
  $toasts.set([...queue(), toast]);
  if (watched) startHiding(toast);
  return toast.id;
}

/** Removes a toast now (close button or timeout). */
export function dismissToast(id: number): void {
  const timer = hiding.get(id)?.timer;
  if (timer) clearTimeout(timer);
  hiding.delete(id);
  $toasts.set(queue().filter((toast) => toast.id !== id));
}

/** Where toasts wait for the next page of this tab (a success followed by a full page load). */
const CARRIED_KEY = 'portal-carried-toasts';

/** The part of sessionStorage the carried toasts use (injectable for tests). */
export type ToastStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * This page load, as carried toasts name it: a toast carried from here waits for the next page even when this page's
 * toast region hydrates after the carrying (it hydrates when the browser is idle).
 */
const PAGE = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

interface Carried {
  kind: ToastKind;
  text: string;
  page?: string;
}

function isCarried(value: unknown): value is Carried {
  const toast = value as { kind?: unknown; text?: unknown } | null;
  return (
    typeof toast?.text === 'string' && (toast.kind === 'info' || toast.kind === 'success' || toast.kind === 'error')
  );
}

/** Shows a toast on the next page this tab opens ('Заявление создано', then the list); shown now without storage. */
export function carryToast(kind: ToastKind, text: string, storage: ToastStorage | null = tabStorage()): void {
  if (!storage) {
    showToast(kind, text);
    return;
  }
  let carried: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CARRIED_KEY) ?? '[]');
    if (Array.isArray(parsed)) carried = parsed;
    storage.setItem(CARRIED_KEY, JSON.stringify([...carried, { kind, text, page: PAGE } satisfies Carried]));
  } catch {
    showToast(kind, text);
  }
}

/**
 * Shows the toasts carried from an earlier page once, and forgets them; the ones this page carried (it is leaving)
 * stay for the next. `page` names this page load (tests).
 */
export function showCarriedToasts(storage: ToastStorage | null = tabStorage(), page: string = PAGE): void {
  if (!storage) return;
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CARRIED_KEY) ?? '[]');
    const carried = Array.isArray(parsed) ? parsed.filter(isCarried) : [];
    const ours = carried.filter((toast) => toast.page === page);
    if (ours.length > 0) storage.setItem(CARRIED_KEY, JSON.stringify(ours));
    else storage.removeItem(CARRIED_KEY);
    for (const toast of carried) if (toast.page !== page) showToast(toast.kind, toast.text);
  } catch {
    storage.removeItem(CARRIED_KEY); // a damaged entry is dropped
  }
}

// The toast region of the next page subscribes first: that is when carried toasts appear, and when the toasts raised
// before it begin to count their 5 s.
onMount($toasts, () => {
  watched = true;
  showCarriedToasts();
  for (const toast of queue()) startHiding(toast);
  return () => {
    watched = false;
  };
});
