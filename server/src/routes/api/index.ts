import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { registerNotImplemented } from '../contract-stubs.ts';
import authenticationRoutes from './authentication/index.ts';
import catalogRoutes from './catalogs/index.ts';
import companyRoutes from './companies/index.ts';
import employeeRoutes from './employees/index.ts';
import fileRoutes from './files/index.ts';
import healthRoutes from './health/index.ts';
import instanceRoutes from './instance/index.ts';
import notificationRoutes from './notifications/index.ts';
import prefileRoutes from './prefiles/index.ts';
import publicRoutes from './public/index.ts';
import statementRoutes from './statements/index.ts';
import userRoutes from './users/index.ts';

/**
 * Registers the API, deny by default: everything but the authentication calls and the public certificate check is
 * behind `authenticate`; company routes behind `requireCompanyUser`, instance routes behind `requireExaminer`
 * (owner-only routes add `requireOwner` themselves). A resource's routes register in the scope of its role.
 */
const api: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  await app.register(authenticationRoutes, { config });
  // The certificate check is public on purpose (an unguessable token, rate-limited per address).
  await app.register(publicRoutes, { config });
  // Liveness and readiness for nginx, load balancers and systemd: no login, nothing of the portal's data.
  await app.register(healthRoutes);

  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    await signedIn.register(userRoutes);
    await signedIn.register(catalogRoutes);
    await signedIn.register(prefileRoutes);
    await signedIn.register(fileRoutes);
    await signedIn.register(notificationRoutes);
    registerNotImplemented(signedIn, ['users', 'catalogs', 'notifications', 'prefiles', 'files']);

    await signedIn.register(async (company) => {
      company.addHook('onRequest', company.requireCompanyUser);
      await company.register(statementRoutes);
      await company.register(employeeRoutes);
      await company.register(companyRoutes);
      registerNotImplemented(company, ['statements', 'employees', 'companies']);
    });

    await signedIn.register(async (examiner) => {
      examiner.addHook('onRequest', examiner.requireExaminer);
      await examiner.register(instanceRoutes);
      registerNotImplemented(examiner, ['instance']);
    });
  });
};

export default api;
