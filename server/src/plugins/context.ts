import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { ServiceContext } from '../context.ts';
import { createServiceContext } from '../service-context.ts';
import type { SignatureChecker } from '../signatures/checker.ts';
import type { FileStore } from '../storage/file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What services take first: `service(app.ctx, ...)`. */
    ctx: ServiceContext;
  }
}

/** Builds the service context from the shared plugins (database, mail) and the file store. */
export default fp<{ config: Config; files?: FileStore; now: () => Date; signatures?: SignatureChecker }>(
  async (app, { config, files, now, signatures }) => {
    app.decorate(
      'ctx',
      createServiceContext({
        config,
        db: app.db,
        mailer: app.mailer,
        files,
        now,
        signatures,
        logError: (error, what) => app.log.error({ err: error }, what),
      }),
    );
  },
  { name: 'context', dependencies: ['database', 'mail'] },
);
