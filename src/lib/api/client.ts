import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { showToast } from '../../stores/toasts.ts';
import { routes } from '../routes.ts';
import type { paths } from './schema';

/** Name of the BroadcastChannel the tabs use to share session events. */
export const SESSION_CHANNEL_NAME = 'portal-session';
/** Message posted on the session channel when a tab logs out or loses its session. */
export const LOGOUT_MESSAGE = 'logout';
/** Default per-call timeout in milliseconds (spec §9). */
const REQUEST_TIMEOUT_MS = 40_000;
/** The token is refreshed before a call when it expires within this many milliseconds (spec §9). */
const REFRESH_MARGIN_MS = 60_000;
/** Request header that flags a call to pass a 401 through without refresh-and-retry; stripped before sending. */
const SKIP_AUTH_RETRY_HEADER = 'x-skip-auth-retry';
/** Headers to spread into a call's `headers` option to skip the 401 refresh-and-retry for that call. */
export const SKIP_AUTH_RETRY: Readonly<Record<string, string>> = Object.freeze({ [SKIP_AUTH_RETRY_HEADER]: '1' });
/** Request header that keeps a call's failures out of `onProblem` (loads whose failure is logged only); stripped. */
const QUIET_HEADER = 'x-quiet-errors';
/** Headers to spread into a call's `headers` option when its failure must not reach the toasts (spec §8). */
export const QUIET: Readonly<Record<string, string>> = Object.freeze({ [QUIET_HEADER]: '1' });

/** A failure the client reports by itself: no answer, no answer within the timeout, or a 5xx. */
export type ApiProblem = 'network' | 'timeout' | 'server';

const AUTH_PREFIX = '/api/authentication/';
/** Public paths (`security: []` in openapi.yaml besides authentication): no bearer, no refresh, no retry. */
const PUBLIC_PATHS = new Set(['/version.json']);
const REFRESH_PATH = '/api/authentication/refresh';
/** Web Lock that serializes refreshes across tabs. */
export const REFRESH_LOCK_NAME = 'portal-session-refresh';

function defaultWithLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, task) as Promise<T>) : task();
}
const LOGOUT_PATH = '/api/authentication/logout';
const TOKEN_PATHS = new Set(['/api/authentication/verify-email-login', REFRESH_PATH]);

/** The minimal part of BroadcastChannel the client uses (injectable for tests). */
export interface SessionChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close?(): void;
}

/** Options of createApiClient; every field is optional and injectable for tests. */
export interface ApiClientOptions {
  /** fetch implementation; receives a Request. Default: globalThis.fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Backend origin prefix. Default: import.meta.env.PUBLIC_API_BASE ?? ''. */
  baseUrl?: string;
  /** Navigation function. Default: location.assign (skipped when already on that path). */
  navigate?: (url: string) => void;
  /** Creates the session channel; null disables cross-tab sync. Default: new BroadcastChannel(name) in a browser. */
  createChannel?: ((name: string) => SessionChannel | null) | null;
  /** Clock in milliseconds. Default: Date.now. */
  now?: () => number;
  /** Per-call timeout in milliseconds. Default: 40000. */
  timeoutMs?: number;
  /**
   * Runs the refresh under a lock shared by every tab. Refresh tokens rotate and a replayed one revokes the session,
   * so two tabs must never present the same cookie at once. Default: the Web Locks API when available.
   */
  withLock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  /**
   * Called when a call fails without an answer or with a 5xx, unless the call is QUIET or the caller aborted it.
   * The app's client shows a toast; callers still branch on `{ data, error }` for their own message.
   */
  onProblem?: (problem: ApiProblem, info: { schemaPath: string; status?: number; error?: unknown }) => void;
}

/** The typed openapi-fetch client plus session helpers. */
export interface ApiClient extends Client<paths> {
  /** Current in-memory access token, or null. */
  getAccessToken(): string | null;
  /** Replaces the in-memory access token (null clears it). */
  setAccessToken(token: string | null): void;
  /** POST /api/authentication/refresh (single-flight); stores the new token; resolves true on success. */
  refreshAccessToken(): Promise<boolean>;
  /** Token for a call made outside openapi-fetch (XHR upload): refreshes first if missing or expiring within 60 s. */
  getFreshAccessToken(): Promise<string | null>;
  /** Clears the token, optionally broadcasts 'logout' to other tabs, and navigates to /login. */
  endSession(options?: { broadcast?: boolean }): void;
  /** POST /api/authentication/logout (errors ignored), then endSession({ broadcast: true }). */
  logout(): Promise<void>;
  /** Closes the session channel (tests, hot reload). */
  dispose(): void;
}

