import type { FastifyPluginAsync } from 'fastify';
import { issueCheckToken } from '../../../certificates/certificates.service.ts';
import { listCacheFor } from '../../../http/list-cache.ts';
import { currentUser } from '../../../plugins/auth.ts';
import {
  examinerStatement,
  listItems,
  listScope,
  replyToStatement,
  takeIntoWork,
} from '../../../statements/statements.service.ts';
import { examinerProfile, updateExaminerProfile } from '../../../users/users.service.ts';
import { contractRoute } from '../../contract-route.ts';

/** The committee's side (registered behind `requireExaminer`). */
const instance: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  // Lists are answered from the cache while nothing they show has changed (docs/decisions.md
  // «Statement lists are loaded whole, and cached on the server»).
  const lists = listCacheFor(ctx);
  contractRoute(app, 'listAllInstanceStatements', { onSend: lists.keep }, async (request, reply) => {
    const { status } = request.query;
    const scope = { ...listScope(currentUser(request), 'all'), ...(status === undefined ? {} : { status }) };
    return lists.answer(request, reply, scope, () => listItems(ctx, scope));
  });
  contractRoute(app, 'listMyInstanceStatements', { onSend: lists.keep }, async (request, reply) => {
    const scope = listScope(currentUser(request), 'mine');
    return lists.answer(request, reply, scope, () => listItems(ctx, scope));
  });
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
