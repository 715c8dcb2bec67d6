import type { FastifyRequest } from 'fastify';

/**
 * The path a request is about, as the router sees it: the matched route's pattern (`/api/users/me` for a request to
 * `/%61pi/users/me`, which the router decodes and routes there), or for an unmatched request its path decoded once,
 * the way the router and nginx read it. Null when the path does not decode. Decisions such as "is this the API"
 * (no-store, the JSON 404) are made on this, never on the raw URL (SECURITY.md «Input handling»).
 */
export function routedPath(request: FastifyRequest): string | null {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Paths the API server answers itself (JSON, never a page of the site): /api/ and the file downloads /files/. */
export function isApiPath(path: string | null): boolean {
  return path !== null && (path.startsWith('/api/') || path === '/api' || path.startsWith('/files/'));
}
