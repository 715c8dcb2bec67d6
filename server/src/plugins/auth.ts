import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { verifyAccessToken } from '../auth/tokens.ts';
import { unauthorized } from '../errors.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for data routes: 401 unless a valid bearer token of an existing user is presented. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    jwtSecret: string;
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
}

export default fp<{ jwtSecret: string }>(
  async (app, { jwtSecret }) => {
    app.decorate('jwtSecret', jwtSecret);
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
      const userId = match?.[1] ? await verifyAccessToken(jwtSecret, match[1]) : null;
      const user = userId === null ? undefined : await findUserById(app.db, userId);
      if (!user) throw unauthorized();
      request.user = user;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
