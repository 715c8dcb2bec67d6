import type { FastifyPluginAsync } from 'fastify';
import { downloadApprovedSet, foreseeNotStamped } from '../../approved-sets/approved-sets.service.ts';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';

/** 'Скачать комплект': the approved set as one ZIP, to whoever may see the statement. */
const approvedSets: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'downloadApprovedSet', {}, async (request, reply) =>
    downloadApprovedSet(app.ctx, currentUser(request), request.params.id, reply),
  );
};

/** For the approval dialog: the documents an approval now would leave without a stamp (examiners). */
export const instanceApprovedSets: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'foreseeNotStamped', {}, async (request) => ({
    notStamped: await foreseeNotStamped(app.ctx, currentUser(request), request.params.id),
  }));
};

export default approvedSets;
