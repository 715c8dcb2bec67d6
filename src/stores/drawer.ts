import { atom, type ReadableAtom } from 'nanostores';

/**
 * Whether the notifications drawer is open. The bell (statements list) and the drawer (notifications) are in
 * different features, which never import each other, so they meet here.
 */
export const $notificationsDrawerOpen = atom(false);

/** Opens the notifications drawer (the bell). */
export function openNotificationsDrawer(): void {
  $notificationsDrawerOpen.set(true);
}

/** Opens or closes the notifications drawer (the drawer itself: Escape, close button, backdrop). */
export function setNotificationsDrawerOpen(open: boolean): void {
  $notificationsDrawerOpen.set(open);
}

const $unread = atom(0);

/**
 * How many notifications came since the reader last opened the drawer (the bell's badge). The notifications feature
 * counts them; the bell (statements list) shows them.
 */
export const $unreadNotifications: ReadableAtom<number> = $unread;

/** Sets the bell's count (the notifications feature). */
export function setUnreadNotifications(count: number): void {
  $unread.set(count);
}
