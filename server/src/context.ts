import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import { createFileStore } from './storage/create-file-store.ts';
import type { FileStore } from './storage/file-store.ts';

/**
 * What every service takes first: `service(ctx, ...)`. Routes pass `app.ctx`; the demo seed and the admin CLI build
 * their own, so they go through the same rules as the API. `db` may be a transaction (`withDb`).
 */
export interface ServiceContext {
  db: Db;
  now: () => Date;
  mailer: Mailer;
  files: FileStore;
  config: Pick<
    Config,
    | 'jwtSecret'
    | 'publicOrigin'
    | 'production'
    | 'timeZone'
    | 'intakeTermDays'
    | 'loginEmailLimit'
    | 'loginEmailWindowMs'
    | 'uploads'
    | 'eventStreamsPerUser'
    | 'signatures'
  >;
  /** Failures of work done after answering (mail): logged, never thrown at the caller. */
  logError: (error: unknown, what: string) => void;
}

/** The context of a process (the API, the admin CLI): files where the config says (FILES_DIR or S3) unless given. */
export function createServiceContext(options: {
  config: Config;
  db: Db;
  mailer: Mailer;
  files?: FileStore;
  now?: () => Date;
  logError: ServiceContext['logError'];
}): ServiceContext {
  return {
    db: options.db,
    now: options.now ?? (() => new Date()),
    mailer: options.mailer,
    files: options.files ?? createFileStore(options.config),
    config: options.config,
    logError: options.logError,
  };
}

/** The same context on another handle, e.g. inside a transaction. */
export function withDb(ctx: ServiceContext, db: Db): ServiceContext {
  return { ...ctx, db };
}
