import type { FastifyPluginAsync } from 'fastify';
import { myCompany, updateMyCompany } from '../../../companies/companies.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { contractRoute } from '../../contract-route.ts';

/** 'Моя компания' (behind `requireCompanyUser`; saving behind `requireOwner`). */
const companies: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'getMyCompany', {}, async (request) => myCompany(app.ctx, currentUser(request)));
  contractRoute(app, 'updateMyCompany', { onRequest: [app.requireOwner] }, async (request) =>
    updateMyCompany(app.ctx, currentUser(request), request.body),
  );
};

export default companies;
