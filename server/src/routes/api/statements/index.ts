import type { FastifyPluginAsync } from 'fastify';
import { requestCorrection } from '../../../corrections/corrections.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { companyRemarks } from '../../../remarks/remarks.service.ts';
import {
  companyStatement,
  deleteStatement,
  listScope,
  submitStatement,
} from '../../../statements/statements.service.ts';
import { submitNewVersion } from '../../../workflow/review.ts';
import { withdrawStatement } from '../../../workflow/withdrawal.ts';
import { contractRoute } from '../../contract-route.ts';
import { statementListRoute } from '../statement-lists.ts';

/** The applicant company's statements (registered behind `requireCompanyUser`). */
const statements: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  statementListRoute(app, 'listCompanyStatements', (request) => listScope(currentUser(request), 'company'));

  contractRoute(app, 'createStatement', { status: 201 }, async (request) => {
    const user = currentUser(request);
    const { id } = await submitStatement(ctx, user, request.body);
    return companyStatement(ctx, user, id);
  });

  contractRoute(app, 'getStatement', {}, async (request) =>
    companyStatement(ctx, currentUser(request), request.params.id),
  );

  contractRoute(app, 'deleteStatement', {}, async (request, reply) => {
    await deleteStatement(ctx, currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  contractRoute(app, 'withdrawStatement', {}, async (request) => {
    const user = currentUser(request);
    await withdrawStatement(ctx, user, request.params.id, request.body);
    return companyStatement(ctx, user, request.params.id);
  });

  contractRoute(app, 'addStatementStage', { status: 201 }, async (request) => {
    const user = currentUser(request);
    await submitNewVersion(ctx, user, request.params.id, request.body);
    return companyStatement(ctx, user, request.params.id);
  });

  contractRoute(app, 'requestCorrection', { status: 201 }, async (request) => {
    const user = currentUser(request);
    await requestCorrection(ctx, user, request.params.id, request.body);
    return companyStatement(ctx, user, request.params.id);
  });

  contractRoute(app, 'listStatementRemarks', {}, async (request) =>
    companyRemarks(ctx, currentUser(request), request.params.id),
  );
};

export default statements;
