import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '#domain/api-schema.d.ts';
import type { User } from '#domain/contract.ts';
import { createSessionCore, readToken, type SessionCore, type SessionCoreOptions } from './session-core.ts';

// The session core's names a client's tests reach through the client (tests/unit/api-client.test.ts).
export {
  LOGOUT_MESSAGE,
  REFRESH_LOCK_NAME,
  SESSION_CHANNEL_NAME,
  type SessionChannel,
  tokenExpiresAt,
} from './session-core.ts';

/** Request header that flags a call to pass a 401 through without refresh-and-retry; stripped before sending. */
const SKIP_AUTH_RETRY_HEADER = 'x-skip-auth-retry';
/** Headers to spread into a call's `headers` option to skip the 401 refresh-and-retry for that call. */
export const SKIP_AUTH_RETRY: Readonly<Record<string, string>> = Object.freeze({ [SKIP_AUTH_RETRY_HEADER]: '1' });
/** Request header that keeps a call's failures out of `onProblem` (loads whose failure is logged only); stripped. */
const QUIET_HEADER = 'x-quiet-errors';
/**
 * Headers to spread into a call's `headers` option when its failure must not reach the toasts (docs/product.md
 * «Failures that are only logged»).
 */
export const QUIET: Readonly<Record<string, string>> = Object.freeze({ [QUIET_HEADER]: '1' });

/** A failure the client reports by itself: no answer, no answer within the timeout, or a 5xx. */
export type ApiProblem = 'network' | 'timeout' | 'server';

const AUTH_PREFIX = '/api/authentication/';
/** Public paths (`security: []` in openapi.yaml besides authentication): no bearer, no refresh, no retry. */
const PUBLIC_PATHS = new Set(['/version.json']);
const TOKEN_PATHS = new Set(['/api/authentication/verify-email-login', '/api/authentication/refresh']);

/** Answers of a gateway in front of the API that a moment later may answer otherwise (an API process restarting). */
const RETRIED_STATUSES = new Set([502, 503, 504]);
/** The pause before the one retry of a GET (docs/product.md «Session behaviour on the site»). */
export const GET_RETRY_PAUSE_MS = 800;

/** Waits `ms`, or rejects as soon as `signal` aborts (the call's timeout or its caller). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * A fetch that sends an idempotent read (GET, HEAD) once more after a short pause when it got no answer or a
 * 502/503/504; a write is never sent twice. The retry keeps the call's signal, so its timeout still bounds both.
 */
export function retryingReads(
  fetchOnce: (request: Request) => Promise<Response>,
  pauseMs: number = GET_RETRY_PAUSE_MS,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return fetchOnce(request);
    const copy = request.clone();
    try {
      const response = await fetchOnce(request);
      if (!RETRIED_STATUSES.has(response.status)) return response;
      await response.body?.cancel().catch(() => undefined);
    } catch (error) {
      if (request.signal.aborted) throw error;
    }
    await pause(pauseMs, copy.signal);
    return fetchOnce(copy);
  };
}

/** Options of createApiClient; every field is optional and injectable for tests. */
export interface ApiClientOptions extends SessionCoreOptions {
  /** The pause before a failed GET is sent again (default GET_RETRY_PAUSE_MS). */
  retryPauseMs?: number;
  /** The session to use (token, refresh, logout); the other session options are then ignored. Default: a new one. */
  session?: SessionCore;
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
  /** The user the last successful refresh answered with, or null. */
  refreshedUser(): User | null;
  /** Token for a call made outside openapi-fetch (XHR upload): refreshes first if missing or expiring within 60 s. */
  getFreshAccessToken(): Promise<string | null>;
  /** Clears the token, optionally broadcasts 'logout' to other tabs, and navigates to /login. */
  endSession(options?: { broadcast?: boolean }): void;
  /** POST /api/authentication/logout (errors ignored), then endSession({ broadcast: true }). */
  logout(): Promise<void>;
  /** Closes the session channel (tests, hot reload). */
  dispose(): void;
}

function needsSession(path: string): boolean {
  return !path.startsWith(AUTH_PREFIX) && !PUBLIC_PATHS.has(path);
}

/**
 * Creates an API client with the session behaviour of docs/product.md «API and session» (bearer, refresh, retry,
 * timeout, logout broadcast).
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const session = options.session ?? createSessionCore(options);
  const { baseUrl, withTimeout, refreshAccessToken, endSession } = session;
  const baseFetch = retryingReads(session.fetch, options.retryPauseMs);
  const onProblem = options.onProblem;

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
      if (session.needsRefresh()) refreshFailed = !(await refreshAccessToken());
      next = withBearer(next, session.getAccessToken());
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
      if (token) session.setAccessToken(token);
      return undefined;
    }
    if (response.status !== 401 || !state || state.skipRetry || !state.retryCopy) return undefined;
    const refreshed = state.refreshFailed ? false : await refreshAccessToken();
    if (!refreshed) {
      endSession({ broadcast: true });
      return undefined;
    }
    const retry = withBearer(state.retryCopy, session.getAccessToken());
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
    getAccessToken: session.getAccessToken,
    setAccessToken: session.setAccessToken,
    refreshAccessToken,
    refreshedUser: session.refreshedUser,
    getFreshAccessToken: session.getFreshAccessToken,
    endSession,
    logout: session.logout,
    dispose: session.dispose,
  });
}
