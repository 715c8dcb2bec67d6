import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type PersonalDataRead, recordRead } from '../personal-data/access-log.ts';
import { currentUser } from './auth.ts';
import { clientIp } from './client-ip.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Appends the caller's read of personal data to the access log (the committee's side only), once the read's answer
     * is on its way: the reader never waits for the log's commit.
     */
    personalDataRead(request: FastifyRequest, read: PersonalDataRead): void;
    /** Answers once every read recorded so far is written (or counted as failed): at shutdown, and in tests. */
    accessLogSettled(): Promise<void>;
    /** The reader's address as the access log keeps it (nginx's, behind the configured proxy). */
    readerAddress(request: FastifyRequest): string;
  }
}

/**
 * The access log's writer for the routes (docs/product.md «Personal data»): the reader's address as nginx passes it.
 * The entry is written on the turn after the read's answer was handed to the socket (`setImmediate`), so the read never
 * waits for the insert's commit (a disk sync on SQLite: about 2.5 ms here, bench figure 4), and an API process that
 * stops waits for the writes still on their way. A write that fails does not fail the read (the person at the counter
 * still gets the statement), but it is never a silent loss: it is logged as an error and counted in
 * `portal_personal_data_access_log_failures_total`, which ops alert on (docs/operations.md).
 */
export default fp<{ trustProxy: string | null }>(
  async (app, { trustProxy }) => {
    const writing = new Set<Promise<void>>();
    const guarded = async (request: FastifyRequest, write: () => Promise<void>) => {
      try {
        await write();
      } catch (error) {
        app.metrics.accessLogFailures.inc();
        request.log.error({ err: error }, 'personal data access log: the read was not recorded');
      }
    };
    app.decorate('readerAddress', (request: FastifyRequest) => clientIp(request, trustProxy));
    app.decorate('personalDataRead', (request: FastifyRequest, read: PersonalDataRead) => {
      const actor = currentUser(request);
      const address = clientIp(request, trustProxy);
      const written = new Promise<void>((resolve) => {
        setImmediate(() => {
          void guarded(request, () => recordRead(app.ctx, actor, address, read)).then(resolve);
        });
      });
      writing.add(written);
      void written.then(() => writing.delete(written));
    });
    app.decorate('accessLogSettled', async () => {
      while (writing.size > 0) await Promise.all([...writing]);
    });
    app.addHook('onClose', async () => {
      await app.accessLogSettled();
    });
  },
  { name: 'access-log', dependencies: ['context', 'portal-metrics', 'auth'] },
);
