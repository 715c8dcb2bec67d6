// Scale-out (docs/decisions.md «Several API processes: nothing shared lives in one process»): two API processes on one
// PostgreSQL and one S3-compatible bucket, behind one nginx upstream running this repository's nginx.conf. Nothing an
// API process keeps of its own may matter: a login started on one is finished on the other, a refresh cookie from one
// rotates on the other, a file uploaded through one downloads through the other, the per-IP login limit counts across
// both, and both starting at once on an empty database migrate, write the catalogues and seed the demo once.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#domain/contract.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { createDatabase, type Db } from '../../server/src/db/database.ts';
import { openEventStream } from '../../src/lib/api/event-stream.ts';
import type { Child } from '../../tools/child.ts';
import { demoUsers } from '../../tools/demo.ts';
import { freePort } from '../../tools/free-port.ts';
import { answersOk, openRequest } from '../../tools/http.ts';
import { logInByCode } from '../../tools/login.ts';
import { multipartFile } from '../../tools/multipart.ts';
import { type RunningNginx, startNginx } from '../../tools/nginx.ts';
import { startTestS3, type TestS3 } from '../../tools/s3.ts';
import { type SmtpSink, startSmtpSink } from '../../tools/smtp-sink.ts';
import { startApiProcess, usingPostgres } from './helpers.ts';

const LOGIN_IP_LIMIT = 4;
const JWT_SECRET = 'two-api-processes-secret-that-is-long-enough-for-hs256';

interface ApiProcess {
  url: string;
  child: Child;
  stop(): Promise<void>;
}

function startApiProcessOn(port: number, env: Record<string, string>): ApiProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-api-process-'));
  const child = startApiProcess(port, { ...env, DATA_DIR: dataDir });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      await child.stop({ graceMs: Infinity });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const waitReady = (apiProcess: ApiProcess) =>
  apiProcess.child.waitForStart({
    name: apiProcess.url,
    ready: () => answersOk(`${apiProcess.url}/api/health/ready`),
    timeoutMs: 60_000,
  });

/** The refresh cookie a reply set. */
function refreshCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('refresh_token='));
  if (!cookie) throw new Error(`no refresh cookie (${response.status})`);
  return cookie.slice('refresh_token='.length).split(';')[0] ?? '';
}

/** Requests for one path that nginx's access log (format `portal`, nginx.conf) says one API process answered. */
async function answeredBy(nginx: RunningNginx, apiProcess: ApiProcess, request: string): Promise<number> {
  const log = await readFile(path.join(nginx.prefix, 'logs', 'access.log'), 'utf8');
  const upstream = `upstream=${new URL(apiProcess.url).host}`;
  return log.split('\n').filter((line) => line.includes(`"${request} HTTP/1.1"`) && line.includes(upstream)).length;
}

