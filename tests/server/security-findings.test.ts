// The findings of an outsider attack on the foundation (SECURITY.md), each pinned by a test that fails without its fix.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Ajv } from 'ajv';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { buildApp } from '../../server/src/app.ts';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from '../../server/src/auth/tokens.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createMailer, type Mailer } from '../../server/src/mail/mailer.ts';
import type { deferredMailer } from '../../server/src/mail/outbox.ts';
import { PROXY_WARNING } from '../../server/src/plugins/proxy-warning.ts';
import { seedDemo } from '../../server/src/seed/demo.ts';
import { SECURITY_HEADERS } from '../../server/src/site/headers.ts';
import type { Child } from '../../tools/child.ts';
import { demoUsers } from '../../tools/demo.ts';
import { freePort } from '../../tools/free-port.ts';
import { openRequest } from '../../tools/http.ts';
import { startPortalProcess } from '../../tools/portal-process.ts';
import { startSmtpSink } from '../../tools/smtp-sink.ts';
import { createTestDatabase, login, startLogin, startTestPortal, type TestPortal } from './helpers.ts';

const OWNER = demoUsers.owner.email;
const STRANGER = 'nobody@example.org';

let cleanup: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});
let portal: TestPortal | undefined;
afterEach(async () => {
  await portal?.close();
  portal = undefined;
});

/**
 * The attacker: a client on its own thread (its own event loop, as a remote client would be), timing `pairs` pairs of
 * start-email-login calls, one known e-mail and one unknown in random order, spaced by `gapMs`. Before each pair it
 * bumps `counter`, which moves the server's clock by 61 s so the 60 s resend limit never answers instead.
 */
const ATTACKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, counter, pairs, gapMs, known, unknown } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const post = (email) => new Promise((resolve, reject) => {
  const payload = JSON.stringify({ email });
  const started = process.hrtime.bigint();
  const request = http.request({ agent, host: '127.0.0.1', port, path: '/api/authentication/start-email-login',
    method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
    (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
  request.on('error', reject);
  request.end(payload);
});
(async () => {
  const result = { known: [], unknown: [], statuses: [] };
  for (let i = 0; i < pairs; i++) {
    Atomics.add(counter, 0, 1);
    for (const isKnown of Math.random() < 0.5 ? [true, false] : [false, true]) {
      const { status, ms } = await post(isKnown ? known : unknown);
      result.statuses.push(status);
      (isKnown ? result.known : result.unknown).push(ms);
      // The attack's pace (an input), not a wait for anything.
      await sleep(gapMs);
    }
  }
  agent.destroy();
  parentPort.postMessage(result);
})().catch((error) => { throw error; });
`;

interface Timings {
  known: number[];
  unknown: number[];
  statuses: number[];
}

function attack(port: number, counter: Int32Array, pairs: number, gapMs: number): Promise<Timings> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ATTACKER, {
      eval: true,
      workerData: { port, counter, pairs, gapMs, known: OWNER, unknown: STRANGER },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/**
 * The probability that a random `a` sample is larger than a random `b` one (the Mann-Whitney U statistic over
 * n_a * n_b, ties counting half): 0.5 when the two distributions are the same, and what a one-request guess achieves.
 */
function probabilityGreater(a: number[], b: number[]): number {
  let wins = 0;
  for (const x of a) for (const y of b) wins += x > y ? 1 : x === y ? 0.5 : 0;
  return wins / (a.length * b.length);
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Busy-waits: work a transport does synchronously when handed a mail (building it, DKIM signing, opening TLS). */
function burn(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

describe('start-email-login answers known and unknown e-mails alike', () => {
  it('hands the mail to SMTP only after the answer is written, and the timings of known and unknown e-mails match', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-timing-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const sink = await startSmtpSink();
    cleanup.push(() => sink.close());
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      SMTP_URL: sink.smtpUrl,
      NODE_ENV: 'test',
      LOGIN_IP_LIMIT: '100000',
      LOGIN_EMAIL_LIMIT: '100000',
    });
    const db = await createTestDatabase(dataDir);
    cleanup.push(() => db.destroy());

    // The real nodemailer transport to the real sink, with 3 ms of synchronous work added to each hand-over (what
    // DKIM signing or a TLS handshake costs): mail sent on the request path shows up in the answer's time at once.
    // Which answer queued each mail: the attacker sends one request at a time, so it is the one answer still open.
    const open = new Set<ServerResponse>();
    const queuedBy = new WeakMap<object, ServerResponse | undefined>();
    let handedOverBeforeAnswer = 0;
    const smtp = createMailer(config.smtpUrl, config.mailFrom);
    const transport: Mailer = {
      send(mail) {
        if (queuedBy.get(mail)?.writableEnded !== true) handedOverBeforeAnswer++;
        burn(3);
        return smtp.send(mail);
      },
      close: () => smtp.close(),
    };
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const base = Date.now();
    const app = await buildApp({
      config,
      db,
      mailer: transport,
      now: () => new Date(base + Atomics.load(counter, 0) * 61_000),
    });
    cleanup.push(() => app.close());
    app.addHook('onRequest', async (_request, reply) => {
      open.add(reply.raw);
      reply.raw.once('close', () => open.delete(reply.raw));
    });
    await app.ready();
    await seedDemo(app.ctx);
    // The mailer the services call (the app's own, which may queue); whatever it does, it ends in `transport`.
    const mailer = app.ctx.mailer;
    const queue = mailer.send.bind(mailer);
    mailer.send = (mail) => {
      queuedBy.set(
        mail,
        [...open].find((response) => !response.writableEnded),
      );
      return queue(mail);
    };
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const WARM_UP = 40;
    const PAIRS = 300;
    const timings = await attack(port, counter, WARM_UP + PAIRS, 5);
    expect(new Set(timings.statuses)).toEqual(new Set([204]));
    // Every code still arrives: the outbox's flush settles once each queued mail has reached the sink.
    await (app.mailer as ReturnType<typeof deferredMailer>).flush();
    expect(sink.messagesTo(OWNER)).toHaveLength(WARM_UP + PAIRS);
    expect(sink.messagesTo(STRANGER)).toHaveLength(0);

    const known = timings.known.slice(WARM_UP);
    const unknown = timings.unknown.slice(WARM_UP);
    const summary = {
      knownMedian: quantile(known, 0.5),
      unknownMedian: quantile(unknown, 0.5),
      knownQuartiles: [quantile(known, 0.25), quantile(known, 0.75)],
      unknownQuartiles: [quantile(unknown, 0.25), quantile(unknown, 0.75)],
      probabilityKnownSlower: probabilityGreater(known, unknown),
    };
    console.log('start-email-login timing (ms)', summary);
    // Same distributions give 0.5 with a standard error of about 0.024 for 300 + 300 samples; 0.6 is four of them.
    expect(summary.probabilityKnownSlower, JSON.stringify(summary)).toBeLessThan(0.6);
    // The known e-mail's median is not slower by more than a tenth (plus half a millisecond of scheduling noise).
    expect(summary.knownMedian, JSON.stringify(summary)).toBeLessThan(summary.unknownMedian * 1.1 + 0.5);
    // And the reason: no mail reached the transport before the answer that queued it was written.
    expect(handedOverBeforeAnswer).toBe(0);
  }, 120_000);
});

describe('mail queued after the answer is not lost on a graceful stop', () => {
  it('hands every queued code mail to SMTP before the app finishes closing', async () => {
    portal = await startTestPortal();
    const emails = [OWNER, demoUsers.employee.email, demoUsers.examiner1.email];
    for (const email of emails) expect((await startLogin(portal, email)).statusCode).toBe(204);
    // Nothing has left yet (the hand-over waits 20-120 ms), and closing waits for it.
    expect(portal.mailbox.messages).toHaveLength(0);
    await portal.app.close();
    for (const email of emails) expect(portal.mailbox.messagesTo(email), email).toHaveLength(1);
  });
});

describe('the per-address code limit counts an IPv6 client by its /64', () => {
  const fromAddress = (email: string, remoteAddress: string) =>
    portal?.app.inject({
      method: 'POST',
      url: '/api/authentication/start-email-login',
      payload: { email },
      remoteAddress,
    });

  it('lets twelve addresses of one /64 share one limit of 5, while other /64s keep their own', async () => {
    portal = await startTestPortal({ LOGIN_IP_LIMIT: '5' });
    const statuses: number[] = [];
    for (let host = 1; host <= 12; host++) {
      // Written in different forms (upper case, zeros, compressed), as a client could pick them.
      const address = host % 2 ? `2001:db8:aa:bb::${host.toString(16)}` : `2001:0DB8:00AA:00BB:${host}:0:0:1`;
      statuses.push((await fromAddress(`user${host}@example.org`, address))?.statusCode ?? 0);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429, 429, 429, 429, 429, 429]);
    const refused = await fromAddress('more@example.org', '2001:db8:aa:bb:ffff:ffff:ffff:ffff');
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json()).toMatchObject({ error: 'too_many_requests', message: expect.any(String) });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);

    // The neighbouring /64s, another network and IPv4 are not touched by it.
    for (const address of ['2001:db8:aa:bc::1', '2001:db8:aa:ba::1', '2001:db8:ffff:bb::1', '203.0.113.7']) {
      expect((await fromAddress(`other-${address}@example.org`.replace(/:/g, '-'), address))?.statusCode, address).toBe(
        204,
      );
    }
    // The one limit is kept in the database, one row per network, not one per address.
    const rows = await portal.db.selectFrom('rate_limits').select(['key', 'count']).execute();
    expect(rows.filter((row) => row.key.startsWith('login-ip:2001:db8:aa:bb:'))).toEqual([
      { key: 'login-ip:2001:db8:aa:bb::/64', count: 13 },
    ]);
  });

  it('counts an IPv4-mapped IPv6 peer and its IPv4 address as one client, also behind the proxy', async () => {
    portal = await startTestPortal({ LOGIN_IP_LIMIT: '2', TRUST_PROXY: '::ffff:127.0.0.1' });
    const first = await fromAddress('a@example.org', '::ffff:198.51.100.9');
    const second = await fromAddress('b@example.org', '198.51.100.9');
    const third = await fromAddress('c@example.org', '0:0:0:0:0:ffff:c633:6409');
    expect([first?.statusCode, second?.statusCode, third?.statusCode]).toEqual([204, 204, 429]);
    // TRUST_PROXY written as a mapped address still names the proxy at 127.0.0.1, whose X-Real-IP is bucketed too.
    const viaProxy = (email: string, real: string) => startLogin(portal as TestPortal, email, { 'x-real-ip': real });
    expect((await viaProxy('d@example.org', '2001:db8:5::1')).statusCode).toBe(204);
    expect((await viaProxy('e@example.org', '2001:db8:5::2')).statusCode).toBe(204);
    expect((await viaProxy('f@example.org', '2001:db8:5::3')).statusCode).toBe(429);
  });
});

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The contract's `Error` schema, as a client reads it: `{ error, message }` with a code of the catalogue. */
const isErrorBody = (() => {
  const document = parse(readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8')) as {
    components: { schemas: Record<string, unknown> };
  };
  const ajv = new Ajv({ strict: false });
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    ajv.addSchema(schema as object, `#/components/schemas/${name}`);
  }
  return ajv.compile({ $ref: '#/components/schemas/Error' });
})();

