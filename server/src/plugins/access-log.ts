import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type PersonalDataRead, recordRead } from '../personal-data/access-log.ts';
import { currentUser } from './auth.ts';
import { clientIp } from './client-ip.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Appends the caller's read of personal data to the access log (the committee's side only). */
    personalDataRead(request: FastifyRequest, read: PersonalDataRead): Promise<void>;
    /** The reader's address as the access log keeps it (nginx's, behind the configured proxy). */
    readerAddress(request: FastifyRequest): string;
  }
}

/**
 * The access log's writer for the routes (docs/product.md «Personal data»): the reader's address as nginx passes it.
 * A write that fails does not fail the read (the person at the counter still gets the statement), but it is never a
 * silent loss: it is logged as an error and counted in `portal_personal_data_access_log_failures_total`, which ops
 * alert on (docs/operations.md).
 */
export default fp<{ trustProxy: string | null }>(
  async (app, { trustProxy }) => {
    const guarded = async (request: FastifyRequest, write: () => Promise<void>) => {
      try {
        await write();
      } catch (error) {
        app.metrics.accessLogFailures.inc();
        request.log.error({ err: error }, 'personal data access log: the read was not recorded');
      }
    };
    app.decorate('readerAddress', (request: FastifyRequest) => clientIp(request, trustProxy));
    app.decorate('personalDataRead', (request: FastifyRequest, read: PersonalDataRead) =>
      guarded(request, () => recordRead(app.ctx, currentUser(request), clientIp(request, trustProxy), read)),
    );
  },
  { name: 'access-log', dependencies: ['context', 'portal-metrics', 'auth'] },
);