/** Expiry of a JWT in epoch milliseconds read from its `exp` claim, or null if it cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const payload: unknown = JSON.parse(atob(base64));
    if (payload && typeof payload === 'object' && 'exp' in payload && typeof payload.exp === 'number') {
      return payload.exp * 1000;
    }
  } catch {
    // malformed token: treated as unknown expiry
  }
  return null;
}

function defaultBaseUrl(): string {
  const meta = import.meta as { env?: Record<string, string | undefined> };
  return meta.env?.PUBLIC_API_BASE ?? '';
}

function defaultNavigate(url: string): void {
  if (typeof location === 'undefined') return;
  if (location.pathname === url) return;
  location.assign(url);
}

function defaultCreateChannel(name: string): SessionChannel | null {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return null;
  return new BroadcastChannel(name);
}

function needsSession(path: string): boolean {
  return !path.startsWith(AUTH_PREFIX) && !PUBLIC_PATHS.has(path);
}

/** Creates an API client with the session behaviour of spec §7 (bearer, refresh, retry, timeout, logout broadcast). */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const baseUrl = (options.baseUrl ?? defaultBaseUrl()).replace(/\/+$/, '');
  const navigate = options.navigate ?? defaultNavigate;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const onProblem = options.onProblem;
  const createChannel = options.createChannel === undefined ? defaultCreateChannel : options.createChannel;
  const withLock = options.withLock ?? defaultWithLock;

  let accessToken: string | null = null;
  let refreshing: Promise<boolean> | null = null;
  let ending = false;

  /** Per-call state, keyed by openapi-fetch's request id. */
  const pending = new Map<
    string,
    { retryCopy: Request | null; skipRetry: boolean; refreshFailed: boolean; quiet: boolean }
  >();

  function reportFailure(error: unknown, request: Request, schemaPath: string, quiet: boolean): void {
    if (quiet || !onProblem) return;
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      onProblem('timeout', { schemaPath, error });
      return;
    }
    if (request.signal.aborted) return; // the caller gave up: nothing to tell the user
    onProblem('network', { schemaPath, error });
  }

  const channel = createChannel ? createChannel(SESSION_CHANNEL_NAME) : null;
  channel?.addEventListener('message', (event) => {
    if (event.data === LOGOUT_MESSAGE) endSession({ broadcast: false });
  });

  function setAccessToken(token: string | null): void {
    accessToken = token;
    if (token) ending = false;
  }

  function getAccessToken(): string | null {
    return accessToken;
  }

  function needsRefresh(): boolean {
    if (!accessToken) return true;
    const exp = tokenExpiresAt(accessToken);
    return exp === null || exp - now() <= REFRESH_MARGIN_MS;
  }

  /** Adds the timeout (combined with the caller's signal) and credentials to a request. */
  function withTimeout(request: Request): Request {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException(`Request timed out after ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    (timer as unknown as { unref?: () => void }).unref?.();
    return new Request(request, {
      credentials: 'include',
      signal: AbortSignal.any([request.signal, controller.signal]),
    });
  }

  async function rawPost(path: string): Promise<Response> {
    return baseFetch(withTimeout(new Request(`${baseUrl}${path}`, { method: 'POST' })));
  }

  function readToken(body: unknown): string | null {
    if (body && typeof body === 'object' && 'access_token' in body && typeof body.access_token === 'string') {
      return body.access_token;
    }
    return null;
  }

  function refreshAccessToken(): Promise<boolean> {
    if (!refreshing) {
      refreshing = (async () => {
        try {
          const response = await withLock(REFRESH_LOCK_NAME, () => rawPost(REFRESH_PATH));
          if (!response.ok) return false;
          const token = readToken(await response.json());
          if (!token) return false;
          setAccessToken(token);
          return true;
        } catch {
          return false;
        } finally {
          refreshing = null;
        }
      })();
    }
    return refreshing;
  }

  async function getFreshAccessToken(): Promise<string | null> {
    if (needsRefresh()) await refreshAccessToken();
    return accessToken;
  }

  function endSession({ broadcast = true }: { broadcast?: boolean } = {}): void {
    accessToken = null;
    if (ending) return;
    ending = true;
    if (broadcast) {
      try {
        channel?.postMessage(LOGOUT_MESSAGE);
      } catch {
        // a closed channel must not block the logout
      }
    }
    navigate(routes.login);
  }

  async function logout(): Promise<void> {
    try {
      await rawPost(LOGOUT_PATH);
    } catch {
      // errors ignored: the local session ends anyway
    }
    endSession({ broadcast: true });
  }

  function withBearer(request: Request, token: string | null): Request {
    const headers = new Headers(request.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else headers.delete('Authorization');
    return new Request(request, { headers });
  }

  const sessionMiddleware: Middleware = {
    async onRequest({ request, schemaPath, id }) {
      const skipRetry = request.headers.has(SKIP_AUTH_RETRY_HEADER);
      const quiet = request.headers.has(QUIET_HEADER);
      let next = request;
      if (skipRetry || quiet) {
        const headers = new Headers(request.headers);
        headers.delete(SKIP_AUTH_RETRY_HEADER);
        headers.delete(QUIET_HEADER);
        next = new Request(request, { headers });
      }
      next = withTimeout(next);
      if (!needsSession(schemaPath)) {
        pending.set(id, { retryCopy: null, skipRetry: true, refreshFailed: false, quiet });
        return next;
      }

      let refreshFailed = false;
      if (needsRefresh()) refreshFailed = !(await refreshAccessToken());
      next = withBearer(next, accessToken);
      // A consumed Request cannot be re-sent: keep a copy for the one retry after a 401.
      pending.set(id, { retryCopy: skipRetry ? null : next.clone(), skipRetry, refreshFailed, quiet });
      return next;
    },

    async onResponse({ response, schemaPath, id, options }) {
      const state = pending.get(id);
      pending.delete(id);
      const quiet = state?.quiet ?? false;
      const settled = await settleResponse(response, schemaPath, state, options.fetch, quiet);
      const status = (settled ?? response).status;
      if (status >= 500 && !quiet) onProblem?.('server', { schemaPath, status });
      return settled;
    },

    onError({ error, request, schemaPath, id }) {
      const quiet = pending.get(id)?.quiet ?? false;
      pending.delete(id);
      reportFailure(error, request, schemaPath, quiet);
      return undefined;
    },
  };

  /** The session part of a response: keeps a new token, or refreshes and retries once after a 401. */
  async function settleResponse(
    response: Response,
    schemaPath: string,
    state: { retryCopy: Request | null; skipRetry: boolean; refreshFailed: boolean } | undefined,
    fetchAgain: (request: Request) => Promise<Response>,
    quiet: boolean,
  ): Promise<Response | undefined> {
    if (TOKEN_PATHS.has(schemaPath) && response.ok) {
      const token = readToken(
        await response
          .clone()
          .json()
          .catch(() => null),
      );
      if (token) setAccessToken(token);
      return undefined;
    }
    if (response.status !== 401 || !state || state.skipRetry || !state.retryCopy) return undefined;
    const refreshed = state.refreshFailed ? false : await refreshAccessToken();
    if (!refreshed) {
      endSession({ broadcast: true });
      return undefined;
    }
    const retry = withBearer(state.retryCopy, accessToken);
    try {
      return await fetchAgain(retry);
    } catch (error) {
      reportFailure(error, retry, schemaPath, quiet);
      throw error;
    }
  }

  const client = createClient<paths>({
    baseUrl,
    credentials: 'include',
    fetch: (input: Request) => baseFetch(input),
  });
  client.use(sessionMiddleware);

  return Object.assign(client, {
    getAccessToken,
    setAccessToken,
    refreshAccessToken,
    getFreshAccessToken,
    endSession,
    logout,
    dispose: () => channel?.close?.(),
  });
}

/** Toast texts of the failures the client reports by itself. */
const problemTexts: Readonly<Record<ApiProblem, string>> = {
  network: 'Нет связи с сервером. Проверьте подключение к интернету.',
  timeout: 'Сервер не ответил вовремя. Попробуйте ещё раз.',
  server: 'Ошибка на сервере. Попробуйте ещё раз позже.',
};

/** The backend origin prefix of the default client ('' for the same origin), for calls made outside openapi-fetch. */
export const API_BASE_URL = defaultBaseUrl().replace(/\/+$/, '');

/** The app's default client instance; its transport failures and 5xx go to the toasts. */
export const api: ApiClient = createApiClient({ onProblem: (problem) => showToast('error', problemTexts[problem]) });
/** Sets the in-memory access token of the default client. */
export const setAccessToken = api.setAccessToken;
/** Single-flight token refresh on the default client; resolves true on success. */
export const refreshAccessToken = api.refreshAccessToken;
/** Fresh token of the default client for XHR uploads (refreshes first when needed). */
export const getFreshAccessToken = api.getFreshAccessToken;
/** Logs out via the default client and ends the session in every tab. */
export const logout = api.logout;
