import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessTokenUser } from '../auth/tokens.ts';
import { apiError } from '../errors.ts';
import { requireCompanyUser, requireExaminer, requireHead, requireOwner } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { findUserById } from '../users/users.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for data routes: 401 unless a valid bearer token of an active user is presented. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Role guards, applied per route scope after `authenticate` (403 for other roles). */
    requireCompanyUser: (request: FastifyRequest) => Promise<void>;
    requireOwner: (request: FastifyRequest) => Promise<void>;
    requireExaminer: (request: FastifyRequest) => Promise<void>;
    /** The committee's head only (the administration, docs/product.md «Administration»). */
    requireHead: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
}

/** The user `authenticate` put on the request; a route outside an authenticated scope is a programming error. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw apiError('unauthorized');
  return request.user;
}

/** A role guard of users/guards.ts as an onRequest hook: it throws its 403 for another role. */
function guardHook(guard: (actor: UserRow) => unknown): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    guard(currentUser(request));
  };
}

/** Bearer authentication, and the role guards of users/guards.ts as the route scopes' hooks. */
export default fp<{ jwtSecret: string }>(
  async (app, { jwtSecret }) => {
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      // The scheme is case-insensitive and may be followed by several spaces (RFC 9110 §11.1, RFC 6750 §2.1).
      const match = /^bearer +([A-Za-z0-9._~+/=-]+)$/i.exec(header);
      const userId = match?.[1] ? accessTokenUser(jwtSecret, match[1]) : null;
      // A removed user's token dies with them: findUserById sees active users only.
      const user = userId === null ? undefined : await findUserById(app.db, userId);
      if (!user) throw apiError('unauthorized');
      // The request's log lines name who made it (http/request-log.ts, docs/operations.md); never the token.
      request.user = user;
    });
    app.decorate('requireCompanyUser', guardHook(requireCompanyUser));
    app.decorate('requireOwner', guardHook(requireOwner));
    app.decorate('requireExaminer', guardHook(requireExaminer));
    app.decorate('requireHead', guardHook(requireHead));
  },
  { name: 'auth', dependencies: ['database'] },
);
