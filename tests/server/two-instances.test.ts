// Scale-out (docs/decisions.md «Several API instances: nothing shared lives in one process»): two API processes on one
// PostgreSQL and one S3-compatible bucket, behind one nginx upstream running this repository's nginx.conf. Nothing an
// instance keeps of its own may matter: a login started on one is finished on the other, a refresh cookie from one
// rotates on the other, a file uploaded through one downloads through the other, the per-IP login limit counts across
// both, and both starting at once on an empty database migrate, write the catalogues and seed the demo once.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../server/src/db/database.ts';
import type { Child } from '../../tools/child.ts';
import { demoUsers } from '../../tools/demo.ts';
import { freePort } from '../../tools/free-port.ts';
import { answersOk } from '../../tools/http.ts';
import { logInByCode } from '../../tools/login.ts';
import { type RunningNginx, startNginx } from '../../tools/nginx.ts';
import { startTestS3, type TestS3 } from '../../tools/s3.ts';
import { type SmtpSink, startSmtpSink } from '../../tools/smtp-sink.ts';
import { startApiProcess, usingPostgres } from './helpers.ts';

const LOGIN_IP_LIMIT = 4;

interface Instance {
  url: string;
  child: Child;
  stop(): Promise<void>;
}

function startInstance(port: number, env: Record<string, string>): Instance {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-instance-'));
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

const waitReady = (instance: Instance) =>
  instance.child.waitForStart({
    name: instance.url,
    ready: () => answersOk(`${instance.url}/api/health/ready`),
    timeoutMs: 60_000,
  });

/** The refresh cookie a reply set. */
function refreshCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('refresh_token='));
  if (!cookie) throw new Error(`no refresh cookie (${response.status})`);
  return cookie.slice('refresh_token='.length).split(';')[0] ?? '';
}

/** Requests for one path that nginx's access log (format `portal`, nginx.conf) says one instance answered. */
async function answeredBy(nginx: RunningNginx, instance: Instance, request: string): Promise<number> {
  const log = await readFile(path.join(nginx.prefix, 'logs', 'access.log'), 'utf8');
  const upstream = `upstream=${new URL(instance.url).host}`;
  return log.split('\n').filter((line) => line.includes(`"${request} HTTP/1.1"`) && line.includes(upstream)).length;
}

describe.runIf(usingPostgres)('two API instances on one PostgreSQL behind one nginx upstream', () => {
  let a: Instance;
  let b: Instance;
  let nginx: RunningNginx;
  let sink: SmtpSink;
  let s3: TestS3;
  let db: Db;
  let webRoot: string;

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
      // One secret for every instance: a token signed by one is good at the other.
      JWT_SECRET: 'two-instances-secret-that-is-long-enough-for-hs256',
      SMTP_URL: sink.smtpUrl,
      PUBLIC_ORIGIN: `http://127.0.0.1:${portNginx}`,
      TRUST_PROXY: '127.0.0.1',
      LOGIN_IP_LIMIT: String(LOGIN_IP_LIMIT),
      // Not production: each instance seeds the demo on an empty database; together they must do it once.
      NODE_ENV: 'test',
    };
    // Both start at once on the empty database.
    a = startInstance(portA, env);
    b = startInstance(portB, env);
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

    for (const instance of [a, b, a]) {
      const refreshed = await fetch(`${instance.url}/api/authentication/refresh`, {
        method: 'POST',
        headers: { cookie: `refresh_token=${cookie}`, 'x-requested-with': 'fetch' },
      });
      expect(refreshed.status, `refresh at ${instance.url}: ${await refreshed.clone().text()}`).toBe(200);
      const next = refreshCookie(refreshed);
      expect(next).not.toBe(cookie);
      cookie = next;
    }

    // Through nginx the requests go to both instances, and every one is answered as the same user.
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

    for (const instance of [a, b]) {
      const downloaded = await fetch(`${instance.url}/files/${file?.url}`, { headers: { authorization } });
      expect(downloaded.status).toBe(200);
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('count the per-IP login limit across both', async () => {
    const answers: number[] = [];
    for (let i = 0; i <= LOGIN_IP_LIMIT; i++) {
      const instance = i % 2 === 0 ? a : b;
      const response = await fetch(`${instance.url}/api/authentication/start-email-login`, {
        method: 'POST',
        // Both believe nginx (TRUST_PROXY): one client address, whichever instance it reaches.
        headers: { 'content-type': 'application/json', 'x-real-ip': '198.51.100.23' },
        body: JSON.stringify({ email: `nobody${i}@example.org` }),
      });
      answers.push(response.status);
    }
    expect(answers).toEqual([...Array(LOGIN_IP_LIMIT).fill(204), 429]);
  });
});
