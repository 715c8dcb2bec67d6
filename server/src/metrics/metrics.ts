import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { poolFigures } from '../db/database.ts';
import { collectDomainFigures } from './domain-figures.ts';
import { InPlaceCounter, InPlaceHistogram } from './in-place.ts';

/**
 * What ops watch (docs/operations.md): per-route traffic and latency by route template (never a raw URL, an id, an
 * e-mail or a file name in a label), errors by code, the process and its event loop, and the portal's own figures read
 * from the database at each scrape. Each API process has its own registry and listener (`METRICS_PORT`).
 */
export interface PortalMetrics {
  registry: Registry;
  mails: Counter<'outcome'>;
  /** Mails queued and not handed over yet, and since when the oldest of them waits. */
  mailOutbox: { pending: Set<{ since: number }> };
  /**
   * Whether this process checks signatures, as its start found (null until then), and the trusted authorities' CRLs
   * with until when each is current.
   */
  signatureCheck: {
    available: boolean | null;
    /** How OpenSSL verifies GOST here: `provider`, `engine`, or `none`. */
    source: string;
    crls: readonly { issuer: string; nextUpdate: Date | null }[];
  };
  /** Runs of the scheduled work (housekeeping.ts), by job and outcome. */
  jobs: Counter<'task' | 'outcome'>;
  /** Reads of personal data whose entry in the access log could not be written (docs/operations.md). */
  accessLogFailures: Counter;
  /** Times one database query (the database's `onQuery`, given only where metrics are collected). */
  observeQuery(seconds: number, failed: boolean): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PortalMetrics;
  }
}

