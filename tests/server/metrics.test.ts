// What ops watch (docs/operations.md): the metrics on their own listener, labelled by route template only, the
// portal's own figures after the demo seed, and one request id from nginx to the API's answer.
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_STATUSES } from '#domain/statuses.ts';
import { buildApp } from '../../server/src/app.ts';
import { finishBackupRun, startBackupRun } from '../../server/src/backup/backup-runs.repository.ts';
import { createMailer } from '../../server/src/mail/mailer.ts';
import { createMetrics, startMetricsServer } from '../../server/src/metrics/metrics.ts';
import { runHousekeeping } from '../../server/src/plugins/housekeeping.ts';
import { isPartialName } from '../../server/src/storage/file-store.ts';
import { demoUsers, wrongCode } from '../../tools/demo.ts';
import { freePort } from '../../tools/free-port.ts';
import {
  login,
  startLogin,
  startTestPortal,
  type TestPortal,
  uploadPrefile,
  usingPostgres,
  verifyLogin,
} from './helpers.ts';

let portal: TestPortal;
let token: string;

beforeAll(async () => {
  // METRICS_PORT turns collection on (the listener itself is the runtime's; this test starts its own).
  portal = await startTestPortal({ METRICS_PORT: '9464' });
  token = (await login(portal, demoUsers.owner.email)).accessToken;
}, 60_000);
afterAll(async () => {
  await portal.close();
});

const scrape = () => portal.app.metrics.registry.metrics();

