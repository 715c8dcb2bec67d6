import fp from 'fastify-plugin';
import { sendDeadlineReminders } from '../deadlines/deadlines.service.ts';
import { removeOrphanFiles } from '../files/files.service.ts';
import { sweepLimits } from '../limits/limits.service.ts';
import { removeStalePrefiles } from '../prefiles/prefiles.service.ts';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Scheduled work of a running server: abandoned uploads, and stored bytes no row refers to (left by a killed
 * process), are removed after 24 h; review deadline reminders go to the assigned examiners. Every instance may run
 * it: each removal is a conditional delete, so two instances never remove the same prefile twice or one in use, and
 * each reminder is claimed in the database before it is mailed.
 */
export default fp(
  async (app) => {
    const run = () => {
      removeStalePrefiles(app.ctx).then(
        (removed) => {
          if (removed > 0) app.log.info({ removed }, 'removed unattached prefiles older than 24 h');
        },
        (error: unknown) => app.log.error({ err: error }, 'prefile cleanup failed'),
      );
      removeOrphanFiles(app.ctx).then(
        (removed) => {
          if (removed > 0) app.log.info({ removed }, 'removed stored files no row refers to, older than 24 h');
        },
        (error: unknown) => app.log.error({ err: error }, 'orphan file cleanup failed'),
      );
      sweepLimits(app.ctx).catch((error: unknown) => app.log.error({ err: error }, 'rate limit cleanup failed'));
      sendDeadlineReminders(app.ctx).then(
        (sent) => {
          if (sent > 0) app.log.info({ sent }, 'sent review deadline reminders');
        },
        (error: unknown) => app.log.error({ err: error }, 'deadline reminders failed'),
      );
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'housekeeping', dependencies: ['context'] },
);
