import type { FastifyPluginAsync } from 'fastify';
import { saveRemarkAsTemplate } from '../../../administration/catalogs-admin.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { examinerRemarkTemplates } from '../../../remarks/remark-templates.service.ts';
import { contractRoute } from '../../contract-route.ts';

/** Remark templates for the examiners' remark form (registered behind `requireExaminer`, docs/product.md «Administration»). */
const remarkTemplates: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  contractRoute(app, 'listRemarkTemplates', {}, async (request) =>
    examinerRemarkTemplates(ctx, currentUser(request), request.query),
  );
  contractRoute(app, 'createRemarkTemplate', { status: 201 }, async (request) =>
    saveRemarkAsTemplate(ctx, currentUser(request), request.body),
  );
};

export default remarkTemplates;
