import fp from 'fastify-plugin';
import type { Mailer } from '../mail/mailer.ts';
import { deferredMailer } from '../mail/outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends after the current answer has gone out (see deferredMailer); closing lets queued mail leave first. */
    mailer: Mailer;
  }
}

export default fp<{ mailer: Mailer }>(
  async (app, { mailer }) => {
    const outbox = deferredMailer(mailer);
    app.decorate('mailer', outbox);
    app.addHook('onClose', async () => outbox.close());
  },
  { name: 'mail' },
);
