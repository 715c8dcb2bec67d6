import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { demoUsers } from '../../tools/demo.ts';
import { freePort } from '../../tools/free-port.ts';
import { type RunningNginx, startNginx } from '../../tools/nginx.ts';
import { startPortalProcess } from '../../tools/portal-process.ts';
import type { Mailbox } from '../../tools/smtp-sink.ts';
import { recordCspViolations } from './csp.ts';
import { test as base, expect } from './fixtures.ts';
import { distDir } from './paths.ts';
import { type Portal, servedThroughNginx, serverEnv, startPortal } from './portal.ts';

interface Proxied {
  portal: Portal;
  nginx: RunningNginx;
  /** The API's metrics listener (METRICS_PORT), beside nginx, never behind it. */
  metricsUrl: string;
}

/** The portal server behind the repo's own nginx.conf, serving the repo's dist/: one per worker. */
const test = base.extend<{ proxiedLogs: undefined }, { proxied: Proxied }>({
  proxied: [
    async ({ workerServer }, use) => {
      const port = await freePort();
      const metricsPort = await freePort();
      const portal = await startPortal({
        smtpUrl: (await workerServer.sink()).smtpUrl,
        // No PUBLIC_ORIGIN: refresh/logout must accept the browser's Origin by the Host nginx passes on.
        publicOrigin: '',
        env: { TRUST_PROXY: '127.0.0.1', METRICS_PORT: String(metricsPort) },
      });
      let nginx: RunningNginx;
      try {
        nginx = await startNginx({ port, root: distDir, upstream: `127.0.0.1:${portal.port}` });
      } catch (error) {
        await portal.stop();
        throw error;
      }
      await use({ portal, nginx, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` });
      await nginx.stop();
      await portal.stop();
    },
    { scope: 'worker' },
  ],
  proxiedLogs: [
    async ({ proxied }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      await testInfo.attach('nginx-error.log', { body: await proxied.nginx.errorLog(), contentType: 'text/plain' });
      await testInfo.attach('server-output.txt', { body: proxied.portal.output(), contentType: 'text/plain' });
    },
    { auto: true },
  ],
  baseURL: async ({ proxied }, use) => {
    await use(proxied.nginx.url);
  },
});

const SECURITY_HEADERS: Record<string, string> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'content-security-policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'none'; form-action 'self'",
};

/** Every security header exactly once, with its value (a duplicate would mean nginx and the server both sent it). */
function expectSecurityHeaders(response: APIResponse): void {
  const headers = response.headersArray();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    const values = headers.filter((h) => h.name.toLowerCase() === name).map((h) => h.value);
    expect(values, `${name} on ${response.url()}`).toEqual([value]);
  }
  expect(response.headers().server ?? '', 'server_tokens off').not.toMatch(/\d/);
}

/** Logs `email` in through `api` (nginx) by the mailed code; answers the access token. */
async function logInThrough(api: APIRequestContext, mailbox: Mailbox, email: string): Promise<string> {
  expect((await api.post('/api/authentication/start-email-login', { data: { email } })).status()).toBe(204);
  const code = await mailbox.waitForCode(email);
  const verified = await api.post('/api/authentication/verify-email-login', { data: { email, code } });
  return ((await verified.json()) as { access_token: string }).access_token;
}

function shell(route: string): string {
  return readFileSync(path.join(distDir, route, 'index.html'), 'utf8');
}

test.describe('nginx.conf in front of the portal', () => {
  // These put their own nginx in front of `npm start` and compare the two; under E2E_SERVE=nginx the worker's portal
  // is nginx already. They run in the `npm start` pass.
  test.skip(servedThroughNginx, 'compares nginx with npm start: runs in the npm start pass');

  test('pages are HTML, revalidated, with the security headers', async ({ request }) => {
    for (const route of ['/', '/login', '/login/', '/company', '/instance/filter/under_review']) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(200);
      expect(response.headers()['content-type'], route).toMatch(/^text\/html/);
      expect(response.headers()['cache-control'], route).toBe('no-cache');
      expectSecurityHeaders(response);
    }
  });

  test('id routes are served by their shells', async ({ request }) => {
    const cases: [string, string][] = [
      ['/statement/info/123', 'statement/info/shell'],
      ['/statement/info/123/', 'statement/info/shell'],
      ['/instance/statement/info/45', 'instance/statement/info/shell'],
      ['/employees/7/edit', 'employees/shell/edit'],
      ['/employees/7/edit/', 'employees/shell/edit'],
    ];
    for (const [route, shellDir] of cases) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(200);
      expect(response.headers()['cache-control'], route).toBe('no-cache');
      expect(await response.text(), route).toBe(shell(shellDir));
      expectSecurityHeaders(response);
    }
  });

  test('hashed assets are cached for a year', async ({ request }) => {
    const assets = readdirSync(path.join(distDir, '_astro')).filter((f) => /\.(js|css)$/.test(f));
    expect(assets.length, 'dist/_astro has js or css').toBeGreaterThan(0);
    const response = await request.get(`/_astro/${assets[0]}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(response);
  });

  test('text is gzipped', async ({ request }) => {
    const response = await request.get('/login', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers()['content-encoding']).toBe('gzip');
  });

  test('the build precompressed its text assets; nginx sends the .gz as it is, npm start the .br or the .gz', async ({
    request,
    proxied,
  }) => {
    const assets = readdirSync(path.join(distDir, '_astro')).filter(
      (f) => /\.(js|css)$/.test(f) && existsSync(path.join(distDir, '_astro', `${f}.gz`)),
    );
    expect(assets.length, 'dist/_astro has precompressed js or css').toBeGreaterThan(0);
    for (const file of [`_astro/${assets[0]}`, 'login/index.html']) {
      expect(existsSync(path.join(distDir, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(path.join(distDir, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
    const asset = `/_astro/${assets[0]}`;
    const original = readFileSync(path.join(distDir, asset));
    const gzSize = statSync(path.join(distDir, `${asset}.gz`)).size;
    const brSize = statSync(path.join(distDir, `${asset}.br`)).size;

    // gzip_static: the file's own length, not a chunked on-the-fly stream.
    const viaNginx = await request.get(asset, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(viaNginx.headers()['content-encoding']).toBe('gzip');
    expect(viaNginx.headers()['content-length']).toBe(String(gzSize));
    expect(viaNginx.headers().vary).toMatch(/Accept-Encoding/i);
    expect(viaNginx.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await viaNginx.body()).toEqual(original);
    expectSecurityHeaders(viaNginx);

    const br = await request.get(`${proxied.portal.url}${asset}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers()['content-length']).toBe(String(brSize));
    expect(br.headers().vary).toMatch(/Accept-Encoding/i);
    expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await br.body()).toEqual(original);
    const gz = await request.get(`${proxied.portal.url}/login`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers()['content-encoding']).toBe('gzip');
    expect(gz.headers().vary).toMatch(/Accept-Encoding/i);
    expect(await gz.text()).toBe(shell('login'));
  });

  test('nginx and npm start answer a repeated request with 304 by ETag', async ({ request, proxied }) => {
    const assets = readdirSync(path.join(distDir, '_astro')).filter((f) => /\.(js|css)$/.test(f));
    for (const base of [proxied.nginx.url, proxied.portal.url]) {
      for (const route of [`/_astro/${assets[0]}`, '/login', '/statement/info/5']) {
        const url = `${base}${route}`;
        const first = await request.get(url, { headers: { 'Accept-Encoding': 'identity' } });
        expect(first.status(), url).toBe(200);
        const etag = first.headers().etag;
        expect(etag, `${url}: ETag`).toBeTruthy();
        const again = await request.get(url, {
          headers: { 'Accept-Encoding': 'identity', 'If-None-Match': etag ?? '' },
        });
        expect(again.status(), url).toBe(304);
        expect(again.headers()['cache-control'], url).toBe(first.headers()['cache-control']);
        expectSecurityHeaders(again);
      }
    }
  });

  test('unknown paths are 404 with the site 404 page', async ({ request }) => {
    for (const route of [
      '/no-such-page',
      '/statement/info',
      '/statement/info/',
      '/employees/7/delete',
      '/.env',
      '/_astro/nope.js',
    ]) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(404);
      expect(response.headers()['content-type'], route).toMatch(/^text\/html/);
      expect(await response.text(), route).toBe(readFileSync(path.join(distDir, '404.html'), 'utf8'));
      expectSecurityHeaders(response);
    }
  });

  test('nginx and `npm start` answer site paths alike', async ({ request, proxied }) => {
    const routes = [
      '/',
      '/login',
      '/login/',
      '/company',
      '/company/filter/sent',
      '/instance/filter/under_review',
      '/statement/info/123',
      '/statement/info/123/',
      '/statement/info/1/2',
      '/statement/info',
      '/instance/statement/info/45',
      '/employees/7/edit',
      '/employees/7/edit/',
      '/employees/7',
      '/no-such-page',
    ];
    for (const route of routes) {
      const viaNginx = await request.get(`${proxied.nginx.url}${route}`);
      const direct = await request.get(`${proxied.portal.url}${route}`);
      expect(direct.status(), `${route}: status`).toBe(viaNginx.status());
      expect(direct.headers()['cache-control'], `${route}: cache-control`).toBe(viaNginx.headers()['cache-control']);
      expect(await direct.text(), `${route}: body`).toBe(await viaNginx.text());
      for (const name of Object.keys(SECURITY_HEADERS)) {
        expect(direct.headers()[name], `${route}: ${name}`).toBe(viaNginx.headers()[name]);
      }
    }
  });

  test("the API is proxied; version.json is the build's own file, never cached", async ({ request }) => {
    const me = await request.get('/api/users/me');
    expect(me.status()).toBe(401);
    expect(me.headers()['content-type']).toMatch(/^application\/json/);
    expect(await me.json()).toMatchObject({ error: 'unauthorized' });
    expectSecurityHeaders(me);

    const version = await request.get('/version.json');
    expect(version.status()).toBe(200);
    expect(version.headers()['cache-control']).toBe('no-cache');
    const built = JSON.parse(readFileSync(path.join(distDir, 'version.json'), 'utf8')) as { version: string };
    expect(await version.json()).toEqual({ version: built.version });
    expectSecurityHeaders(version);
  });

  test('the public register is cached by nginx for a minute by its URI, never with a cookie or a session', async ({
    request,
  }) => {
    // A URI no other test asks for, so the first answer is the API's own.
    const url = `/api/public/registry?pageSize=3&query=${Date.now()}`;
    const first = await request.get(url);
    expect(first.status()).toBe(200);
    expect(first.headers()['x-cache-status']).toBe('MISS');
    expectSecurityHeaders(first);
    const second = await request.get(url);
    expect(second.headers()['x-cache-status']).toBe('HIT');
    expect(await second.json()).toEqual(await first.json());
    expectSecurityHeaders(second);
    expect((await request.get(url, { headers: { cookie: 'a=b' } })).headers()['x-cache-status']).toBe('BYPASS');
    expect((await request.get(url, { headers: { authorization: 'Bearer x' } })).headers()['x-cache-status']).toBe(
      'BYPASS',
    );

    // A made-up parameter is refused by the API, never cached, and makes no new cache entry: the key holds only the
    // register's own parameters, so the same page with junk beside them is the cached one.
    const fresh = `/api/public/registry?pageSize=2&query=${Date.now()}`;
    for (let i = 0; i < 2; i++) {
      const junk = await request.get(`${fresh}&junk=${i}`);
      expect(junk.status()).toBe(400);
      expect((await junk.json()).message).toContain('лишнее поле «junk»');
      expect(junk.headers()['cache-control']).toBe('no-store');
      expect(junk.headers()['x-cache-status']).toBe('MISS');
    }
    expect((await request.get(fresh)).headers()['x-cache-status']).toBe('MISS');
    expect((await request.get(`${fresh}&junk=2`)).headers()['x-cache-status']).toBe('HIT');

    // The open data: a scraper's conditional request is a 304 from the cache.
    const csv = await request.get('/api/public/registry.csv');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    const etag = csv.headers().etag as string;
    const again = await request.get('/api/public/registry.csv', { headers: { 'if-none-match': etag } });
    expect(again.status()).toBe(304);

    // The status check is never cached.
    const status = await request.post('/api/public/statement-status', {
      data: { visibleId: 987654321, inn: '7700000000' },
    });
    expect(status.status()).toBe(404);
    expect(status.headers()['x-cache-status']).toBeUndefined();
  });

  test('one request id from nginx’s log to the API’s answer; the metrics are on their own listener, never through nginx', async ({
    request,
    proxied,
  }) => {
    const health = await request.get('/api/health');
    const id = health.headers()['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await expect
      .poll(async () => readFileSync(path.join(proxied.nginx.prefix, 'logs', 'access.log'), 'utf8'))
      .toContain(`"GET /api/health HTTP/1.1" 200`);
    const logged = readFileSync(path.join(proxied.nginx.prefix, 'logs', 'access.log'), 'utf8');
    expect(logged).toContain(`id=${id}`);

    for (const address of ['/metrics', '/api/metrics']) {
      const exposed = await request.get(address);
      expect(exposed.status()).toBe(404);
      expect(await exposed.text()).not.toContain('portal_http_requests_total');
    }
    const scraped = await fetch(proxied.metricsUrl);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
    expect(text).toContain('portal_statements{status="sent"}');
  });

  test('uploads past 100 MB and their multipart framing are refused by nginx with a JSON 413', async ({ proxied }) => {
    const { port } = new URL(proxied.nginx.url);
    // Only the declared length matters: nginx answers before reading the body.
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        data += chunk;
        // Done at the end of the JSON body; waiting for the close would sit out nginx's lingering close.
        if (/\r\n\r\n[\s\S]*\}/.test(data)) {
          socket.destroy();
          resolve(data);
        }
      });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
      socket.write(
        'POST /api/prefiles HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\n' +
          // 101 MB + 1: a 100 MB file with its framing fits under /api/prefiles' limit, this does not.
          'Content-Length: 105906177\r\nConnection: close\r\n\r\n',
      );
    });
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply).toContain('"error":"payload_too_large"');
  });

  test('a file of exactly 100 MB uploads through nginx', async ({ proxied, workerServer, playwright }) => {
    test.setTimeout(120_000);
    const { email } = demoUsers.examiner2;
    const mailbox = (await workerServer.sink()).view();
    const api = await playwright.request.newContext({ baseURL: proxied.nginx.url });
    try {
      const token = await logInThrough(api, mailbox, email);
      const upload = await api.post('/api/prefiles', {
        headers: { authorization: `Bearer ${token}` },
        multipart: {
          file: { name: 'ровно 100 МБ.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(104_857_600, 7) },
        },
        timeout: 110_000,
      });
      expect(upload.status(), await upload.text()).toBe(201);
      expect(await upload.json()).toMatchObject({ name: 'ровно 100 МБ.pdf', size: 104_857_600 });
    } finally {
      await api.dispose();
    }
  });

  test('a ranged download through nginx is the same 206 and bytes as from the server; the viewer worker is JavaScript', async ({
    proxied,
    workerServer,
    playwright,
  }) => {
    const { email } = demoUsers.examiner1;
    const mailbox = (await workerServer.sink()).view();
    const api = await playwright.request.newContext({ baseURL: proxied.nginx.url });
    try {
      const token = await logInThrough(api, mailbox, email);
      const authorization = `Bearer ${token}`;
      const listed = (await (await api.get('/api/instance/me/statements', { headers: { authorization } })).json()) as {
        id: number;
      }[];
      const first = listed[0];
      if (!first) throw new Error('examiner1 has no seeded statement');
      const statement = (await (
        await api.get(`/api/instance/statements/${first.id}`, { headers: { authorization } })
      ).json()) as { stages: { files: { url: string }[] }[] };
      const key = statement.stages[0]?.files[0]?.url;
      if (!key) throw new Error('the seeded statement has no file');
      const whole = await (await api.get(`/files/${key}`, { headers: { authorization } })).body();
      expect(whole.length).toBeGreaterThan(150);
      for (const base of [proxied.nginx.url, proxied.portal.url]) {
        for (const url of [`${base}/api/files?path=${key}`, `${base}/files/${key}`]) {
          const part = await api.get(url, { headers: { authorization, range: 'bytes=100-149' } });
          expect(part.status(), url).toBe(206);
          expect(part.headers()['content-range']).toBe(`bytes 100-149/${whole.length}`);
          expect(part.headers()['accept-ranges']).toBe('bytes');
          expect((await part.body()).equals(whole.subarray(100, 150)), url).toBe(true);
          const past = await api.get(url, { headers: { authorization, range: `bytes=${whole.length}-` } });
          expect(past.status(), url).toBe(416);
          expect(past.headers()['content-range']).toBe(`bytes */${whole.length}`);
        }
      }
      const worker = readdirSync(path.join(distDir, '_astro')).find((f) => /^pdf\.worker.*\.mjs$/.test(f));
      if (!worker) throw new Error('no pdf.js worker in the build');
      for (const base of [proxied.nginx.url, proxied.portal.url]) {
        const served = await api.get(`${base}/_astro/${worker}`);
        expect(served.status()).toBe(200);
        expect(served.headers()['content-type'], base).toMatch(/^(application|text)\/javascript\b/);
      }
    } finally {
      await api.dispose();
    }
  });

  test('2,000 slow request bodies from 40 addresses leave /login and /api/health answering within 1 s', async ({
    proxied,
  }) => {
    test.setTimeout(90_000);
    const url = new URL(proxied.nginx.url);
    const port = Number(url.port);
    const sockets: net.Socket[] = [];
    const head =
      'POST /api/authentication/start-email-login HTTP/1.1\r\nHost: portal\r\n' +
      'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{';
    // 50 connections from each of 127.0.0.2 … 127.0.0.41 (under the per-address limit of 64, so nginx must hold
    // them all), each sending one byte every 5 s: what took the nginx deployment offline.
    for (let address = 2; address <= 41; address++) {
      for (let i = 0; i < 50; i++) {
        const socket = net.connect({ host: '127.0.0.1', port, localAddress: `127.0.0.${address}` });
        socket.on('error', () => undefined);
        socket.once('connect', () => socket.write(head));
        sockets.push(socket);
      }
    }
    const trickle = setInterval(() => {
      for (const socket of sockets) if (!socket.destroyed) socket.write(' ');
    }, 5_000);
    try {
      await expect.poll(() => sockets.filter((socket) => !socket.connecting).length, { timeout: 20_000 }).toBe(2_000);
      // A normal client, meanwhile, from 127.0.0.1: every answer within 1 s, for 20 s.
      const slowest: number[] = [];
      for (let round = 0; round < 10; round++) {
        for (const path of ['/login', '/api/health']) {
          const began = performance.now();
          const response = await fetch(`${proxied.nginx.url}${path}`, { signal: AbortSignal.timeout(5_000) });
          expect(response.status, path).toBe(200);
          await response.arrayBuffer();
          slowest.push(performance.now() - began);
        }
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      expect(Math.max(...slowest)).toBeLessThan(1_000);
      // The attack held nginx's connections, never the API's: it is still open after 20 s, at nginx.
      expect(sockets.filter((socket) => !socket.destroyed).length).toBeGreaterThan(1_900);
    } finally {
      clearInterval(trickle);
      for (const socket of sockets) socket.destroy();
    }
  });

  test('JSON bodies past 1 MB, uploads without a session and oversized headers stop at nginx, in the error shape of the API', async ({
    proxied,
  }) => {
    const big = await fetch(`${proxied.nginx.url}/api/authentication/start-email-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'payload_too_large', message: 'Слишком большой запрос' });
    // 50 MB declared without a token: answered before a byte of the body is read.
    const port = Number(new URL(proxied.nginx.url).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(
          'POST /api/prefiles HTTP/1.1\r\nHost: portal\r\nContent-Type: multipart/form-data; boundary=B\r\n' +
            `Content-Length: ${50 * 1024 * 1024}\r\nConnection: close\r\n\r\n--B\r\n`,
        ),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('"unauthorized"')) socket.destroy();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('"error":"unauthorized"');
    // Headers past nginx's buffers: its own 400, in the API's shape on /api/.
    const headers = await fetch(`${proxied.nginx.url}/api/users/me`, {
      headers: { 'x-padding': 'a'.repeat(16 * 1024) },
    });
    expect(headers.status).toBe(400);
    expect(headers.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await headers.json()).toEqual({ error: 'bad_request', message: 'Слишком большие заголовки запроса' });
  });

  test('a user logs in through nginx without CSP violations', async ({ page, loginPage }) => {
    const cspViolations = await recordCspViolations(page);
    await loginPage.logIn(demoUsers.owner.email);
    await expect(page).toHaveURL(/\/company\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Все заявления' })).toBeVisible();
    expect(await cspViolations()).toEqual([]);
  });
});

base.describe('npm run start:nginx', () => {
  base('serves the site and the API through nginx on PORT and stops both on SIGTERM', async () => {
    base.setTimeout(90_000);
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-start-nginx-'));
    const env = serverEnv(port, dataDir, { SMTP_URL: undefined, API_PORT: undefined });
    const child = startPortalProcess('nginx', port, { env });
    const output = child.output;
    const url = `http://127.0.0.1:${port}`;
    try {
      await expect
        .poll(() => /Портал запущен через nginx/.test(output()) || !child.running(), { timeout: 60_000 })
        .toBe(true);
      expect(child.running(), output()).toBe(true);
      const apiUrl = /API: (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
      expect(apiUrl, output()).toBeTruthy();

      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('server')).toBe('nginx');
      expect(home.headers.get('cache-control')).toBe('no-cache');
      expect(await home.text()).toBe(readFileSync(path.join(distDir, 'index.html'), 'utf8'));

      const me = await fetch(`${url}/api/users/me`);
      expect(me.status).toBe(401);
      expect(me.headers.get('server')).toBe('nginx');
      expect(await me.json()).toMatchObject({ error: 'unauthorized' });
      const version = await fetch(`${url}/version.json`);
      expect(await version.json()).toEqual({ version: expect.any(String) });

      child.kill('SIGTERM');
      expect(
        await Promise.race([child.exited, new Promise((r) => setTimeout(() => r('timeout'), 40_000))]),
        output(),
      ).toBe(0);
      // Both are gone: nothing answers on nginx's port or the API's.
      for (const gone of [url, apiUrl]) {
        await expect(
          fetch(`${gone}/version.json`, { signal: AbortSignal.timeout(2_000) }),
          String(gone),
        ).rejects.toThrow();
      }
    } finally {
      await child.stop({ signal: 'SIGKILL' });
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
