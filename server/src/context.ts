// What every service takes first, as kysely's example keeps its context: types, and the one helper over them. It
// imports only types, so no room depends on another through it; a process builds its context in service-context.ts.
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SignatureChecker } from './signatures/checker.ts';
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
    | 'personalDataRetentionDays'
    | 'accessLogRetentionDays'
    | 'consentWithdrawalRetentionDays'
    | 'loginEmailLimit'
    | 'loginEmailWindowMs'
    | 'uploads'
    | 'petitionsPerCompanyPerDay'
    | 'eventStreamsPerUser'
    | 'signatures'
    | 'operator'
  >;
  /** Failures of work done after answering (mail): logged, never thrown at the caller. */
  logError: (error: unknown, what: string) => void;
  /** Who checks signatures: OpenSSL with the trust store read at start (the demo's past: its shipped verdicts). */
  signatures: SignatureChecker;
}

/** The same context on another handle, e.g. inside a transaction. */
export function withDb(ctx: ServiceContext, db: Db): ServiceContext {
  return { ...ctx, db };
}
