import type { FastifyPluginAsync } from 'fastify';
import {
  createEmployee,
  getEmployee,
  listEmployees,
  removeEmployee,
  updateEmployee,
} from '../../../employees/employees.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { contractRoute } from '../../contract-route.ts';

/** The people of the caller's company (behind `requireCompanyUser`; changes behind `requireOwner`). */
const employees: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const ownerOnly = { onRequest: [app.requireOwner] };

  contractRoute(app, 'listEmployees', {}, async (request) => listEmployees(ctx, currentUser(request)));
  contractRoute(app, 'getEmployee', {}, async (request) => getEmployee(ctx, currentUser(request), request.params.id));
  contractRoute(app, 'createEmployee', { ...ownerOnly, status: 201 }, async (request) =>
    createEmployee(ctx, currentUser(request), request.body),
  );
  contractRoute(app, 'updateEmployee', ownerOnly, async (request) =>
    updateEmployee(ctx, currentUser(request), request.params.id, request.body),
  );
  contractRoute(app, 'deleteEmployee', ownerOnly, async (request, reply) => {
    await removeEmployee(ctx, currentUser(request), request.params.id);
    return reply.code(204).send();
  });
};

export default employees;
