import type { User } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { defaultBaseUrl, REQUEST_TIMEOUT_MS } from './base.ts';

// The session half of the API client (docs/product.md «Session behaviour on the site»): the in-memory access token, the
// single-flight refresh under a lock shared by every tab, the logout broadcast. No openapi-fetch here, so a page that
// only needs to know whether someone is signed in (the login page) starts without the typed client; client.ts builds
// the typed calls on top of this.

/** Name of the BroadcastChannel the tabs use to share session events. */
export const SESSION_CHANNEL_NAME = 'portal-session';
/** Message posted on the session channel when a tab logs out or loses its session. */
export const LOGOUT_MESSAGE = 'logout';
/**
 * The token is refreshed before a call when it expires within this many milliseconds (docs/product.md
 * «Constants and limits»).
 */
const REFRESH_MARGIN_MS = 60_000;
const REFRESH_PATH = '/api/authentication/refresh';
const LOGOUT_PATH = '/api/authentication/logout';
/** Web Lock that serializes refreshes across tabs. */
export const REFRESH_LOCK_NAME = 'portal-session-refresh';

function defaultWithLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, task) as Promise<T>) : task();
}

/** The minimal part of BroadcastChannel the client uses (injectable for tests). */
export interface SessionChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close?(): void;
}

/** Options of createSessionCore; every field is optional and injectable for tests. */
export interface SessionCoreOptions {
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
}

/** The session state of one client: token, refresh, logout. */
export interface SessionCore {
  /** The fetch every call goes through. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Backend origin prefix without a trailing slash. */
  readonly baseUrl: string;
  /** Current in-memory access token, or null. */
  getAccessToken(): string | null;
  /** Replaces the in-memory access token (null clears it). */
  setAccessToken(token: string | null): void;
  /** True when the token is missing or expires within 60 s. */
  needsRefresh(): boolean;
  /** POST /api/authentication/refresh (single-flight); stores the new token; resolves true on success. */
  refreshAccessToken(): Promise<boolean>;
  /**
   * The user the last successful refresh answered with (the contract's `Session.user`), or null: the start-up
   * check needs no `GET /api/users/me` after it. Not a secret: the token itself is never kept elsewhere.
   */
  refreshedUser(): User | null;
  /** Token for a call made outside openapi-fetch (XHR upload): refreshes first if missing or expiring within 60 s. */
  getFreshAccessToken(): Promise<string | null>;
  /** Clears the token, optionally broadcasts 'logout' to other tabs, and navigates to /login. */
  endSession(options?: { broadcast?: boolean }): void;
  /** POST /api/authentication/logout (errors ignored), then endSession({ broadcast: true }). */
  logout(): Promise<void>;
  /** Adds the per-call timeout (combined with the caller's signal) and credentials to a request. */
  withTimeout(request: Request): Request;
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

function defaultNavigate(url: string): void {
  if (typeof location === 'undefined') return;
  if (location.pathname === url) return;
  location.assign(url);
}

function defaultCreateChannel(name: string): SessionChannel | null {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return null;
  return new BroadcastChannel(name);
}

/** The `user` of a session response body (an object with a numeric id), or null. */
function readUser(body: unknown): User | null {
  if (body && typeof body === 'object' && 'user' in body) {
    const user: unknown = body.user;
    if (user && typeof user === 'object' && 'id' in user && typeof user.id === 'number') return user as User;
  }
  return null;
}

/** The `access_token` of a token response body, or null. */
export function readToken(body: unknown): string | null {
  if (body && typeof body === 'object' && 'access_token' in body && typeof body.access_token === 'string') {
    return body.access_token;
  }
  return null;
}

/** Creates the session state of a client (in-memory token, refresh, logout in every tab). */
export function createSessionCore(options: SessionCoreOptions = {}): SessionCore {
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const baseUrl = (options.baseUrl ?? defaultBaseUrl()).replace(/\/+$/, '');
  const navigate = options.navigate ?? defaultNavigate;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const createChannel = options.createChannel === undefined ? defaultCreateChannel : options.createChannel;
  const withLock = options.withLock ?? defaultWithLock;

  let accessToken: string | null = null;
  let refreshing: Promise<boolean> | null = null;
  let lastUser: User | null = null;
  let ending = false;

  const channel = createChannel ? createChannel(SESSION_CHANNEL_NAME) : null;
  channel?.addEventListener('message', (event) => {
    if (event.data === LOGOUT_MESSAGE) endSession({ broadcast: false });
  });

  function setAccessToken(token: string | null): void {
    accessToken = token;
    if (token) ending = false;
  }

  function needsRefresh(): boolean {
    if (!accessToken) return true;
    const exp = tokenExpiresAt(accessToken);
    return exp === null || exp - now() <= REFRESH_MARGIN_MS;
  }

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

  function rawPost(path: string): Promise<Response> {
    return baseFetch(withTimeout(new Request(`${baseUrl}${path}`, { method: 'POST' })));
  }

  function refreshAccessToken(): Promise<boolean> {
    if (!refreshing) {
      refreshing = (async () => {
        try {
          const response = await withLock(REFRESH_LOCK_NAME, () => rawPost(REFRESH_PATH));
          if (!response.ok) return false;
          const body: unknown = await response.json();
          const token = readToken(body);
          if (!token) return false;
          setAccessToken(token);
          lastUser = readUser(body);
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

  return {
    fetch: baseFetch,
    baseUrl,
    getAccessToken: () => accessToken,
    setAccessToken,
    needsRefresh,
    refreshAccessToken,
    refreshedUser: () => lastUser,
    getFreshAccessToken,
    endSession,
    logout,
    withTimeout,
    dispose: () => channel?.close?.(),
  };
}

/** The session of this page, shared by the default typed client (client.ts). */
export const sessionCore: SessionCore = createSessionCore();
/** Sets the in-memory access token of the default client. */
export const setAccessToken = sessionCore.setAccessToken;
/** Single-flight token refresh on the default client; resolves true on success. */
export const refreshAccessToken = sessionCore.refreshAccessToken;
/** The user the default client's last refresh answered with, or null. */
export const refreshedUser = sessionCore.refreshedUser;
/** Fresh token of the default client for XHR uploads (refreshes first when needed). */
export const getFreshAccessToken = sessionCore.getFreshAccessToken;
/** Logs out via the default client and ends the session in every tab. */
export const logout = sessionCore.logout;
