import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { createDatabase, migrateToLatest } from './db/database.ts';
import { createMailer } from './mail/mailer.ts';
import { DEMO_ACCOUNTS, ensureCatalogues, seedDemo } from './seed/demo.ts';
import { serveSite } from './site/static.ts';

/** Opens the database, migrates, seeds outside production and builds the app; `withSite` also serves dist/. */
export async function startRuntime(config: Config, withSite: boolean): Promise<FastifyInstance> {
  const db = createDatabase(config);
  await migrateToLatest(db);
  await ensureCatalogues(db);
  if (!config.production && (await seedDemo(db, config.filesDir))) {
    console.log('Демо-данные созданы. Войдите одним из адресов (код придёт в это окно, если SMTP_URL не задан):');
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.who}`);
  }
  const mailer = createMailer(config.smtpUrl, config.mailFrom);
  const app = await buildApp({
    config,
    db,
    mailer,
    logger: true,
    extra: withSite ? (instance) => serveSite(instance, config.distDir) : undefined,
  });
  app.addHook('onClose', async () => db.destroy());
  if (config.production && !config.trustProxy) {
    app.log.warn('TRUST_PROXY не задан: за nginx все клиенты будут с одного адреса и разделят лимит запросов кода');
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  return app;
}