/** Seconds: from a fast read to a slow upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a prepared lookup takes a fraction of a millisecond, a list of 10,000 a tenth of a second. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** The size in a stored upload's answer. */
const STORED_SIZE = /"size":(\d+)/;
/** An error body as the API serializes it: its code first. */
const ERROR_CODE = /^\{"error":"([a-z_]+)"/;

/** The registry and the metrics the app's parts record into (one per app: tests build many). */
export function createMetrics(): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const outbox = { pending: new Set<{ since: number }>() };
  new Gauge({
    name: 'portal_mail_outbox_pending',
    help: 'Mails queued and not yet handed to the SMTP server',
    registers: [registry],
    collect() {
      this.set(outbox.pending.size);
    },
  });
  new Gauge({
    name: 'portal_mail_outbox_oldest_age_seconds',
    help: 'How long the oldest queued mail has waited (0 when none waits)',
    registers: [registry],
    collect() {
      const oldest = Math.min(...[...outbox.pending].map((mail) => mail.since));
      this.set(Number.isFinite(oldest) ? (Date.now() - oldest) / 1000 : 0);
    },
  });
  const signatureCheck: PortalMetrics['signatureCheck'] = { available: null, source: 'none', crls: [] };
  new Gauge({
    name: 'portal_signature_check_available',
    help: 'Whether this API process can check GOST signatures (1), or answers 503 to every signature file (0), by how',
    labelNames: ['source'],
    registers: [registry],
    collect() {
      this.reset();
      if (signatureCheck.available !== null)
        this.set({ source: signatureCheck.source }, signatureCheck.available ? 1 : 0);
    },
  });
  new Gauge({
    name: 'portal_signature_crl_next_update_seconds',
    help: "Seconds until a trusted authority's CRL is past its nextUpdate (negative once past: its signers get revocation_unknown)",
    labelNames: ['issuer'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { issuer, nextUpdate } of signatureCheck.crls) {
        if (nextUpdate) this.set({ issuer }, Math.round((nextUpdate.getTime() - Date.now()) / 1000));
      }
    },
  });
  const queries = new InPlaceHistogram<'outcome'>(registry, {
    name: 'portal_db_query_duration_seconds',
    help: 'Database queries by outcome (ok or error) and their duration',
    buckets: QUERY_BUCKETS,
  });
  const okQuery = queries.labels({ outcome: 'ok' });
  const failedQuery = queries.labels({ outcome: 'error' });
  return {
    registry,
    jobs: new Counter({
      name: 'portal_scheduled_runs_total',
      help: 'Runs of the scheduled work (deadline reminders, upload and file cleanup, limit sweep) by outcome',
      // Not 'job': that is Prometheus's own label of the scrape target.
      labelNames: ['task', 'outcome'],
      registers: [registry],
    }),
    accessLogFailures: new Counter({
      name: 'portal_personal_data_access_log_failures_total',
      help: 'Reads of personal data whose entry in the access log could not be written',
      registers: [registry],
    }),
    observeQuery: (seconds, failed) => (failed ? failedQuery : okQuery)(seconds),
    mails: new Counter({
      name: 'portal_mails_total',
      help: 'Mails queued, sent and failed by this API process',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    mailOutbox: outbox,
    signatureCheck,
  };
}

/** One route's series for one method: its latency, and its count by status. */
interface RouteSeries {
  timed: (seconds: number) => void;
  counted: Map<number, () => void>;
}

/** The login and upload routes, whose answers are the portal's login and upload figures. */
const START_LOGIN = '/api/authentication/start-email-login';
const VERIFY_LOGIN = '/api/authentication/verify-email-login';
const UPLOAD = '/api/prefiles';

/** Records every answer: count, latency and error code, labelled by method, route template and status. */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { metrics: PortalMetrics; collect: boolean }) => {
    const { registry } = options.metrics;
    app.decorate('metrics', options.metrics);
    if (!options.collect) return;
    // The database figures need the service context, the list cache and the change feed, there once the app is ready.
    app.addHook('onReady', async () => {
      collectDomainFigures(registry, app.ctx);
      collectServerFigures(registry, app);
    });
    const logins = new Counter({
      name: 'portal_logins_total',
      help: 'Login steps: started (code asked for), verified (a session issued), refused (wrong, spent or limited)',
      labelNames: ['outcome'],
      registers: [registry],
    });
    const uploads = new Counter({
      name: 'portal_uploads_total',
      help: 'Uploads stored, or refused by the error code',
      labelNames: ['outcome'],
      registers: [registry],
    });
    const uploadBytes = new Counter({
      name: 'portal_upload_bytes_total',
      help: 'Bytes of the uploads stored',
      registers: [registry],
    });
    const requests = new InPlaceCounter<'method' | 'route' | 'status'>(registry, {
      name: 'portal_http_requests_total',
      help: 'HTTP answers by method, route template and status',
    });
    const latency = new InPlaceHistogram<'method' | 'route'>(registry, {
      name: 'portal_http_request_duration_seconds',
      help: 'Time from the request to the end of the answer, by method and route template',
      buckets: LATENCY_BUCKETS,
    });
    const errors = new Counter({
      name: 'portal_api_errors_total',
      help: 'Error answers by the API error code',
      labelNames: ['code'],
      registers: [registry],
    });
    // Every answer passes here (bench figure 9): callback hooks, no hook of its own for the start (Fastify times each
    // reply already: `reply.elapsedTime`), and each series made once, found without building a key, counted in place.
    const series = new Map<string, Map<string, RouteSeries>>();
    const seriesOf = (method: string, route: string): RouteSeries => {
      let methods = series.get(route);
      if (!methods) {
        methods = new Map();
        series.set(route, methods);
      }
      let found = methods.get(method);
      if (!found) {
        found = { timed: latency.labels({ method, route }), counted: new Map() };
        methods.set(method, found);
      }
      return found;
    };
    const errorCodes = new WeakMap<object, string>();
    const storedBytes = new WeakMap<object, number>();
    app.addHook('onSend', (request, reply, payload, done) => {
      if (reply.statusCode === 201 && typeof payload === 'string' && request.routeOptions.url === UPLOAD) {
        // The stored upload's size, as its answer gives it.
        const size = Number(STORED_SIZE.exec(payload)?.[1]);
        if (Number.isFinite(size)) storedBytes.set(request, size);
      }
      if (reply.statusCode >= 400 && typeof payload === 'string') {
        const code = ERROR_CODE.exec(payload)?.[1];
        if (code) {
          errors.inc({ code });
          errorCodes.set(request, code);
        }
      }
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      // The route as registered ('/api/statements/:id'); anything unrouted is one label, so no URL becomes a series.
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      const { timed, counted } = seriesOf(request.method, route);
      let count = counted.get(status);
      if (!count) {
        count = requests.labels({ method: request.method, route, status: String(status) });
        counted.set(status, count);
      }
      count();
      // 0 only where Fastify answered before routing (a URL that does not decode): no time to tell.
      const elapsed = reply.elapsedTime;
      if (elapsed > 0) timed(elapsed / 1000);
      if (route === START_LOGIN && status === 204) logins.inc({ outcome: 'started' });
      else if (route === VERIFY_LOGIN) logins.inc({ outcome: status === 200 ? 'verified' : 'refused' });
      else if (route === UPLOAD && request.method === 'POST') {
        uploads.inc({ outcome: status === 201 ? 'stored' : (errorCodes.get(request) ?? String(status)) });
        const size = storedBytes.get(request);
        if (size !== undefined) uploadBytes.inc(size);
      }
      done();
    });
  },
  { name: 'portal-metrics' },
);

/** What this API process holds: its list cache's hits and misses, its open streams, its database pool (PostgreSQL). */
function collectServerFigures(registry: Registry, app: FastifyInstance): void {
  const { listCache: cache, changeFeed: feed, db } = app;
  for (const [name, which] of [
    ['portal_list_cache_hits_total', 'hits'],
    ['portal_list_cache_misses_total', 'misses'],
  ] as const) {
    new Counter({
      name,
      help: `Statement list answers ${which === 'hits' ? 'served from' : 'built anew and kept in'} the list cache`,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(cache.stats()[which]);
      },
    });
  }
  new Gauge({
    name: 'portal_event_streams',
    help: 'Live event streams (GET /api/events) open on this API process',
    registers: [registry],
    collect() {
      this.set(feed.listeners());
    },
  });
  new Gauge({
    name: 'portal_list_cache_bytes',
    help: 'Bytes of the lists the list cache holds',
    registers: [registry],
    collect() {
      this.set(cache.stats().bytes);
    },
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for a connection (waiting); none on SQLite',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const figures = poolFigures(db);
      if (!figures) return;
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, figures[state]);
    },
  });
}

/**
 * The metrics listener: `GET /metrics` in Prometheus's text format on its own address (loopback by default), never
 * through the public site or the API's port. Anything else is 404.
 */
export async function startMetricsServer(metrics: PortalMetrics, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${String(error)}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
