import type { FastifyPluginAsync } from 'fastify';
import { contentDisposition } from '../../../files/files.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { confirmRegistration, registrationStatement } from '../../../registration/confirmation.ts';
import { contractRoute } from '../../contract-route.ts';

/**
 * A waiting registration confirmed at once by the head's qualified signature (docs/product.md «Registration»): the
 * statement to sign and the signature's upload; the owner's (behind `requireCompanyUser` and `requireOwner`).
 */
const ownRegistration: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'downloadRegistrationStatement', { onRequest: [app.requireOwner] }, async (request, reply) => {
    const statement = await registrationStatement(app.ctx, currentUser(request));
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(statement.name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(statement.bytes));
  });
  contractRoute(app, 'confirmRegistration', { onRequest: [app.requireOwner] }, async (request) =>
    confirmRegistration(app.ctx, currentUser(request), request.body),
  );
};

export default ownRegistration;