function expectErrorBody(body: string, what: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error(`${what}: not JSON: ${body.slice(0, 200)}`);
  }
  expect(isErrorBody(parsed), `${what}: ${body} ${JSON.stringify(isErrorBody.errors)}`).toBe(true);
}

function expectSecurityHeaders(headers: http.IncomingHttpHeaders | Record<string, unknown>, what: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect(headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
}

describe('API decisions are made on the routed path', () => {
  it('answers /%61pi/users/me with no-store, and /%61pi/nope with the JSON 404, as for /api/', async () => {
    portal = await startTestPortal();
    const { accessToken } = await login(portal, OWNER);
    for (const url of ['/api/users/me', '/%61pi/users/me', '/%61%70%69/users/%6De']) {
      const response = await portal.app.inject({ url, headers: { authorization: `Bearer ${accessToken}` } });
      expect(response.statusCode, url).toBe(200);
      expect(response.json().email, url).toBe(OWNER);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('gives the JSON 404 for an encoded /api/ path under npm start, not the site 404 page', async () => {
    const site = await startSiteServer();
    for (const url of ['/api/nope', '/%61pi/nope', '/%61pi/users/me/%2E%2E']) {
      const response = await get(site.port, url);
      expect(response.status, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expectErrorBody(response.body, url);
      expect(JSON.parse(response.body).error, url).toBe('not_found');
      expect(response.headers['cache-control'], url).toBe('no-store');
      expectSecurityHeaders(response.headers, url);
    }
    // A site path still gets the site's page.
    const page = await get(site.port, '/no/such/page');
    expect(page.status).toBe(404);
    expect(page.body).toBe('<!doctype html><title>Страница не найдена</title>');
  });
});

interface SiteServer {
  port: number;
  output: () => string;
}

let child: Child | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

/** `npm start` as ops run it (server/src/start.ts: the API and the built site on one port), on a small dist/. */
async function startSiteServer(extraEnv: Record<string, string> = {}): Promise<SiteServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const dist = path.join(dataDir, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Портал</title>');
  writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Страница не найдена</title>');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DIST_DIR: dist,
    SKIP_BUILD: '1',
    NODE_ENV: 'development',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const started = startPortalProcess('start', port, { env });
  child = started;
  await started.waitForStart({
    name: 'npm start',
    ready: async () => (await get(port, '/api/health').catch(() => null))?.status === 200,
    timeoutMs: 30_000,
    pollMs: 100,
  });
  return { port, output: started.output };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> {
  const { request, answer } = openRequest(port, method, url, { headers });
  request.end(body);
  return answer;
}

const get = (port: number, url: string) => send(port, 'GET', url);

/** A JSON POST whose headers declare `bytes` of body and whose body never comes: only an early refusal answers it. */
function declareOnly(port: number, url: string, bytes: number): Promise<Answer> {
  const { request, answer } = openRequest(port, 'POST', url, {
    headers: { 'content-type': 'application/json', 'content-length': String(bytes) },
  });
  request.flushHeaders();
  return answer.finally(() => request.destroy());
}

/** Raw bytes to the server, for requests no HTTP client would send; resolves with the whole answer as text. */
function sendRaw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

/** Splits a raw HTTP answer into status, lower-cased headers and body. */
function parseRaw(raw: string): Answer {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
  const headers: http.IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(split + 4) };
}

describe('every answer of npm start, errors included, carries the headers and the error schema', () => {
  it('answers malformed URLs, bad JSON, too large and unsupported bodies, 404 and 405 with both', async () => {
    const site = await startSiteServer();
    const json = { 'content-type': 'application/json' };
    const cases: Array<[string, () => Promise<Answer>, number]> = [
      ['malformed URL', () => get(site.port, '/%3Cscript%3E%E0'), 400],
      ['malformed URL under /api/', () => get(site.port, '/api/users/%E0%A4%A'), 400],
      ['malformed id parameter', () => get(site.port, '/api/statements/%FF'), 400],
      ['too long a parameter', () => get(site.port, `/api/statements/${'9'.repeat(200)}`), 400],
      ['bad JSON', () => send(site.port, 'POST', '/api/authentication/start-email-login', json, '{"email": '), 400],
      ['empty JSON', () => send(site.port, 'POST', '/api/authentication/start-email-login', json, ''), 400],
      // Declared, not sent: the server refuses it from its Content-Length. Sending the 2 MB would race the early
      // answer (the server closes while the client still writes, and the client's write breaks off with EPIPE).
      ['too large a body', () => declareOnly(site.port, '/api/authentication/start-email-login', 2 * 1024 * 1024), 413],
      [
        'unsupported media type',
        () =>
          send(
            site.port,
            'POST',
            '/api/authentication/start-email-login',
            { 'content-type': 'application/xml' },
            '<a/>',
          ),
        415,
      ],
      ['API 404', () => get(site.port, '/api/nope'), 404],
      ['method on a site path', () => send(site.port, 'DELETE', '/'), 405],
      ['no token', () => get(site.port, '/api/users/me'), 401],
    ];
    for (const [what, call, status] of cases) {
      const answer = await call();
      expect(answer.status, `${what}: ${answer.body}`).toBe(status);
      expectSecurityHeaders(answer.headers, what);
      expectErrorBody(answer.body, what);
      expect(answer.body, what).not.toMatch(/FST_|at .+\.(ts|js):\d+/);
    }
    // Below Fastify, Node's parser refuses a broken request line or headers too large; the answer is ours too.
    for (const [what, bytes, status] of [
      ['broken request line', 'GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['broken header', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
      ['headers too large', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      ['no Host header', 'GET /api/users/me HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
    ] as const) {
      const answer = parseRaw(await sendRaw(site.port, bytes));
      expect(answer.status, what).toBe(status);
      expectSecurityHeaders(answer.headers, what);
      expectErrorBody(answer.body, what);
    }
  });
});

describe('access tokens (the token-lifetime finding)', () => {
  const key = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing');
  const me = (token: string) =>
    portal?.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

  it('refuses a token signed with the key but without exp, or older than its lifetime, or issued in the future', async () => {
    portal = await startTestPortal();
    const owner = await portal.db.selectFrom('users').select('id').where('email', '=', OWNER).executeTakeFirstOrThrow();
    const sub = String(owner.id);
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: { iat?: number; exp?: number }, header: Record<string, string> = { typ: 'JWT' }) => {
      let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256', ...header }).setSubject(sub);
      if (claims.iat !== undefined) jwt = jwt.setIssuedAt(claims.iat);
      if (claims.exp !== undefined) jwt = jwt.setExpirationTime(claims.exp);
      return jwt.sign(key);
    };
    // The server's own token works, and so does one made the same way by hand.
    expect((await me(await signAccessToken(portal.config.jwtSecret, owner.id)))?.statusCode).toBe(200);
    expect((await me(await sign({ iat: now, exp: now + ACCESS_TOKEN_SECONDS })))?.statusCode).toBe(200);
    const refused: Array<[string, Promise<string>]> = [
      ['no exp', sign({ iat: now })],
      ['no iat', sign({ exp: now + 60 })],
      ['a far exp', sign({ iat: now - 3 * ACCESS_TOKEN_SECONDS, exp: now + 10 * 365 * 24 * 3600 })],
      ['older than its lifetime', sign({ iat: now - ACCESS_TOKEN_SECONDS - 120, exp: now + 60 })],
      ['issued in the future', sign({ iat: now + 3600, exp: now + 3600 + ACCESS_TOKEN_SECONDS })],
      ['expired', sign({ iat: now - ACCESS_TOKEN_SECONDS - 10, exp: now - 10 - 60 })],
      ['another type', sign({ iat: now, exp: now + 60 }, { typ: 'at+jwt+refresh' })],
    ];
    for (const [what, token] of refused) {
      const response = await me(await token);
      expect(response?.statusCode, what).toBe(401);
      expect(response?.json().error, what).toBe('unauthorized');
    }
  });
});

describe('production settings (the token-lifetime finding)', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-config-')) };
  const production = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:25', JWT_SECRET: 'x'.repeat(40) };

  it('refuses to start without PUBLIC_ORIGIN, in Russian and English', async () => {
    expect(() => loadConfig(production)).toThrow(/В production нужен PUBLIC_ORIGIN.*PUBLIC_ORIGIN is required/);
    expect(loadConfig({ ...production, PUBLIC_ORIGIN: 'https://agr.example.ru/' }).publicOrigin).toBe(
      'https://agr.example.ru',
    );
    expect(loadConfig(base).publicOrigin).toBeNull();
    // The real start: one clear line on stderr, exit code 1.
    const started = spawn(process.execPath, ['server/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...production, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => started.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Не удалось запустить портал: В production нужен PUBLIC_ORIGIN/);
  });

  it('warns once, loudly, when requests come through a proxy while TRUST_PROXY is unset', async () => {
    portal = await startTestPortal();
    const warn = vi.spyOn(portal.app.log, 'warn');
    await portal.app.inject({ url: '/api/health' });
    expect(warn).not.toHaveBeenCalled();
    await portal.app.inject({ url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.9' } });
    await portal.app.inject({ url: '/api/health', headers: { 'x-real-ip': '203.0.113.9' } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toBe(PROXY_WARNING);
    expect(PROXY_WARNING).toContain('TRUST_PROXY не задан');
  });

  it('says nothing about proxies when TRUST_PROXY names the proxy', async () => {
    portal = await startTestPortal({ TRUST_PROXY: '127.0.0.1' });
    const warn = vi.spyOn(portal.app.log, 'warn');
    await portal.app.inject({ url: '/api/health', headers: { 'x-real-ip': '203.0.113.9' } });
    expect(warn).not.toHaveBeenCalled();
  });
});
