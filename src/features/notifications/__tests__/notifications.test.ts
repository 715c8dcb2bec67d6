import { describe, expect, it, vi } from 'vitest';
import { demoOwner, errorBody, reply } from '../../../test-support/api-replies.ts';
import { $session, flush, freshStores, loadFailures, signIn } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('../../../stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), QUIET: { 'x-quiet-errors': '1' } }));

// Fresh stores for every test: the notifications are loaded once for the life of their module.
const { store, drawer } = freshStores({
  store: () => import('../stores/notifications.ts'),
  drawer: () => import('../../../stores/drawer.ts'),
});

/** This browser's localStorage (the unit tests run in Node, which has none). */
const browserStorage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => browserStorage.get(key) ?? null,
  setItem: (key: string, value: string) => void browserStorage.set(key, value),
  removeItem: (key: string) => void browserStorage.delete(key),
});

const notification = {
  id: 1,
  message: 'Заявление № 1001 взято в работу',
  dateCreate: '2024-05-05T09:00:00Z',
  route: 'statement/info/1',
};

describe('notifications', () => {
  it('load once the session is known, when first watched, and only once', async () => {
    api.GET.mockResolvedValue(reply(200, [notification]));
    const stop = store.$notifications.listen(() => {});
    await flush();
    expect(api.GET).not.toHaveBeenCalled();

    await signIn(demoOwner);
    $session.set({ status: 'authenticated', user: { ...demoOwner } });
    await flush();
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/notifications', { headers: { 'x-quiet-errors': '1' } });
    expect(store.$notifications.get()).toEqual({ status: 'ready', items: [notification], error: null });
    stop();
  });

  it('count for the bell the ones newer than the drawer last showed, and none once it opens', async () => {
    browserStorage.clear();
    const newer = { ...notification, id: 2, dateCreate: '2024-05-06T09:00:00Z' };
    api.GET.mockResolvedValue(reply(200, [newer, notification]));
    const stop = store.$notifications.listen(() => {});
    await signIn(demoOwner);
    await flush();
    expect(drawer.$unreadNotifications.get()).toBe(2);
    drawer.openNotificationsDrawer();
    expect(drawer.$unreadNotifications.get()).toBe(0);
    drawer.setNotificationsDrawerOpen(false);

    // A new one comes (a live change reloads them): one unread.
    const newest = { ...notification, id: 3, dateCreate: '2024-05-07T09:00:00Z' };
    api.GET.mockResolvedValue(reply(200, [newest, newer, notification]));
    await store.loadNotifications();
    expect(drawer.$unreadNotifications.get()).toBe(1);
    stop();
  });

  it('share one request between concurrent loads', async () => {
    api.GET.mockResolvedValue(reply(200, []));
    await Promise.all([store.loadNotifications(), store.loadNotifications(), store.loadNotifications()]);
    expect(api.GET).toHaveBeenCalledOnce();
  });

  it.each(loadFailures(api.GET, reply(501, errorBody('not_implemented', 'Не реализовано'))))(
    'after %s the list is empty and the failure recorded',
    async (_, fail) => {
      fail();
      await store.loadNotifications();
      expect(store.$notifications.get()).toEqual({
        status: 'error',
        items: [],
        error: 'Не удалось загрузить уведомления',
      });
    },
  );

  it('treat a body that is not an array as none', async () => {
    api.GET.mockResolvedValue(reply(200, { unexpected: true }));
    await store.loadNotifications();
    expect(store.$notifications.get().items).toEqual([]);
  });
});
