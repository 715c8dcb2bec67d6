import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../../../plugins/auth.ts';
import { toApiUser } from '../../../users/users.service.ts';
import { contractRoute } from '../../contract-route.ts';

const users: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'getCurrentUser', {}, async (request) => toApiUser(currentUser(request)));
};

export default users;
