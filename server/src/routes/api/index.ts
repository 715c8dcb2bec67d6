import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { RouteScope } from '../../contract/openapi.ts';
import { registerNotImplemented } from '../contract-stubs.ts';
import adminRoutes from './admin/index.ts';
import { companyAppeals, instanceAppeals } from './appeals/index.ts';
import approvedSetRoutes, { instanceApprovedSets } from './approved-sets.ts';
import authenticationRoutes from './authentication/index.ts';
import catalogRoutes from './catalogs/index.ts';
import companyRoutes from './companies/index.ts';
import { adminReviewBodies, instanceConclusions, memberConclusions } from './conclusions/index.ts';
import employeeRoutes from './employees/index.ts';
import eventRoutes from './events/index.ts';
import fileRoutes from './files/index.ts';
import healthRoutes from './health/index.ts';
import instanceRoutes from './instance/index.ts';
import remarkTemplateRoutes from './instance/remark-templates.ts';
import teamRoutes from './instance/team.ts';
import notificationRoutes from './notifications/index.ts';
import prefileRoutes from './prefiles/index.ts';
import publicRoutes from './public/index.ts';
import registrationRoutes from './registrations/index.ts';
import ownRegistrationRoutes from './registrations/me.ts';
import statementRoutes from './statements/index.ts';
import userRoutes from './users/index.ts';

/**
 * Registers the API, deny by default: everything but the authentication calls and the public certificate check is
 * behind `authenticate`; company routes behind `requireCompanyUser`, instance routes behind `requireExaminer`
 * (owner-only routes add `requireOwner` themselves). A resource's routes register in the scope of its role.
 */
const api: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  await app.register(authenticationRoutes, { config });
  // Organisations register themselves (docs/product.md «Registration»): public, rate-limited per address.
  await app.register(registrationRoutes, { config });
  // The certificate check is public on purpose (an unguessable token, rate-limited per address).
  await app.register(publicRoutes, { config });
  // Liveness and readiness for nginx, load balancers and systemd: no login, nothing of the portal's data.
  await app.register(healthRoutes);

  await app.register(
    behind(
      'authenticate',
      [
        // The consent given again reads the client's address, as nginx passes it (`TRUST_PROXY`).
        async (scope) => {
          await scope.register(userRoutes, { config });
        },
        catalogRoutes,
        prefileRoutes,
        fileRoutes,
        approvedSetRoutes,
        notificationRoutes,
        eventRoutes,
        memberConclusions,
      ],
      {
        scope: 'signed-in',
        inner: [
          behind(
            'requireCompanyUser',
            [statementRoutes, employeeRoutes, companyRoutes, companyAppeals, ownRegistrationRoutes],
            {
              scope: 'company',
            },
          ),
          behind(
            'requireExaminer',
            [
              instanceRoutes,
              teamRoutes,
              instanceAppeals,
              remarkTemplateRoutes,
              instanceConclusions,
              instanceApprovedSets,
            ],
            {
              scope: 'examiner',
            },
          ),
          // The committee's administration (docs/product.md «Administration»): heads only.
          behind('requireHead', [adminRoutes, adminReviewBodies], { scope: 'head' }),
        ],
      },
    ),
  );
};

type ScopeHook = 'authenticate' | 'requireCompanyUser' | 'requireExaminer' | 'requireHead';

/**
 * A scope whose every route passes `hook` first: the resources' routes, then a 501 for each operation of its
 * `x-scope` still without a handler (behind the same hook), then the inner scopes, which add their own hook after
 * this one.
 */
function behind(
  hook: ScopeHook,
  resources: FastifyPluginAsync[],
  options: { scope: RouteScope; inner?: FastifyPluginAsync[] },
): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', app[hook]);
    for (const routes of resources) await app.register(routes);
    registerNotImplemented(app, options.scope);
    for (const inner of options.inner ?? []) await app.register(inner);
  };
}

export default api;
