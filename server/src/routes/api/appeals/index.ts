import type { FastifyPluginAsync } from 'fastify';
import { appealsRegister, decideAppeal, fileAppeal } from '../../../appeals/appeals.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { contractRoute } from '../../contract-route.ts';

/** Filing an appeal (registered behind `requireCompanyUser`). */
export const companyAppeals: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'fileAppeal', { status: 201 }, async (request) =>
    fileAppeal(app.ctx, currentUser(request), request.params.id, request.body),
  );
};

/** The head's register and decisions (registered behind `requireExaminer`; the service asks for the head). */
export const instanceAppeals: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'getAppealsRegister', {}, async (request) => appealsRegister(app.ctx, currentUser(request)));
  contractRoute(app, 'decideAppeal', {}, async (request) =>
    decideAppeal(app.ctx, currentUser(request), request.params.id, request.body),
  );
};
