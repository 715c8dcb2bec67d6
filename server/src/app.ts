import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { apiError } from './errors.ts';
import compressionPlugin from './http/compression.ts';
import { installContractHandling } from './http/contract-handling.ts';
import { answerClientError, answerFrameworkError } from './http/errors.ts';
import lingeringClosePlugin from './http/lingering-close.ts';
import replyHeadersPlugin from './http/reply-headers.ts';
import { attachRequestLog, requestLogFactory } from './http/request-log.ts';
import slowBodiesPlugin from './http/slow-bodies.ts';
import { sameAddress } from './limits/address-bucket.ts';
import type { Mailer } from './mail/mailer.ts';
import { createMetrics, metricsPlugin, type PortalMetrics } from './metrics/metrics.ts';
import accessLogPlugin from './plugins/access-log.ts';
import authPlugin from './plugins/auth.ts';
import contextPlugin from './plugins/context.ts';
import databasePlugin from './plugins/database.ts';
import housekeepingPlugin from './plugins/housekeeping.ts';
import listCachePlugin from './plugins/list-cache.ts';
import liveEventsPlugin from './plugins/live-events.ts';
import loginEmailPlugin from './plugins/login-email.ts';
import mailPlugin from './plugins/mail.ts';
import noNulPlugin from './plugins/no-nul.ts';
import proxyWarningPlugin from './plugins/proxy-warning.ts';
import apiRoutes from './routes/api/index.ts';
import { contractRoute } from './routes/contract-route.ts';
import type { SignatureChecker } from './signatures/checker.ts';
import { deployedVersion } from './site/version.ts';
import type { FileStore } from './storage/file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Where file bytes live; a directory under FILES_DIR by default. */
  files?: FileStore;
  now?: () => Date;
  logger?: boolean;
  /** Where the log lines go instead of stdout, at info level (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Run scheduled work (removing abandoned uploads); on for a serving process, off in tests. */
  housekeeping?: boolean;
  /** Where the app's metrics are recorded (a registry of its own by default). */
  metrics?: PortalMetrics;
  /** Who checks signatures (the start's `openSignatureChecker`); by default one reading the trust store when first asked. */
  signatures?: SignatureChecker;
  /** Registered last, e.g. the static site for `npm start`. */
  extra?: (app: FastifyInstance) => Promise<void>;
}

/** A request id nginx may send (its `$request_id` is 32 hex digits): letters, digits, '-', '_', at most 64. */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The request's id: nginx's `X-Request-Id` when the request comes from the configured proxy (TRUST_PROXY), so one id
 * follows a request from nginx's log to the API's; a new one otherwise, so a client reaching the API directly cannot
 * name its requests in the logs.
 */
function requestIdFrom(trustProxy: string | null): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers['x-request-id'];
    const fromProxy = trustProxy !== null && sameAddress(request.socket.remoteAddress ?? '', trustProxy);
    return fromProxy && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID().replaceAll('-', '');
  };
}

/** Builds the API: external plugins, then our plugins, then routes (fastify/demo's order). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const logger = options.logStream
    ? { level: 'info', stream: options.logStream }
    : options.logger
      ? { level: config.production ? 'info' : 'warn' }
      : false;
  const app = Fastify({
    logger,
    // Requests are logged by nginx (log_format portal: time, upstream, upstream time); the API logs what went wrong,
    // not two lines per request (they cost every request in production).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Graceful shutdown: close() stops accepting, answers 503 to requests arriving on open connections, closes idle
    // keep-alive sockets at once and waits for requests in flight (an upload in progress completes).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Node would answer an HTTP/1.1 request without Host with a bare 400 of its own; the hook below answers it as
    // every other error (our headers, our body).
    // Headers must arrive within 15 s (Node's default is a minute); bodies have a minimum rate (http/slow-bodies.ts).
    http: { requireHostHeader: false, headersTimeout: 15_000 },
    // One id per request from nginx's `$request_id` (X-Request-Id) to the API's log lines and back in the answer;
    // a missing or malformed one is made here (docs/operations.md).
    genReqId: requestIdFrom(config.trustProxy),
    // Every log line of a request names its id, route template and user (docs/operations.md); the logger that adds
    // them is made only when a line is written (http/request-log.ts). Without a logger Fastify makes none.
    ...(logger ? { childLoggerFactory: requestLogFactory } : {}),
  });
  // Callback hooks, not async ones: synchronous, and every request passes them.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    attachRequestLog(request);
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      done(apiError('bad_request', 'В запросе нет заголовка Host'));
      return;
    }
    done();
  });
  // A slow request is one warn line with its id, route, user, status and time, in every environment: the operator
  // finds it by the id nginx logged (docs/operations.md).
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.elapsedTime >= config.slowRequestMs) {
      request.log.warn({ status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'slow request');
    }
    done();
  });
  // Every route is listed for the access test, which fails on a route the authorization matrix lacks.
  const registered: Array<{ method: string; url: string }> = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') registered.push({ method, url: route.url });
  });

  // Collected only where something scrapes them (METRICS_PORT): otherwise no per-request work at all.
  await app.register(metricsPlugin, { metrics: options.metrics ?? createMetrics(), collect: config.metrics !== null });
  await app.register(slowBodiesPlugin);
  await app.register(lingeringClosePlugin);
  await app.register(replyHeadersPlugin);
  await installContractHandling(app);
  await app.register(compressionPlugin);
  await app.register(databasePlugin, { db: options.db, destroyOnClose: false });
  await app.register(mailPlugin, { mailer: options.mailer });
  await app.register(contextPlugin, { config, now, files: options.files, signatures: options.signatures });
  await app.register(listCachePlugin);
  await app.register(liveEventsPlugin);
  await app.register(authPlugin, { jwtSecret: config.jwtSecret });
  await app.register(proxyWarningPlugin, { trustProxy: config.trustProxy });
  await app.register(accessLogPlugin, { trustProxy: config.trustProxy });
  await app.register(loginEmailPlugin);
  await app.register(noNulPlugin);
  if (options.housekeeping) await app.register(housekeepingPlugin);

  contractRoute(app, 'getVersion', {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { version: await deployedVersion(config) };
  });

  await app.register(apiRoutes, { config });

  if (options.extra) await options.extra(app);
  else {
    app.setNotFoundHandler(async (_request, reply) => {
      const missing = apiError('not_found');
      return reply.code(missing.statusCode).send(missing.body);
    });
  }
  return app;
}
