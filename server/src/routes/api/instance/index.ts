import type { FastifyPluginAsync } from 'fastify';
import { issueCheckToken } from '../../../certificates/certificates.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import {
  examinerStatement,
  listScope,
  replyToStatement,
  takeIntoWork,
} from '../../../statements/statements.service.ts';
import { examinerProfile, updateExaminerProfile } from '../../../users/users.service.ts';
import { contractRoute } from '../../contract-route.ts';
import { statementListRoute } from '../statement-lists.ts';

/** The committee's side (registered behind `requireExaminer`). */
const instance: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  statementListRoute(app, 'listAllInstanceStatements', (request) => {
    const { status } = request.query;
    return { ...listScope(currentUser(request), 'all'), ...(status === undefined ? {} : { status }) };
  });
  statementListRoute(app, 'listMyInstanceStatements', (request) => listScope(currentUser(request), 'mine'));
  contractRoute(app, 'getInstanceStatement', {}, async (request) =>
    examinerStatement(ctx, currentUser(request), request.params.id),
  );

  contractRoute(app, 'startWorkOnStatement', {}, async (request) => {
    const user = currentUser(request);
    await takeIntoWork(ctx, user, request.body.id);
    return examinerStatement(ctx, user, request.body.id);
  });

  contractRoute(app, 'addInstanceStage', { status: 201 }, async (request) => {
    const user = currentUser(request);
    await replyToStatement(ctx, user, request.params.id, request.body);
    return examinerStatement(ctx, user, request.params.id);
  });

  contractRoute(app, 'issueCertificateCheck', {}, async (request) =>
    issueCheckToken(ctx, currentUser(request), request.params.id),
  );

  contractRoute(app, 'getInstanceProfile', {}, async (request) => examinerProfile(currentUser(request)));
  contractRoute(app, 'updateInstanceProfile', {}, async (request) =>
    updateExaminerProfile(ctx, currentUser(request), request.body),
  );
};

export default instance;
