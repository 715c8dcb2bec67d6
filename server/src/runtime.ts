import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { resumeApprovedSets } from './approved-sets/approved-sets.service.ts';
import { ensureCatalogues } from './catalogs/catalogs.service.ts';
import type { Config } from './config.ts';
import { compileValidatorsAhead } from './contract/validation.ts';
import { API_APPLICATION_NAME, createDatabase, migrateToLatest, withStartLock } from './db/database.ts';
import { createMailer } from './mail/mailer.ts';
import { createMetrics, startMetricsServer } from './metrics/metrics.ts';
import { DEMO_ACCOUNTS, seedDemo } from './seed/demo.ts';
import { openSignatureChecker } from './signatures/checker.ts';
import { serveSite } from './site/static.ts';
import { findUsersByEmails } from './users/users.service.ts';

/** Opens the database, migrates, seeds outside production and builds the app; `withSite` also serves dist/. */
export async function startRuntime(config: Config, withSite: boolean): Promise<FastifyInstance> {
  // Signatures first: a trust directory with a wrong file, or no GOST where signatures are a must, stops the start
  // before anything is opened.
  const signatures = await openSignatureChecker(config.signatures, config.production);
  // Queries are timed only where metrics are collected (METRICS_PORT).
  const metrics = createMetrics();
  metrics.signatureCheck.available = signatures.state.available;
  if (signatures.state.available) {
    metrics.signatureCheck.source = signatures.state.source;
    metrics.signatureCheck.crls = signatures.state.crls;
  }
  const db = createDatabase({
    ...config,
    onQuery: config.metrics ? metrics.observeQuery : undefined,
    applicationName: API_APPLICATION_NAME,
  });
  await migrateToLatest(db);
  // The catalogues and the demo seed are written under the migrations' lock: API processes starting at once on one empty
  // database write them once.
  await withStartLock(db, () => ensureCatalogues(db));
  const mailer = createMailer(config.smtpUrl, config.mailFrom);
  const app = await buildApp({
    config,
    db,
    mailer,
    logger: true,
    housekeeping: true,
    metrics,
    signatures: signatures.checker,
    extra: withSite ? (app) => serveSite(app, config.distDir) : undefined,
  });
  app.addHook('onClose', async () => db.destroy());
  if (config.metrics) {
    const metricsServer = await startMetricsServer(app.metrics, config.metrics.host, config.metrics.port);
    app.addHook('onClose', async () => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
    app.log.info({ metrics: `http://${config.metrics.host}:${config.metrics.port}/metrics` }, 'metrics listener');
  }
  app.log.info({ files: app.ctx.files.description }, 'file store');
  if (signatures.state.available) app.log.info({ signatures: signatures.state }, signatures.line);
  else console.warn(signatures.line);
  if (!config.production) {
    const seeded = await withStartLock(db, () => seedDemo(app.ctx));
    const present = await findUsersByEmails(
      db,
      DEMO_ACCOUNTS.map((account) => account.email),
    );
    if (present.length > 0) {
      console.log(
        `${seeded ? 'Демо-данные созданы. ' : ''}Демо-входы (код придёт ${config.smtpUrl ? 'по SMTP' : 'в это окно: SMTP_URL не задан'}):`,
      );
      for (const account of DEMO_ACCOUNTS) {
        if (present.includes(account.email)) console.log(`  ${account.email.padEnd(24)} ${account.who}`);
      }
    }
  }
  // An approval whose set a stopped process did not finish is stamped now, in the background.
  void resumeApprovedSets(app.ctx);
  if (config.production && !config.trustProxy) {
    app.log.warn('TRUST_PROXY не задан: за nginx все клиенты будут с одного адреса и разделят лимит запросов кода');
  }
  // SIGHUP (`systemctl reload`) reads the trust directory again: a new CRL or authority counts from the next check,
  // without a restart; a folder the start would refuse is logged and the store in use stays.
  process.on('SIGHUP', () => {
    signatures.checker.reload().then(
      (state) => {
        if (state.available) metrics.signatureCheck.crls = state.crls;
        app.log.info({ signatures: state }, 'Список доверия электронных подписей перечитан');
      },
      (error: unknown) =>
        app.log.error(
          { err: error },
          'Список доверия электронных подписей не перечитан, проверка идёт по прежнему: исправьте SIGNATURE_TRUST_DIR',
        ),
    );
  });
  // Graceful shutdown: stop accepting, let requests in flight finish (Fastify's close() waits for them; idle
  // keep-alive sockets are closed at once, see app.ts), then the onClose hooks close the database; exit 0. A second
  // signal while waiting ends the process at once.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down: finishing requests in flight');
      process.once(signal, () => process.exit(1));
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  // The contract's validators are compiled at their first call (contract/validation.ts); the rest now, between
  // requests, so no later request waits for its route's.
  compileValidatorsAhead().catch((error: unknown) => app.log.error({ err: error }, 'contract validators'));
  return app;
}

/** Start-up failures end the process with one clear line instead of a stack trace. */
export function failStart(error: unknown): never {
  const code = (error as { code?: string }).code;
  const message =
    code === 'EADDRINUSE'
      ? 'порт уже занят (задайте другой в PORT)'
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`Не удалось запустить портал: ${message}`);
  process.exit(1);
}