describe.runIf(usingPostgres)('two API processes on one PostgreSQL behind one nginx upstream', () => {
  let a: ApiProcess;
  let b: ApiProcess;
  let nginx: RunningNginx;
  let sink: SmtpSink;
  let s3: TestS3;
  let db: Db;
  let webRoot: string;
  let metricsA: number;
  let metricsB: number;

  beforeAll(async () => {
    db = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, dataDir: tmpdir() });
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
    sink = await startSmtpSink();
    s3 = await startTestS3();
    const [portA, portB, portNginx] = [await freePort(), await freePort(), await freePort()];
    const env = {
      ...s3.env,
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      // One secret for every API process: a token signed by one is good at the other.
      JWT_SECRET,
      SMTP_URL: sink.smtpUrl,
      PUBLIC_ORIGIN: `http://127.0.0.1:${portNginx}`,
      TRUST_PROXY: '127.0.0.1',
      LOGIN_IP_LIMIT: String(LOGIN_IP_LIMIT),
      // Not production: each API process seeds the demo on an empty database; together they must do it once.
      NODE_ENV: 'test',
    };
    // Both start at once on the empty database; each has its own metrics listener.
    [metricsA, metricsB] = [await freePort(), await freePort()];
    a = startApiProcessOn(portA, { ...env, METRICS_PORT: String(metricsA) });
    b = startApiProcessOn(portB, { ...env, METRICS_PORT: String(metricsB) });
    await Promise.all([waitReady(a), waitReady(b)]);
    webRoot = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>portal</title>');
    nginx = await startNginx({
      port: portNginx,
      root: webRoot,
      upstream: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
    });
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    await sink?.close();
    await db?.destroy();
    if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  });

  it('migrate, write the catalogues and seed the demo once when both start at once', async () => {
    const owners = await db.selectFrom('users').select('id').where('email', '=', demoUsers.owner.email).execute();
    expect(owners).toHaveLength(1);
    const companies = await db.selectFrom('companies').select('id').execute();
    expect(companies).toHaveLength(1);
    for (const catalog of ['catalog_object_types', 'catalog_work_types'] as const) {
      const values = (await db.selectFrom(catalog).select('value').execute()).map((row) => row.value);
      expect(values.length).toBeGreaterThan(0);
      expect(new Set(values).size, catalog).toBe(values.length);
    }
  });

  it('finish a login started on the other, and rotate each other’s refresh cookies', async () => {
    const email = demoUsers.owner.email;
    const { accessToken, verified } = await logInByCode(a.url, email, (e) => sink.waitForCode(e), b.url);
    expect(verified.status).toBe(200);
    let cookie = refreshCookie(verified);

    for (const apiProcess of [a, b, a]) {
      const refreshed = await fetch(`${apiProcess.url}/api/authentication/refresh`, {
        method: 'POST',
        headers: { cookie: `refresh_token=${cookie}`, 'x-requested-with': 'fetch' },
      });
      expect(refreshed.status, `refresh at ${apiProcess.url}: ${await refreshed.clone().text()}`).toBe(200);
      const next = refreshCookie(refreshed);
      expect(next).not.toBe(cookie);
      cookie = next;
    }

    // Through nginx the requests go to both API processes, and every one is answered as the same user.
    for (let i = 0; i < 6; i++) {
      const me = await fetch(`${nginx.url}/api/users/me`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(email);
    }
    expect(await answeredBy(nginx, a, 'GET /api/users/me')).toBeGreaterThan(0);
    expect(await answeredBy(nginx, b, 'GET /api/users/me')).toBeGreaterThan(0);
  });

  it('download through one what was uploaded through the other', async () => {
    const email = demoUsers.employee.email;
    const { accessToken: token } = await logInByCode(nginx.url, email, (e) => sink.waitForCode(e));
    const authorization = `Bearer ${token}`;

    const bytes = Buffer.from(`%PDF-1.4 фасады ${'x'.repeat(200_000)}`);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'Фасады.pdf');
    const uploaded = await fetch(`${a.url}/api/prefiles`, { method: 'POST', headers: { authorization }, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { id: prefileId } = (await uploaded.json()) as { id: number };

    const created = await fetch(`${b.url}/api/statements`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ objectName: 'Школа на 550 мест', prefileIds: [prefileId] }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const statement = (await created.json()) as { stages: { files: { url: string; fileName: string }[] }[] };
    const file = statement.stages[0]?.files[0];
    expect(file?.fileName).toBe('Фасады.pdf');

    for (const apiProcess of [a, b]) {
      const downloaded = await fetch(`${apiProcess.url}/files/${file?.url}`, { headers: { authorization } });
      expect(downloaded.status).toBe(200);
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('count the per-IP login limit across both', async () => {
    const answers: number[] = [];
    for (let i = 0; i <= LOGIN_IP_LIMIT; i++) {
      const apiProcess = i % 2 === 0 ? a : b;
      const response = await fetch(`${apiProcess.url}/api/authentication/start-email-login`, {
        method: 'POST',
        // Both believe nginx (TRUST_PROXY): one client address, whichever API process it reaches.
        headers: { 'content-type': 'application/json', 'x-real-ip': '198.51.100.23' },
        body: JSON.stringify({ email: `nobody${i}@example.org` }),
      });
      answers.push(response.status);
    }
    expect(answers).toEqual([...Array(LOGIN_IP_LIMIT).fill(204), 429]);
  });

  it('each expose their own metrics; one slow upload is followed from nginx’s log line to the API’s by its id', async () => {
    const { accessToken } = await logInByCode(nginx.url, demoUsers.employee.email, (e) => sink.waitForCode(e));
    // An upload over a slow line: 5 × 32 KB, 400 ms apart, through nginx (which streams uploads to the API).
    const part = multipartFile('Разрез 1-1.pdf');
    const chunks = Array.from({ length: 5 }, (_, i) => Buffer.alloc(32 * 1024, i === 0 ? '%PDF-1.4 ' : 'x'));
    const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const { request, answer } = openRequest(Number(new URL(nginx.url).port), 'POST', '/api/prefiles', {
      token: accessToken,
      headers: part.headers(size),
    });
    request.write(part.head);
    for (const chunk of chunks) {
      request.write(chunk);
      // The pause is the input (a slow client, measured below in nginx's rt and the API's slow-request line).
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    request.end(part.tail);
    const uploaded = await answer;
    expect(uploaded.status, uploaded.body).toBe(201);
    const id = uploaded.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{32}$/);

    // nginx's access log: the line of that id says which API process answered and how long it took (written just
    // after the answer).
    const lineOf = async () =>
      (await readFile(path.join(nginx.prefix, 'logs', 'access.log'), 'utf8'))
        .split('\n')
        .find((candidate) => candidate.endsWith(`id=${id}`));
    await expect.poll(lineOf).toBeDefined();
    const line = await lineOf();
    const log = line ?? '';
    expect(line, log).toContain('"POST /api/prefiles HTTP/1.1" 201');
    const upstream = /upstream=(\S+)/.exec(line ?? '')?.[1];
    const apiProcess = [a, b].find((candidate) => new URL(candidate.url).host === upstream);
    expect(apiProcess, `upstream ${upstream}`).toBeDefined();
    expect(Number(/ rt=([\d.]+)/.exec(line ?? '')?.[1])).toBeGreaterThanOrEqual(1.5);

    // That API process's log has the slow request under the same id: route template, user, status, time; no token.
    await expect
      .poll(() =>
        apiProcess?.child
          .output()
          .split('\n')
          .some((text) => text.includes(`"reqId":"${id}"`)),
      )
      .toBe(true);
    const apiLine = JSON.parse(
      apiProcess?.child
        .output()
        .split('\n')
        .find((text) => text.includes(`"reqId":"${id}"`)) ?? '{}',
    );
    expect(apiLine).toMatchObject({ msg: 'slow request', route: '/api/prefiles', status: 201, level: 40 });
    expect(typeof apiLine.userId).toBe('number');
    expect(apiLine.ms).toBeGreaterThanOrEqual(1000);
    expect(apiProcess?.child.output()).not.toContain(accessToken);

    // Scraping both: each counts what it answered (the upload on one of them), both report the shared database's
    // statements by status after the demo seed.
    const scrape = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const [textA, textB] = await Promise.all([scrape(metricsA), scrape(metricsB)]);
    const stored = (text: string) => Number(/^portal_uploads_total\{outcome="stored"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    expect(stored(textA) + stored(textB)).toBeGreaterThanOrEqual(1);
    expect(stored(apiProcess === a ? textA : textB)).toBeGreaterThanOrEqual(1);
    for (const text of [textA, textB]) {
      expect(text).toMatch(/^portal_statements\{status="approved"\} 1$/m);
      expect(text).toContain('portal_db_pool_connections{state="total"}');
    }
    // Not through the public site.
    expect((await fetch(`${nginx.url}/metrics`)).status).not.toBe(200);
  });

  it('tell a stream opened through nginx of writes made through either apiProcess, within a second', async () => {
    // Signed with the API processes' secret (the per-address login limit of this suite is spent by now).
    const tokenOf = async (email: string) => {
      const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return { accessToken: await signAccessToken(JWT_SECRET, row.id) };
    };
    const owner = await tokenOf(demoUsers.owner.email);
    const examiner = await tokenOf(demoUsers.examiner1.email);
    const events: LiveEvent[] = [];
    let connected = false;
    const stream = openEventStream({
      url: `${nginx.url}/api/events`,
      getToken: async () => owner.accessToken,
      refresh: async () => false,
      onEvent: (event) => events.push(event),
      onConnection: (now) => {
        connected ||= now;
      },
    });
    try {
      // nginx passes it on to one of the two; the writes below go to each in turn.
      await expect.poll(() => connected).toBe(true);
      for (const apiProcess of [a, b]) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 live'))]), 'План.pdf');
        const authorization = `Bearer ${owner.accessToken}`;
        const uploaded = await fetch(`${apiProcess.url}/api/prefiles`, {
          method: 'POST',
          headers: { authorization },
          body: form,
        });
        const { id: prefileId } = (await uploaded.json()) as { id: number };
        const created = await fetch(`${apiProcess.url}/api/statements`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ objectName: `Живой объект ${apiProcess.url}`, prefileIds: [prefileId] }),
        });
        const { id } = (await created.json()) as { id: number };
        const started = Date.now();
        const taken = await fetch(`${apiProcess.url}/api/instance/StartWorkOnStatement`, {
          method: 'POST',
          headers: { authorization: `Bearer ${examiner.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ id }),
        });
        expect(taken.status).toBe(200);
        await expect
          .poll(() => events.some((event) => event.statements.includes(id) && event.notifications), { interval: 20 })
          .toBe(true);
        expect(Date.now() - started).toBeLessThan(1500);
      }
    } finally {
      stream.close();
    }
  });
});
