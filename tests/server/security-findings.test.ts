// The findings of issue 10's outsider attack on the foundation, each pinned by a test that fails without its fix.
import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createMailer, type Mailer } from '../../server/src/mail/mailer.ts';
import { seedDemo } from '../../server/src/seed/demo.ts';
import { demoUsers } from '../support/demo.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase, startLogin, startTestPortal, type TestPortal } from './helpers.ts';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

describe('start-email-login answers known and unknown e-mails alike (finding 1)', () => {
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
    });
    const db = await createTestDatabase(dataDir);
    cleanup.push(() => db.destroy());

    // The real nodemailer transport to the real sink, with 3 ms of synchronous work added to each hand-over (what
    // DKIM signing or a TLS handshake costs): mail sent on the request path shows up in the answer's time at once.
    const open = new Set<ServerResponse>();
    let handedOverBeforeAnswer = 0;
    const smtp = createMailer(config.smtpUrl, config.mailFrom);
    const transport: Mailer = {
      send(mail) {
        for (const response of open) if (!response.writableEnded) handedOverBeforeAnswer++;
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
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const WARM_UP = 40;
    const PAIRS = 300;
    const timings = await attack(port, counter, WARM_UP + PAIRS, 5);
    expect(new Set(timings.statuses)).toEqual(new Set([204]));
    // Every code still arrives (the sink greets each connection after 100 ms).
    const deadline = Date.now() + 20_000;
    while (sink.messagesTo(OWNER).length < WARM_UP + PAIRS && Date.now() < deadline) await sleep(20);
    expect(sink.messagesTo(OWNER)).toHaveLength(WARM_UP + PAIRS);
    expect(sink.messagesTo(STRANGER)).toHaveLength(0);
    expect(handedOverBeforeAnswer).toBe(0);

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
  }, 120_000);
});

describe('the per-address code limit counts an IPv6 client by its /64 (finding 2)', () => {
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
