import { atom } from 'nanostores';

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
