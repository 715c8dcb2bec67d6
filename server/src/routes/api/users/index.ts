import type { FastifyPluginAsync } from 'fastify';
import { unauthorized } from '../../../errors.ts';
import { toApiUser } from '../../../users/users.service.ts';

const users: FastifyPluginAsync = async (app) => {
  app.get('/api/users/me', async (request) => {
    if (!request.user) throw unauthorized();
    return toApiUser(request.user);
  });
};

export default users;
