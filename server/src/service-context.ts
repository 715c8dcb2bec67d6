// How a process builds its service context (context.ts): the API at start (plugins/context.ts), the admin CLI, the
// demo seed's tools and the tests, each with the same rules.

import { holdingRemovalsDuringBackups } from './backup/held-removals.ts';
import type { Config } from './config.ts';
import type { ServiceContext } from './context.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import { checkerOf, type SignatureChecker } from './signatures/checker.ts';
import { createFileStore } from './storage/create-file-store.ts';
import type { FileStore } from './storage/file-store.ts';

/**
 * The context of a process (the API, the admin CLI): files where the config says (FILES_DIR or S3) unless given,
 * their removals waiting while a backup runs (docs/operations.md «Резервные копии»).
 */
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
  const now = options.now ?? (() => new Date());
  return {
    db: options.db,
    now,
    mailer: options.mailer,
    files: holdingRemovalsDuringBackups(options.files ?? createFileStore(options.config), options.db, now),
    config: options.config,
    logError: options.logError,
    signatures: options.signatures ?? checkerOf(options.config.signatures),
  };
}
