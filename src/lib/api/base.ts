// Where the API is and how long a call may wait: all a page needs to ask the public API (the version check every
// page runs, the public register), so such a page starts without the session client (session-core.ts).

/** Default per-call timeout in milliseconds (docs/product.md «Constants and limits»). */
export const REQUEST_TIMEOUT_MS = 40_000;

/** The backend origin prefix PUBLIC_API_BASE names ('' for the same origin). */
export function defaultBaseUrl(): string {
  // Read statically, as Vite's dev server and build want it; outside Vite (the e2e helpers import this module under
  // Node) there is no import.meta.env.
  return import.meta.env?.PUBLIC_API_BASE ?? '';
}

/** The backend origin prefix of the default client ('' for the same origin), for calls made outside openapi-fetch. */
export const API_BASE_URL = defaultBaseUrl().replace(/\/+$/, '');
