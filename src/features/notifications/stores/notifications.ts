import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { Notification } from '#domain/contract.ts';
import { QUIET } from '#lib/api/client.ts';
import { api } from '#stores/api.ts';
import { $notificationsDrawerOpen, setUnreadNotifications } from '#stores/drawer.ts';
import { latestRun, sharedRun } from '#stores/load.ts';
import { $session } from '#stores/session.ts';
import { $liveChange } from '../../live/changes.ts';
import { notificationTexts } from '../texts.ts';

/** The signed-in user's notifications: loading, failed (the list is then empty), or loaded. */
export interface NotificationList {
  status: 'loading' | 'error' | 'ready';
  items: Notification[];
  /**
   * The recorded failure ('Не удалось загрузить уведомления'); never shown (docs/product.md
   * «Failures that are only logged»).
   */
  error: string | null;
}

const $list = atom<NotificationList>({ status: 'loading', items: [], error: null });

let loaded = false;

async function fetchNotifications(): Promise<void> {
  $list.set({ status: 'loading', items: $list.get().items, error: null });
  try {
    const { data, response } = await api.GET('/api/notifications', { headers: QUIET });
    if (response.ok) {
      loaded = true;
      // A body that is not an array counts as no notifications.
      $list.set({ status: 'ready', items: Array.isArray(data) ? data : [], error: null });
      return;
    }
  } catch {
    // network failure or timeout: recorded below like any other failure
  }
  $list.set({ status: 'error', items: [], error: notificationTexts.loadFailed });
}

/** Loads the notifications (GET /api/notifications); concurrent calls share one request. */
export const loadNotifications = sharedRun(fetchNotifications);

/** Loads them again after a live change: one more run after a load under way, so nothing new is missed. */
const reloadLatest = latestRun(fetchNotifications);

/**
 * When the reader last saw the notifications (opened the drawer): the newest `dateCreate` then, per user, in this
 * browser's localStorage (a time only, nothing of the messages). Newer ones make the bell's count.
 */
const SEEN_KEY = 'portal-notifications-seen:';

function seenAt(userId: number): string {
  try {
    return localStorage.getItem(SEEN_KEY + userId) ?? '';
  } catch {
    return '';
  }
}

function countUnread(): void {
  const userId = $session.get().user?.id;
  const { status, items } = $list.get();
  if (userId === undefined || status !== 'ready') return;
  if ($notificationsDrawerOpen.get()) {
    // Seen now: everything up to the newest counts as read.
    const newest =
      items
        .map((item) => item.dateCreate)
        .sort()
        .at(-1) ?? '';
    try {
      if (newest) localStorage.setItem(SEEN_KEY + userId, newest);
    } catch {
      // a disabled storage only means the count starts again on the next page
    }
    setUnreadNotifications(0);
    return;
  }
  const seen = seenAt(userId);
  setUnreadNotifications(items.filter((item) => item.dateCreate > seen).length);
}

onMount($list, () => {
  const stopUnread = [$list.listen(countUnread), $notificationsDrawerOpen.listen(countUnread)];
  const stopSession = $session.subscribe((session) => {
    // A load under way is shared, not repeated.
    if (session.status === 'authenticated' && !loaded) void loadNotifications();
  });
  const stopLive = $liveChange.listen((change) => {
    if (change && (change.notifications || change.reset) && loaded) void reloadLatest();
  });
  return () => {
    stopSession();
    stopLive();
    for (const stop of stopUnread) stop();
  };
});

/** The signed-in user's notifications, loaded once per page when first watched. */
export const $notifications: ReadableAtom<NotificationList> = $list;
