import type { FastifyPluginAsync } from 'fastify';
import { myCompany, updateMyCompany } from '../../../companies/companies.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import {
  addPowerOfAttorney,
  listPowersOfAttorney,
  revokePowerOfAttorney,
} from '../../../powers-of-attorney/powers-of-attorney.service.ts';
import { contractRoute } from '../../contract-route.ts';

/** 'Моя компания' (behind `requireCompanyUser`; saving behind `requireOwner`). */
const companies: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'getMyCompany', {}, async (request) => myCompany(app.ctx, currentUser(request)));
  contractRoute(app, 'updateMyCompany', { onRequest: [app.requireOwner] }, async (request) =>
    updateMyCompany(app.ctx, currentUser(request), request.body),
  );
  contractRoute(app, 'listPowersOfAttorney', {}, async (request) =>
    listPowersOfAttorney(app.ctx, currentUser(request)),
  );
  contractRoute(app, 'addPowerOfAttorney', { status: 201 }, async (request) =>
    addPowerOfAttorney(app.ctx, currentUser(request), request.body),
  );
  contractRoute(app, 'revokePowerOfAttorney', { onRequest: [app.requireOwner] }, async (request) =>
    revokePowerOfAttorney(app.ctx, currentUser(request), request.params.id, request.body),
  );
};

export default companies;
