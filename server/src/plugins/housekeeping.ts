import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { removeDeferredFiles } from '../backup/held-removals.ts';
import { remindOverdueConclusions } from '../conclusions/conclusions.service.ts';
import { sendDeadlineReminders } from '../deadlines/deadlines.service.ts';
import { trimChanges } from '../events/events.service.ts';
import { removeOrphanFiles } from '../files/files.service.ts';
import { sweepLimits } from '../limits/limits.service.ts';
import { sendPetitionDigests } from '../notifications/notifications.service.ts';
import { destroyExpiredPersonalData } from '../personal-data/destruction.ts';
import { removeStalePrefiles } from '../prefiles/prefiles.service.ts';
import { removeExpiredRegistrations } from '../registration/expiry.ts';

const EVERY_MS = 60 * 60 * 1000;
/** The mails that end gatherings of petitions go within a minute of their end. */
const DIGESTS_EVERY_MS = 60 * 1000;

/** One job: its run counted by outcome (docs/operations.md), its result logged when it did something. */
function job(app: FastifyInstance, name: string, work: Promise<unknown>, done: string, failed: string): Promise<void> {
  return work.then(
    (count) => {
      app.metrics.jobs.inc({ task: name, outcome: 'ok' });
      if (typeof count === 'number' && count > 0) app.log.info({ count }, done);
    },
    (error: unknown) => {
      app.metrics.jobs.inc({ task: name, outcome: 'failed' });
      app.log.error({ err: error }, failed);
    },
  );
}

/** One round of the scheduled work; every job runs, whichever fails. */
export async function runHousekeeping(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  await Promise.all([
    job(
      app,
      'prefile_cleanup',
      removeStalePrefiles(ctx),
      'removed unattached prefiles older than 24 h',
      'prefile cleanup failed',
    ),
    job(
      app,
      'orphan_file_cleanup',
      removeOrphanFiles(ctx),
      'removed stored files no row refers to, older than 24 h',
      'orphan file cleanup failed',
    ),
    job(
      app,
      'deferred_file_removals',
      removeDeferredFiles(ctx),
      'removed stored files whose removal waited for a backup to end',
      'deferred file removal failed',
    ),
    job(app, 'change_log_trim', trimChanges(ctx), 'trimmed the change log to a day', 'change log trim failed'),
    job(app, 'limit_sweep', sweepLimits(ctx), 'swept expired rate limit counters', 'rate limit cleanup failed'),
    job(
      app,
      'registration_expiry',
      removeExpiredRegistrations(ctx),
      'removed registrations unconfirmed or declined for 30 days, with their personal data',
      'registration expiry failed',
    ),
    job(
      app,
      'personal_data_destruction',
      destroyExpiredPersonalData(ctx).then((act) => (act === null ? 0 : 1)),
      'destroyed personal data past its term and wrote the act',
      'personal data destruction failed',
    ),
    job(
      app,
      'deadline_reminders',
      sendDeadlineReminders(ctx),
      'sent review deadline reminders',
      'deadline reminders failed',
    ),
    job(
      app,
      'conclusion_reminders',
      remindOverdueConclusions(ctx),
      'told examiners and reviewing bodies of overdue conclusions',
      'overdue conclusion reminders failed',
    ),
  ]);
}

/** The minute's scheduled work: the mails of gathered petitions whose gathering ended. */
export function runPetitionDigests(app: FastifyInstance): Promise<void> {
  return job(
    app,
    'petition_digests',
    sendPetitionDigests(app.ctx),
    'mailed gathered petitions',
    'gathered petitions mail failed',
  );
}

/**
 * Scheduled work of a running server: abandoned uploads, and stored bytes no row refers to (left by a killed
 * process), are removed after 24 h; bytes whose removal waited for a backup go once none runs; registrations unconfirmed or declined for 30 days go with their personal data;
 * review deadline reminders go to the assigned examiners, and a request for a conclusion past its term to the
 * statement's examiner and the body's members, once; every minute, petitions gathered for an examiner are mailed
 * as one when their gathering ends. Every API process may run
 * it: each removal is a conditional delete, so two processes never remove the same prefile twice or one in use, and
 * each reminder is claimed in the database before it is mailed.
 */
export default fp(
  async (app) => {
    const run = () => void runHousekeeping(app);
    let timer: NodeJS.Timeout | undefined;
    let digests: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, EVERY_MS);
      timer.unref();
      digests = setInterval(() => void runPetitionDigests(app), DIGESTS_EVERY_MS);
      digests.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(digests);
    });
  },
  { name: 'housekeeping', dependencies: ['context'] },
);
