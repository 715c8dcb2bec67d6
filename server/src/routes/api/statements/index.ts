import type { FastifyPluginAsync } from 'fastify';
import { listCacheFor } from '../../../http/list-cache.ts';
import { currentUser } from '../../../plugins/auth.ts';
import {
  companyStatement,
  deleteStatement,
  listItems,
  listScope,
  submitNewVersion,
  submitStatement,
} from '../../../statements/statements.service.ts';
import { contractRoute } from '../../contract-route.ts';

/** The applicant company's statements (registered behind `requireCompanyUser`). */
const statements: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  // Answered from the cache while nothing the list shows has changed (docs/decisions.md
  // «Statement lists are loaded whole, and cached on the server»).
  const lists = listCacheFor(ctx);
  contractRoute(app, 'listCompanyStatements', { onSend: lists.keep }, async (request, reply) => {
    const scope = listScope(currentUser(request), 'company');
    return lists.answer(request, reply, scope, () => listItems(ctx, scope));
  });

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

  contractRoute(app, 'addStatementStage', { status: 201 }, async (request) => {
    const user = currentUser(request);
    await submitNewVersion(ctx, user, request.params.id, request.body);
    return companyStatement(ctx, user, request.params.id);
  });
};

export default statements;
