import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../../../plugins/auth.ts';
import { statementCounters } from '../../../statements/statements.service.ts';
import { toApiUser } from '../../../users/users.service.ts';
import { contractRoute } from '../../contract-route.ts';

const users: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'getCurrentUser', {}, async (request) => toApiUser(currentUser(request)));
  contractRoute(app, 'getStatementCounters', {}, async (request) => statementCounters(app.ctx, currentUser(request)));
};

export default users;
