import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import { checkerOf, type SignatureChecker } from './signatures/checker.ts';
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
  /** Who checks signatures: OpenSSL with the trust store read at start (the demo's past: its shipped verdicts). */
  signatures: SignatureChecker;
}

/** The context of a process (the API, the admin CLI): files where the config says (FILES_DIR or S3) unless given. */
export function createServiceContext(options: {
  config: Config;
  db: Db;
  mailer: Mailer;
  files?: FileStore;
  now?: () => Date;
  logError: ServiceContext['logError'];
  /** The checker the start read (`openSignatureChecker`); else one that reads the trust store at its first check. */
  signatures?: SignatureChecker;
}): ServiceContext {
  return {
    db: options.db,
    now: options.now ?? (() => new Date()),
    mailer: options.mailer,
    files: options.files ?? createFileStore(options.config),
    config: options.config,
    logError: options.logError,
    signatures: options.signatures ?? checkerOf(options.config.signatures),
  };
}

/** The same context on another handle, e.g. inside a transaction. */
export function withDb(ctx: ServiceContext, db: Db): ServiceContext {
  return { ...ctx, db };
}
