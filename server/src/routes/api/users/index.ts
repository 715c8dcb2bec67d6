import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../../config.ts';
import { apiUserOf, giveConsent } from '../../../personal-data/consent.ts';
import { withdrawOwnConsent } from '../../../personal-data/withdrawal.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { clientIp } from '../../../plugins/client-ip.ts';
import { statementCounters } from '../../../statements/statements.service.ts';
import { contractRoute } from '../../contract-route.ts';

const users: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  contractRoute(app, 'getCurrentUser', {}, async (request) => apiUserOf(app.ctx, currentUser(request)));
  contractRoute(app, 'getStatementCounters', {}, async (request) => statementCounters(app.ctx, currentUser(request)));
  // The consent to the processing of personal data, given again after a new version (docs/product.md «Personal data»).
  contractRoute(app, 'giveConsent', {}, async (request) =>
    giveConsent(app.ctx, currentUser(request), request.body, clientIp(request, config.trustProxy)),
  );
  // Its withdrawal: the account closes at once; the client then logs out.
  contractRoute(app, 'withdrawConsent', {}, async (request, reply) => {
    await withdrawOwnConsent(app.ctx, currentUser(request), request.body);
    return reply.code(204).send();
  });
};

export default users;
