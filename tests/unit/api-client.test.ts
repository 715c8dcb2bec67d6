import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '#domain/routes.ts';
import {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  LOGOUT_MESSAGE,
  QUIET,
  REFRESH_LOCK_NAME,
  SESSION_CHANNEL_NAME,
  type SessionChannel,
  SKIP_AUTH_RETRY,
  tokenExpiresAt,
} from '../../src/lib/api/client.ts';

const BASE = 'http://api.test';
const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

function makeToken(expMs: number, sub = '1'): string {
  const enc = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub, exp: Math.floor(expMs / 1000) })}.signature`;
}

const FRESH = makeToken(NOW + 15 * 60_000, 'fresh');
const NEW = makeToken(NOW + 15 * 60_000, 'new');

type Handler = (request: Request, body: string) => Response | Promise<Response>;

interface Recorded {
  method: string;
  path: string;
  authorization: string | null;
  credentials: RequestCredentials;
  headers: Headers;
  body: string;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Fake fetch that records every request and answers by "METHOD /path" (falls back to "/path"). */
function fakeFetch(routes: Record<string, Handler>) {
  const calls: Recorded[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const body = request.body ? await request.text() : '';
    calls.push({
      method: request.method,
      path: url.pathname,
      authorization: request.headers.get('authorization'),
      credentials: request.credentials,
      headers: request.headers,
      body,
    });
    const handler = routes[`${request.method} ${url.pathname}`] ?? routes[url.pathname];
    if (!handler) return json(404, { error: 'not_found', message: 'Не найдено' });
    return handler(request, body);
  });
  return { fetch, calls, count: (path: string) => calls.filter((c) => c.path === path).length };
}

function fakeChannel() {
  const posted: unknown[] = [];
  const listeners: Array<(event: { data: unknown }) => void> = [];
  const names: string[] = [];
  const channel: SessionChannel = {
    postMessage: (message) => posted.push(message),
    addEventListener: (_type, listener) => listeners.push(listener),
    close: () => {},
  };
  return {
    posted,
    names,
    create: (name: string) => {
      names.push(name);
      return channel;
    },
    /** Simulates a message from another tab. */
    receive: (data: unknown) => {
      for (const l of listeners) l({ data });
    },
  };
}

const me = {
  id: 1,
  fio: null,
  email: 'owner@demo.example',
  role: 'owner',
  isOwner: true,
  isHead: false,
  company: null,
  instance: null,
};

function setup(
  routes: Record<string, Handler>,
  extra: Pick<ApiClientOptions, 'timeoutMs' | 'withLock' | 'onProblem' | 'retryPauseMs'> = {},
) {
  const f = fakeFetch(routes);
  const ch = fakeChannel();
  const navigate = vi.fn();
  const client: ApiClient = createApiClient({
    fetch: f.fetch,
    baseUrl: BASE,
    navigate,
    createChannel: ch.create,
    now: () => NOW,
    retryPauseMs: 0,
    ...extra,
  });
  clients.push(client);
  return { client, ...f, ch, navigate };
}

const clients: ApiClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
  vi.useRealTimers();
});

const refreshOk: Handler = () => json(200, { access_token: NEW });
const refreshFail: Handler = () => json(401, { error: 'invalid_refresh_token', message: 'Сессия истекла' });
/** Data endpoint that accepts only the NEW token. */
const meNeedsNew: Handler = (request) =>
  request.headers.get('authorization') === `Bearer ${NEW}` ? json(200, me) : json(401, { error: 'unauthorized' });

describe('tokenExpiresAt', () => {
  it('reads exp (seconds) from a base64url payload', () => {
    expect(tokenExpiresAt(makeToken(NOW + 5000))).toBe(NOW + 5000);
    expect(tokenExpiresAt('not-a-jwt')).toBeNull();
    expect(tokenExpiresAt('a.%%%.c')).toBeNull();
  });
});

describe('api client session behaviour', () => {
  it('attaches the bearer on data calls and not on authentication calls; credentials include', async () => {
    const t = setup({
      '/api/users/me': () => json(200, me),
      '/api/authentication/start-email-login': () => new Response(null, { status: 204 }),
    });
    t.client.setAccessToken(FRESH);
    const { data } = await t.client.GET('/api/users/me');
    expect(data).toEqual(me);
    await t.client.POST('/api/authentication/start-email-login', { body: { email: 'owner@demo.example' } });

    expect(t.calls.map((c) => c.path)).toEqual(['/api/users/me', '/api/authentication/start-email-login']);
    expect(t.calls[0]?.authorization).toBe(`Bearer ${FRESH}`);
    expect(t.calls[1]?.authorization).toBeNull();
    expect(t.calls[1]?.body).toBe(JSON.stringify({ email: 'owner@demo.example' }));
    for (const c of t.calls) expect(c.credentials).toBe('include');
    expect(t.count('/api/authentication/refresh')).toBe(0);
    expect(t.ch.names).toEqual([SESSION_CHANNEL_NAME]);
  });

  it('sends the bearer to /files/{key} but makes /version.json without token or refresh', async () => {
    const t = setup({
      'POST /api/authentication/refresh': refreshOk,
      '/files/abc': () => new Response('file', { status: 200 }),
      '/version.json': () => json(200, { version: '1.2.3' }),
    });
    const { data } = await t.client.GET('/version.json');
    expect(data).toEqual({ version: '1.2.3' });
    expect(t.calls.map((c) => c.path)).toEqual(['/version.json']);
    expect(t.calls[0]?.authorization).toBeNull();
    expect(t.calls[0]?.credentials).toBe('include');

    t.client.setAccessToken(FRESH);
    await t.client.GET('/files/{key}', { params: { path: { key: 'abc' } }, parseAs: 'text' });
    expect(t.calls.at(-1)?.path).toBe('/files/abc');
    expect(t.calls.at(-1)?.authorization).toBe(`Bearer ${FRESH}`);
  });

  it('refreshes first when there is no token, and uses the new token', async () => {
    const t = setup({ 'POST /api/authentication/refresh': refreshOk, '/api/users/me': meNeedsNew });
    expect(t.client.getAccessToken()).toBeNull();
    const { data, response } = await t.client.GET('/api/users/me');
    expect(response.status).toBe(200);
    expect(data).toEqual(me);
    expect(t.calls.map((c) => c.path)).toEqual(['/api/authentication/refresh', '/api/users/me']);
    expect(t.calls[0]?.authorization).toBeNull();
    expect(t.calls[0]?.credentials).toBe('include');
    expect(t.calls[1]?.authorization).toBe(`Bearer ${NEW}`);
    expect(t.client.getAccessToken()).toBe(NEW);
  });

  it('keeps the user of the refresh answer (Session.user) for the start-up check, and nothing when absent', async () => {
    const withUser = setup({ 'POST /api/authentication/refresh': () => json(200, { access_token: NEW, user: me }) });
    expect(withUser.client.refreshedUser()).toBeNull();
    expect(await withUser.client.refreshAccessToken()).toBe(true);
    expect(withUser.client.refreshedUser()).toEqual(me);
    const without = setup({ 'POST /api/authentication/refresh': refreshOk });
    expect(await without.client.refreshAccessToken()).toBe(true);
    expect(without.client.refreshedUser()).toBeNull();
  });

  it('refreshes when the token expires within 60 s, but not with 10 minutes left', async () => {
    const t = setup({ 'POST /api/authentication/refresh': refreshOk, '/api/users/me': () => json(200, me) });
    const tenMinutes = makeToken(NOW + 10 * 60_000);
    t.client.setAccessToken(tenMinutes);
    await t.client.GET('/api/users/me');
    expect(t.count('/api/authentication/refresh')).toBe(0);
    expect(t.calls[0]?.authorization).toBe(`Bearer ${tenMinutes}`);

    t.client.setAccessToken(makeToken(NOW + 59_000));
    await t.client.GET('/api/users/me');
    expect(t.count('/api/authentication/refresh')).toBe(1);
    expect(t.calls.at(-1)?.authorization).toBe(`Bearer ${NEW}`);
  });

  it('shares one refresh between concurrent calls', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const t = setup({
      'POST /api/authentication/refresh': async () => {
        await gate;
        return json(200, { access_token: NEW });
      },
      '/api/users/me': meNeedsNew,
      '/api/catalogWorkType': () => json(200, [{ id: 1, name: 'Новое строительство', value: 'new' }]),
    });
    const a = t.client.GET('/api/users/me');
    const b = t.client.GET('/api/catalogWorkType');
    const c = t.client.refreshAccessToken();
    // The refresh is under way, and each call has gone as far as it can without it: a and b run on promises only
    // (no timer, no I/O), so once the queue of them is drained they are waiting for the refresh.
    await vi.waitFor(() => expect(t.count('/api/authentication/refresh')).toBe(1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.calls.map((call) => call.path)).toEqual(['/api/authentication/refresh']);
    release();
    const [ra, rb, rc] = await Promise.all([a, b, c]);
    expect(rc).toBe(true);
    expect(ra.response.status).toBe(200);
    expect(rb.response.status).toBe(200);
    expect(t.count('/api/authentication/refresh')).toBe(1);
    expect(t.calls.filter((x) => x.path !== '/api/authentication/refresh').map((x) => x.authorization)).toEqual([
      `Bearer ${NEW}`,
      `Bearer ${NEW}`,
    ]);
  });

  it('serializes refreshes of two tabs under one lock, so a rotated cookie is never presented twice at once', async () => {
    // One lock shared by two clients, as the Web Locks API is shared by two tabs.
    let tail: Promise<unknown> = Promise.resolve();
    const names: string[] = [];
    const withLock = <T>(name: string, task: () => Promise<T>): Promise<T> => {
      names.push(name);
      const run = tail.then(task);
      tail = run.catch(() => {});
      return run;
    };
    let inFlight = 0;
    let overlapped = false;
    const slowRefresh: Handler = async () => {
      inFlight += 1;
      if (inFlight > 1) overlapped = true;
      // Slow on purpose (an input): a window in which a second refresh outside the lock would overlap this one.
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
      return json(200, { access_token: NEW });
    };
    const tabA = setup({ 'POST /api/authentication/refresh': slowRefresh }, { withLock });
    const tabB = setup({ 'POST /api/authentication/refresh': slowRefresh }, { withLock });
    const results = await Promise.all([tabA.client.refreshAccessToken(), tabB.client.refreshAccessToken()]);
    expect(results).toEqual([true, true]);
    expect(names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
    expect(overlapped).toBe(false);
  });

  it('on 401 refreshes once and retries once with the new token, keeping the POST body', async () => {
    const t = setup({
      'POST /api/authentication/refresh': refreshOk,
      'POST /api/employees': (request, body) =>
        request.headers.get('authorization') === `Bearer ${NEW}`
          ? json(201, { id: 7, ...JSON.parse(body) })
          : json(401, { error: 'unauthorized' }),
    });
    t.client.setAccessToken(FRESH); // valid by exp, but the server rejects it (e.g. revoked)
    const employee = { fio: 'Петрова Анна Сергеевна', email: 'e@demo.example', phone: '+79990000000', position: 'ГИП' };
    const { response } = await t.client.POST('/api/employees', { body: employee });
    expect(response.status).toBe(201);
    const posts = t.calls.filter((c) => c.path === '/api/employees');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.authorization).toBe(`Bearer ${FRESH}`);
    expect(posts[1]?.authorization).toBe(`Bearer ${NEW}`);
    expect(posts[1]?.method).toBe('POST');
    expect(JSON.parse(posts[1]?.body ?? '')).toEqual(employee);
    expect(posts[1]?.body).toBe(posts[0]?.body);
    expect(posts[1]?.credentials).toBe('include');
    expect(t.count('/api/authentication/refresh')).toBe(1);
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is passed on', async () => {
    const t = setup({
      'POST /api/authentication/refresh': refreshOk,
      '/api/users/me': () => json(401, { error: 'unauthorized' }),
    });
    t.client.setAccessToken(FRESH);
    const { response, error } = await t.client.GET('/api/users/me');
    expect(response.status).toBe(401);
    expect(error).toMatchObject({ error: 'unauthorized' });
    expect(t.count('/api/users/me')).toBe(2);
    expect(t.count('/api/authentication/refresh')).toBe(1);
  });

  it('when the refresh after a 401 fails: clears the token, broadcasts logout and goes to /login', async () => {
    const t = setup({
      'POST /api/authentication/refresh': refreshFail,
      '/api/users/me': () => json(401, { error: 'unauthorized' }),
    });
    t.client.setAccessToken(FRESH);
    const { response } = await t.client.GET('/api/users/me');
    expect(response.status).toBe(401);
    expect(t.count('/api/users/me')).toBe(1);
    expect(t.count('/api/authentication/refresh')).toBe(1);
    expect(t.client.getAccessToken()).toBeNull();
    expect(t.ch.posted).toEqual([LOGOUT_MESSAGE]);
    expect(t.navigate).toHaveBeenCalledExactlyOnceWith(routes.login);
  });

  it('anonymous call: a failed pre-refresh is not repeated after the 401; session ends', async () => {
    const t = setup({
      'POST /api/authentication/refresh': refreshFail,
      '/api/users/me': (request) =>
        request.headers.has('authorization') ? json(200, me) : json(401, { error: 'unauthorized' }),
    });
    const { response } = await t.client.GET('/api/users/me');
    expect(response.status).toBe(401);
    expect(t.calls.map((c) => c.path)).toEqual(['/api/authentication/refresh', '/api/users/me']);
    expect(t.calls[1]?.authorization).toBeNull();
    expect(t.navigate).toHaveBeenCalledExactlyOnceWith('/login');
    expect(t.ch.posted).toEqual(['logout']);
  });

  it('passes a 401 from verify-email-login on unchanged, without refresh', async () => {
    const t = setup({
      'POST /api/authentication/verify-email-login': () =>
        json(401, { error: 'invalid_code', message: 'Неверный код', attempts_left: 2 }),
    });
    const { response, error } = await t.client.POST('/api/authentication/verify-email-login', {
      body: { email: 'owner@demo.example', code: '123456' },
    });
    expect(response.status).toBe(401);
    expect(error).toEqual({ error: 'invalid_code', message: 'Неверный код', attempts_left: 2 });
    expect(t.calls).toHaveLength(1);
    expect(t.calls[0]?.authorization).toBeNull();
    expect(t.navigate).not.toHaveBeenCalled();
    expect(t.ch.posted).toEqual([]);
  });

  it('stores the access token returned by verify-email-login', async () => {
    const t = setup({ 'POST /api/authentication/verify-email-login': () => json(200, { access_token: NEW }) });
    await t.client.POST('/api/authentication/verify-email-login', {
      body: { email: 'owner@demo.example', code: '123456' },
    });
    expect(t.client.getAccessToken()).toBe(NEW);
  });

  it('passes a 401 on a call flagged to skip retry, and strips the flag header', async () => {
    const t = setup({
      'POST /api/authentication/refresh': refreshOk,
      '/api/users/me': () => json(401, { error: 'unauthorized' }),
    });
    t.client.setAccessToken(FRESH);
    const { response } = await t.client.GET('/api/users/me', { headers: { ...SKIP_AUTH_RETRY } });
    expect(response.status).toBe(401);
    expect(t.calls).toHaveLength(1);
    expect(t.calls[0]?.authorization).toBe(`Bearer ${FRESH}`);
    expect(t.calls[0]?.headers.has('x-skip-auth-retry')).toBe(false);
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('aborts a call after timeoutMs and reports it as a timeout', async () => {
    vi.useFakeTimers();
    const f = fakeFetch({
      '/api/users/me': (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    });
    const onProblem = vi.fn();
    const client = createApiClient({
      fetch: f.fetch,
      baseUrl: BASE,
      navigate: vi.fn(),
      createChannel: null,
      now: () => NOW,
      timeoutMs: 5000,
      onProblem,
    });
    client.setAccessToken(FRESH);
    const call = client.GET('/api/users/me');
    const outcome = call.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(4999);
    expect(f.calls).toHaveLength(1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('TimeoutError');
    expect(onProblem).toHaveBeenCalledExactlyOnceWith(
      'timeout',
      expect.objectContaining({ schemaPath: '/api/users/me' }),
    );
  });

  it("combines the caller's signal with the timeout", async () => {
    const t = setup({
      '/api/users/me': (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    });
    t.client.setAccessToken(FRESH);
    const controller = new AbortController();
    const call = t.client.GET('/api/users/me', { signal: controller.signal });
    // Aborted while the request is on its way: the server has it.
    await vi.waitFor(() => expect(t.count('/api/users/me')).toBe(1));
    controller.abort(new Error('cancelled by caller'));
    await expect(call).rejects.toThrow('cancelled by caller');
  });

  it.each([
    ['a 5xx answer', () => json(503, { error: 'internal_error', message: 'Ошибка' }), 'server'],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'network',
    ],
  ] as const)('reports %s to onProblem, but not for a QUIET call', async (_name, handler, problem) => {
    const onProblem = vi.fn();
    const t = setup({ '/api/statements': handler }, { onProblem });
    t.client.setAccessToken(FRESH);
    await t.client.GET('/api/statements').catch(() => null);
    expect(onProblem).toHaveBeenCalledExactlyOnceWith(
      problem,
      expect.objectContaining({ schemaPath: '/api/statements' }),
    );
    onProblem.mockClear();
    await t.client.GET('/api/statements', { headers: { ...QUIET } }).catch(() => null);
    expect(onProblem).not.toHaveBeenCalled();
    expect(t.calls.at(-1)?.headers.has('x-quiet-errors')).toBe(false);
  });

  it.each([502, 503, 504])('sends a GET once more after a %i, and only once', async (status) => {
    const onProblem = vi.fn();
    let answers = 0;
    const t = setup(
      { '/api/statements': () => (answers++ === 0 ? json(status, { error: 'x' }) : json(200, [])) },
      { onProblem },
    );
    t.client.setAccessToken(FRESH);
    const { data } = await t.client.GET('/api/statements');
    expect(data).toEqual([]);
    expect(t.count('/api/statements')).toBe(2);
    expect(onProblem).not.toHaveBeenCalled();
    answers = 0;
    const again = setup({ '/api/statements': () => json(status, { error: 'x' }) }, { onProblem });
    again.client.setAccessToken(FRESH);
    await again.client.GET('/api/statements');
    expect(again.count('/api/statements')).toBe(2);
    expect(onProblem).toHaveBeenCalledExactlyOnceWith('server', expect.objectContaining({ status }));
  });

  it('sends a GET once more after a network failure, after the pause', async () => {
    vi.useFakeTimers();
    const at: number[] = [];
    const t = setup(
      {
        '/api/statements': () => {
          at.push(Date.now());
          if (at.length === 1) throw new TypeError('Failed to fetch');
          return json(200, []);
        },
      },
      { retryPauseMs: 800 },
    );
    t.client.setAccessToken(FRESH);
    const call = t.client.GET('/api/statements');
    await vi.runAllTimersAsync();
    expect((await call).data).toEqual([]);
    expect(at).toHaveLength(2);
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBe(800);
  });

  it('never sends a write twice, nor a 500 or a 4xx read', async () => {
    const t = setup({
      'POST /api/statements': () => json(503, { error: 'x' }),
      '/api/users/me': () => json(500, { error: 'internal_error' }),
    });
    t.client.setAccessToken(FRESH);
    await t.client.POST('/api/statements', { body: { objectName: 'Дом', prefileIds: [1] } });
    await t.client.GET('/api/users/me');
    await t.client.GET('/api/companies/me'); // no route: 404
    expect(t.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/statements',
      'GET /api/users/me',
      'GET /api/companies/me',
    ]);
  });

  it('does not report 4xx answers or calls the caller aborted', async () => {
    const onProblem = vi.fn();
    const t = setup(
      {
        '/api/statements': () => json(404, { error: 'not_found', message: 'Не найдено' }),
        '/api/users/me': (request) =>
          new Promise<Response>((_resolve, reject) => {
            request.signal.addEventListener('abort', () => reject(request.signal.reason));
          }),
      },
      { onProblem },
    );
    t.client.setAccessToken(FRESH);
    await t.client.GET('/api/statements');
    const controller = new AbortController();
    const call = t.client.GET('/api/users/me', { signal: controller.signal });
    // Aborted while the request is on its way: the server has it.
    await vi.waitFor(() => expect(t.count('/api/users/me')).toBe(1));
    controller.abort(new Error('cancelled by caller'));
    await expect(call).rejects.toThrow('cancelled by caller');
    expect(onProblem).not.toHaveBeenCalled();
  });

  it('getFreshAccessToken refreshes only when the token is missing or expiring', async () => {
    const t = setup({ 'POST /api/authentication/refresh': refreshOk });
    t.client.setAccessToken(FRESH);
    expect(await t.client.getFreshAccessToken()).toBe(FRESH);
    expect(t.count('/api/authentication/refresh')).toBe(0);
    t.client.setAccessToken(null);
    expect(await t.client.getFreshAccessToken()).toBe(NEW);
    expect(t.count('/api/authentication/refresh')).toBe(1);
  });

  it('logout broadcast from another tab clears the token and navigates to /login', () => {
    const t = setup({});
    t.client.setAccessToken(FRESH);
    t.ch.receive('something-else');
    expect(t.client.getAccessToken()).toBe(FRESH);
    t.ch.receive(LOGOUT_MESSAGE);
    expect(t.client.getAccessToken()).toBeNull();
    expect(t.navigate).toHaveBeenCalledExactlyOnceWith('/login');
    expect(t.ch.posted).toEqual([]); // a received logout is not re-broadcast
  });

  it('logout() posts to /api/authentication/logout, then broadcasts and navigates even if the call fails', async () => {
    const t = setup({
      'POST /api/authentication/logout': () => {
        throw new TypeError('network down');
      },
    });
    t.client.setAccessToken(FRESH);
    await t.client.logout();
    expect(t.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/authentication/logout']);
    expect(t.calls[0]?.credentials).toBe('include');
    expect(t.calls[0]?.authorization).toBeNull();
    expect(t.client.getAccessToken()).toBeNull();
    expect(t.ch.posted).toEqual([LOGOUT_MESSAGE]);
    expect(t.navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });
});
