// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoOwner, reply } from '../../../test-support/api-replies.ts';

const api = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('../../../stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), QUIET: { 'x-quiet-errors': '1' } }));

const { $session } = await import('../../../stores/session.ts');
const { openNotificationsDrawer, setNotificationsDrawerOpen } = await import('../../../stores/drawer.ts');
const { default: NotificationsDrawer } = await import('../NotificationsDrawer.tsx');

const notifications = [
  {
    id: 2,
    message: 'Заявление № 7 «Школа» взято в работу',
    dateCreate: '2024-05-05T09:00:00',
    route: 'statement/info/7',
  },
  { id: 1, message: 'Сообщение без перехода', dateCreate: '2024-01-21T09:00:00', route: null },
];

beforeEach(() => {
  api.GET.mockResolvedValue(reply(200, notifications));
  $session.set({ status: 'authenticated', user: demoOwner });
});

afterEach(() => {
  act(() => setNotificationsDrawerOpen(false));
  cleanup();
});

describe('NotificationsDrawer', () => {
  it('opens from the drawer store and lists messages with their dates; a route becomes a link', async () => {
    render(<NotificationsDrawer />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => openNotificationsDrawer());

    // The sheet's code loads on this first opening (a cold transform under vitest).
    const drawer = await screen.findByRole('dialog', { name: 'Уведомления' }, { timeout: 10_000 });
    expect(drawer.className).toContain('dialog--sheet');
    const link = screen.getByRole('link', { name: /взято в работу/ });
    expect(link.getAttribute('href')).toBe('/statement/info/7');
    expect(link.textContent).toContain('5 Мая, 2024');
    const plain = screen.getByText('Сообщение без перехода');
    expect(plain.closest('a')).toBeNull();
    expect(plain.parentElement?.textContent).toContain('21 Января, 2024');
    expect(api.GET).toHaveBeenCalledOnce();
  });

  it("says 'Пока нет уведомлений' when there are none", async () => {
    api.GET.mockResolvedValue(reply(200, []));
    vi.resetModules();
    const fresh = await import('../../../stores/session.ts');
    fresh.$session.set({ status: 'authenticated', user: demoOwner });
    const drawer = await import('../../../stores/drawer.ts');
    const { default: FreshDrawer } = await import('../NotificationsDrawer.tsx');
    render(<FreshDrawer />);
    await act(async () => drawer.openNotificationsDrawer());
    expect(await screen.findByText('Пока нет уведомлений', {}, { timeout: 10_000 })).toBeTruthy();
    act(() => drawer.setNotificationsDrawerOpen(false));
  });
});
