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
    // Counted for ops (docs/operations.md): queued, sent, failed, and what waits in the outbox since when.
    const { mails, mailOutbox } = app.metrics;
    const counted: Mailer = {
      send: (mail) =>
        mailer.send(mail).then(
          () => {
            mails.inc({ outcome: 'sent' });
          },
          (error: unknown) => {
            mails.inc({ outcome: 'failed' });
            throw error;
          },
        ),
      close: () => mailer.close(),
    };
    const deferred = deferredMailer(counted);
    const outbox: typeof deferred = {
      ...deferred,
      send(mail) {
        mails.inc({ outcome: 'queued' });
        const since = { since: Date.now() };
        mailOutbox.pending.add(since);
        const delivery = deferred.send(mail);
        const done = () => mailOutbox.pending.delete(since);
        delivery.then(done, done);
        return delivery;
      },
    };
    app.decorate('mailer', outbox);
    app.addHook('onClose', async () => outbox.close());
  },
  { name: 'mail' },
);
