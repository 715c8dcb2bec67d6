import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoExaminer, demoOwner, errorBody, reply } from '../../test-support/api-replies.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn() }));
const client = vi.hoisted(() => ({
  refreshAccessToken: vi.fn(),
  refreshedUser: vi.fn((): unknown => null),
  logout: vi.fn(),
  setAccessToken: vi.fn(),
}));
vi.mock('../../stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), ...client }));
vi.mock('../../lib/api/session-core.ts', () => client);

const session = await import('../session.ts');
const { $isOwner, $session, $sessionSettled, $user, initSession, logoutUser, resetSessionForTests } = session;
const { $toasts } = await import('../toasts.ts');

const owner = demoOwner;
const examiner = demoExaminer;

beforeEach(() => {
  vi.clearAllMocks();
  resetSessionForTests();
  $toasts.set([]);
});

describe('$sessionSettled', () => {
  it.each([
    ['idle', false],
    ['loading', false],
    ['authenticated', true],
    ['anonymous', true],
    ['error', true],
  ] as const)('%s -> %s', (status, settled) => {
    $session.set({ status, user: null });
    expect($sessionSettled.get()).toBe(settled);
  });
});

describe('initSession', () => {
  it('takes the user from the refresh answer: one call, no GET /api/users/me', async () => {
    client.refreshAccessToken.mockResolvedValueOnce(true);
    client.refreshedUser.mockReturnValueOnce(owner);
    await initSession();
    expect($session.get()).toEqual({ status: 'authenticated', user: owner });
    expect($isOwner.get()).toBe(true);
    expect(api.GET).not.toHaveBeenCalled();
  });

  it('asks for the profile when the refresh answer has no user', async () => {
    client.refreshAccessToken.mockResolvedValueOnce(true);
    api.GET.mockResolvedValueOnce(reply(200, examiner));
    await initSession();
    expect(api.GET).toHaveBeenCalledWith('/api/users/me');
    expect($session.get()).toEqual({ status: 'authenticated', user: examiner });
  });

  it('refreshes silently, loads the user and derives the flags', async () => {
    client.refreshAccessToken.mockResolvedValueOnce(true);
    api.GET.mockResolvedValueOnce(reply(200, owner));
    const pending = initSession();
    expect($session.get().status).toBe('loading');
    await pending;
    expect($session.get()).toEqual({ status: 'authenticated', user: owner });
    expect($user.get()).toEqual(owner);
    expect($isOwner.get()).toBe(true);
    expect($sessionSettled.get()).toBe(true);
  });

  it('derives the examiner flags', async () => {
    client.refreshAccessToken.mockResolvedValueOnce(true);
    api.GET.mockResolvedValueOnce(reply(200, examiner));
    await initSession();
    expect($isOwner.get()).toBe(false);
  });

  it('runs once per page', async () => {
    client.refreshAccessToken.mockResolvedValue(true);
    api.GET.mockResolvedValue(reply(200, owner));
    await Promise.all([initSession(), initSession()]);
    await initSession();
    expect(client.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(api.GET).toHaveBeenCalledTimes(1);
  });

  it('is anonymous when the refresh fails, without asking for the profile', async () => {
    client.refreshAccessToken.mockResolvedValueOnce(false);
    await initSession();
    expect($session.get()).toEqual({ status: 'anonymous', user: null });
    expect(api.GET).not.toHaveBeenCalled();
  });

  it('is anonymous when the profile answers 401', async () => {
    client.refreshAccessToken.mockResolvedValueOnce(true);
    api.GET.mockResolvedValueOnce(reply(401, errorBody('unauthorized', '')));
    await initSession();
    expect($session.get().status).toBe('anonymous');
    expect($toasts.get()).toEqual([]);
  });

  it('is an error with a toast when the profile fails to load', async () => {
    client.refreshAccessToken.mockResolvedValueOnce(true);
    api.GET.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await initSession();
    expect($session.get()).toEqual({ status: 'error', user: null });
    expect($toasts.get().map((t) => t.text)).toEqual(['Не удалось загрузить данные пользователя']);
  });
});

describe('logoutUser', () => {
  it('logs out through the client and forgets the user', async () => {
    client.refreshAccessToken.mockResolvedValueOnce(true);
    api.GET.mockResolvedValueOnce(reply(200, owner));
    await initSession();
    client.logout.mockResolvedValueOnce(undefined);
    await logoutUser();
    expect(client.logout).toHaveBeenCalledTimes(1);
    expect($session.get()).toEqual({ status: 'anonymous', user: null });
  });
});