/** The value of one series in the exposition text, or null. */
function value(text: string, series: string): number | null {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('metrics', () => {
  it('count answers and latency by route template, never by a raw URL, an id or an e-mail', async () => {
    const statements = (
      await portal.app.inject({ url: '/api/statements', headers: { authorization: `Bearer ${token}` } })
    ).json() as { id: number }[];
    for (const statement of statements.slice(0, 3)) {
      const answer = await portal.app.inject({
        url: `/api/statements/${statement.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode).toBe(200);
    }
    await portal.app.inject({ url: '/api/statements/999999', headers: { authorization: `Bearer ${token}` } });
    await portal.app.inject({ url: `/api/no/such/${demoUsers.owner.email}` });
    const text = await scrape();
    expect(
      value(text, 'portal_http_requests_total{method="GET",route="/api/statements/:id",status="200"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(value(text, 'portal_http_requests_total{method="GET",route="/api/statements/:id",status="404"}')).toBe(1);
    expect(value(text, 'portal_api_errors_total{code="not_found"}')).toBeGreaterThanOrEqual(2);
    expect(text).toContain(
      'portal_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/statements/:id"}',
    );
    expect(text).toContain('route="unmatched"');
    // No label holds an id, an e-mail or a file name.
    for (const labels of text.matchAll(/\{([^}]*)\}/g)) {
      expect(labels[1]).not.toMatch(/@|\/\d+|\.pdf|999999/);
    }
    expect(text).toContain('portal_process_cpu_seconds_total');
    expect(text).toContain('portal_nodejs_eventloop_lag_seconds');
  });

  it('show the portal’s own figures: statements by status after the demo seed, overdue terms, open remarks', async () => {
    const text = await scrape();
    // One statement in every status, and a second under review waiting for an outside body's conclusion.
    for (const status of STATEMENT_STATUSES) {
      expect(value(text, `portal_statements{status="${status}"}`), status).toBe(status === 'under_review' ? 2 : 1);
    }
    expect(value(text, 'portal_review_terms_overdue')).toBe(0);
    expect(value(text, 'portal_intake_checks_overdue')).toBe(0);
    expect(value(text, 'portal_remarks_open_required')).toBe(0);
  });

  it('show when the last successful backup ended, in unix seconds (0 before any; a failed one changes nothing)', async () => {
    expect(value(await scrape(), 'portal_backup_last_success_timestamp_seconds')).toBe(0);
    const ended = new Date('2026-11-29T03:04:05.678Z');
    const run = await startBackupRun(
      portal.db,
      '/var/backups/portal/2026-11-29T030000Z',
      new Date(ended.getTime() - 60_000),
    );
    await finishBackupRun(portal.db, run, { succeeded: true, rows: 10, files: 2, bytes: 2048 }, ended);
    const failed = await startBackupRun(portal.db, '/var/backups/portal/2026-11-29T040000Z', portal.ctx.now());
    await finishBackupRun(
      portal.db,
      failed,
      { succeeded: false, rows: null, files: null, bytes: null },
      portal.ctx.now(),
    );
    expect(value(await scrape(), 'portal_backup_last_success_timestamp_seconds')).toBe(
      Math.floor(ended.getTime() / 1000),
    );
  });

  it('count logins started, verified and refused, and uploads stored with their bytes or refused by code', async () => {
    const before = await scrape();
    const email = demoUsers.employee.email;
    await startLogin(portal, email);
    expect((await verifyLogin(portal, email, wrongCode(await portal.mailbox.waitForCode(email)))).statusCode).toBe(401);
    const stored = await uploadPrefile(portal, token, 'План.pdf', Buffer.alloc(2048, 1));
    expect(stored.statusCode).toBe(201);
    const refused = await uploadPrefile(portal, token, 'вирус.exe', 'MZ');
    expect(refused.statusCode).toBe(400);
    const after = await scrape();
    const grew = (series: string) => (value(after, series) ?? 0) - (value(before, series) ?? 0);
    expect(grew('portal_logins_total{outcome="started"}')).toBe(1);
    expect(grew('portal_logins_total{outcome="refused"}')).toBe(1);
    expect(grew('portal_uploads_total{outcome="stored"}')).toBe(1);
    expect(grew('portal_uploads_total{outcome="blocked_extension"}')).toBe(1);
    expect(grew('portal_upload_bytes_total')).toBe(2048);
    expect(value(after, 'portal_mails_total{outcome="queued"}')).toBeGreaterThanOrEqual(1);
  });

  it('show the list cache, the database and the scheduled work: hits and misses, query times, pool, job runs', async () => {
    const before = await scrape();
    const list = () => portal.app.inject({ url: '/api/statements', headers: { authorization: `Bearer ${token}` } });
    await list();
    await list();
    await runHousekeeping(portal.app);
    const after = await scrape();
    const grew = (series: string) => (value(after, series) ?? 0) - (value(before, series) ?? 0);
    // The second list of the same revision comes from the cache.
    expect(grew('portal_list_cache_hits_total')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'portal_list_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'portal_list_cache_bytes')).toBeGreaterThan(0);
    expect(grew('portal_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThanOrEqual(2);
    for (const job of [
      'prefile_cleanup',
      'orphan_file_cleanup',
      'deferred_file_removals',
      'change_log_trim',
      'limit_sweep',
      'deadline_reminders',
    ]) {
      expect(grew(`portal_scheduled_runs_total{task="${job}",outcome="ok"}`)).toBe(1);
    }
    if (usingPostgres) {
      expect(value(after, 'portal_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      // Queries of the scrape itself may wait while the pool opens connections: present, not a fixed number.
      expect(value(after, 'portal_db_pool_connections{state="waiting"}')).not.toBeNull();
    } else {
      // SQLite has no pool: the metric is declared, with no series.
      expect(value(after, 'portal_db_pool_connections{state="total"}')).toBeNull();
    }
  });

  it('are served on their own listener only: GET /metrics there, 404 on the API’s port', async () => {
    const port = await freePort();
    const server = await startMetricsServer(portal.app.metrics, '127.0.0.1', port);
    try {
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await scraped.text()).toContain('portal_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const onApi = await portal.app.inject({ url: '/metrics' });
    expect(onApi.statusCode).toBe(404);
    expect(onApi.body).not.toContain('portal_http_requests_total');
  });
});

describe('without METRICS_PORT', () => {
  it('nothing is collected per request (no listener scrapes them)', async () => {
    const quiet = await startTestPortal();
    try {
      await quiet.app.inject({ url: '/api/health' });
      expect(await quiet.app.metrics.registry.metrics()).not.toContain('portal_http_requests_total');
    } finally {
      await quiet.close();
    }
  });
});

describe('the request id', () => {
  const given = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

  it('comes from nginx’s X-Request-Id (the TRUST_PROXY address) and goes back in the answer; a missing or odd one is made anew', async () => {
    const behindNginx = await buildApp({
      config: { ...portal.config, trustProxy: '127.0.0.1' },
      db: portal.db,
      mailer: createMailer(portal.config.smtpUrl, portal.config.mailFrom),
    });
    try {
      const echoed = await behindNginx.inject({ url: '/api/health', headers: { 'x-request-id': given } });
      expect(echoed.headers['x-request-id']).toBe(given);
      for (const headers of [{}, { 'x-request-id': 'bad id with spaces' }, { 'x-request-id': 'x'.repeat(200) }]) {
        const made = await behindNginx.inject({ url: '/api/health', headers });
        expect(made.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      }
      // A client past nginx (another address) cannot name its request in the logs.
      const direct = await behindNginx.inject({
        url: '/api/health',
        headers: { 'x-request-id': given },
        remoteAddress: '192.0.2.7',
      });
      expect(direct.headers['x-request-id']).not.toBe(given);
    } finally {
      await behindNginx.close();
    }
  });

  it('is always made anew without a trusted proxy (npm start alone)', async () => {
    expect(portal.config.trustProxy).toBeNull();
    const made = await portal.app.inject({ url: '/api/health', headers: { 'x-request-id': given } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(made.headers['x-request-id']).not.toBe(given);
  });
});

describe('the API’s log lines', () => {
  it('of a request carry its id, route template and user, never the token', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    // Behind nginx (TRUST_PROXY), whose request id the API takes.
    const app = await buildApp({
      config: { ...portal.config, trustProxy: '127.0.0.1' },
      db: portal.db,
      mailer: createMailer(portal.config.smtpUrl, portal.config.mailFrom),
      logStream: stream,
    });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const { filesDir } = portal.config;
    const partials = () => (existsSync(filesDir) ? readdirSync(filesDir) : []).filter(isPartialName);
    const earlier = new Set(partials());
    /** Bytes of uploads being written (`KEY.part`) that were not there before. */
    const partialBytes = () =>
      partials()
        .filter((name) => !earlier.has(name))
        .reduce((sum, name) => sum + (statSync(path.join(filesDir, name), { throwIfNoEntry: false })?.size ?? 0), 0);
    try {
      // An upload the client gives up on is logged (info) by the upload route: as nginx would, with an id.
      const id = 'feedc0de0123456789abcdef01234567';
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const head = '--B\r\nContent-Disposition: form-data; name="file"; filename="план.pdf"\r\n\r\n';
      socket.write(
        `POST /api/prefiles HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nX-Request-Id: ${id}\r\n` +
          `Content-Type: multipart/form-data; boundary=B\r\nContent-Length: ${1024 * 1024}\r\n\r\n${head}`,
      );
      socket.write(Buffer.alloc(16 * 1024, 1));
      // Given up once the server is storing it: part of the file is on disk.
      await expect.poll(partialBytes, { timeout: 10_000 }).toBeGreaterThan(0);
      socket.destroy();
      await expect.poll(() => lines.some((line) => line.includes('upload aborted by the client'))).toBe(true);
      const line = JSON.parse(lines.find((candidate) => candidate.includes('upload aborted')) ?? '{}');
      expect(line).toMatchObject({ reqId: id, route: '/api/prefiles', level: 30 });
      expect(typeof line.userId).toBe('number');
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});

describe('the signature check in the metrics', () => {
  it("say whether it is available, and each trusted authority's CRL's time left (negative once past)", async () => {
    const metrics = createMetrics();
    const text = async () => metrics.registry.metrics();
    // Before the start has read the trust directory nothing is said.
    expect(await text()).not.toMatch(/^portal_signature_check_available\{/m);
    const day = 24 * 60 * 60 * 1000;
    metrics.signatureCheck.available = true;
    metrics.signatureCheck.source = 'engine';
    metrics.signatureCheck.crls = [
      { issuer: 'Тестовый УЦ портала', nextUpdate: new Date(Date.now() + 10 * day) },
      { issuer: 'Старый УЦ', nextUpdate: new Date(Date.now() - day) },
      { issuer: 'УЦ без срока', nextUpdate: null },
    ];
    const scraped = await text();
    expect(scraped).toMatch(/^portal_signature_check_available\{source="engine"\} 1$/m);
    const left = (issuer: string) =>
      Number(
        new RegExp(`^portal_signature_crl_next_update_seconds\\{issuer="${issuer}"\\} (-?\\d+)$`, 'm').exec(
          scraped,
        )?.[1],
      );
    expect(left('Тестовый УЦ портала')).toBeGreaterThan(9 * 86_400);
    expect(left('Старый УЦ')).toBeLessThan(0);
    expect(scraped).not.toContain('УЦ без срока');
  });
});
