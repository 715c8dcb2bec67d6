import type { onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SECURITY_HEADERS } from '../site/headers.ts';
import { isApiPath, routedPath } from '../site/routed-path.ts';

/** SECURITY_HEADERS as pairs, listed once rather than on every reply. */
const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/** The security headers on every reply, and `Cache-Control: no-store` on API answers that set none. */
export default fp(
  async (app) => {
    // API answers are not stored unless a route says otherwise. Decided on the routed path: `/%61pi/users/me` is the
    // API as much as `/api/users/me` is. For a route, once when it is registered (its pattern is its routed path, and
    // reading `request.routeOptions` builds an object on every request); for a request no route matched, on its
    // decoded path (below).
    const noStore: onSendHookHandler = (_request, reply, payload, done) => {
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (isApiPath(route.url)) {
        const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
        route.onSend = [...own, noStore];
      }
    });

    // Callback hooks, not async ones: synchronous, and every request passes them.
    app.addHook('onSend', (request, reply, payload, done) => {
      for (let i = 0; i < SECURITY_HEADER_ENTRIES.length; i++) {
        const [name, value] = SECURITY_HEADER_ENTRIES[i] as [string, string];
        reply.header(name, value);
      }
      if (request.is404 && isApiPath(routedPath(request)) && !reply.hasHeader('Cache-Control')) {
        reply.header('Cache-Control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'reply-headers' },
);
