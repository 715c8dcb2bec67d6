import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { createMailer } from '../../server/src/mail/mailer.ts';
import { SECURITY_HEADERS } from '../../server/src/site/headers.ts';
import { resolveSitePath, serveSite } from '../../server/src/site/static.ts';
import { startTestPortal } from './helpers.ts';

let dist: string;
const BIG_SCRIPT = `export const words = ${JSON.stringify('слово '.repeat(500))};\n`;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), body);
  };
  write('index.html', 'entry');
  write('login/index.html', 'login');
  write('404.html', 'not found page');
  write('statement/info/shell/index.html', 'statement shell');
  write('instance/statement/info/shell/index.html', 'instance statement shell');
  write('employees/shell/edit/index.html', 'employee shell');
  write('_astro/app.abc123.js', 'console.log(1)');
  // Precompressed by the build (scripts/precompress.ts) beside the originals.
  write('_astro/big.def456.js', BIG_SCRIPT);
  writeFileSync(path.join(dist, '_astro/big.def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(dist, '_astro/big.def456.js.gz'), gzipSync(BIG_SCRIPT));
  writeFileSync(path.join(dist, 'login/index.html.gz'), gzipSync('login'));
  writeFileSync(path.join(dist, '404.html.br'), brotliCompressSync('not found page'));
  write('.env', 'SECRET=1');
  write('_astro/.hidden', 'x');
  writeFileSync(path.join(path.dirname(dist), 'secret.txt'), 'outside');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('resolving site paths like nginx.conf', () => {
  it.each([
    ['/', 'index.html'],
    ['/login', 'login/index.html'],
    ['/login/', 'login/index.html'],
    ['/statement/info/42', 'statement/info/shell/index.html'],
    ['/statement/info/42/', 'statement/info/shell/index.html'],
    ['/instance/statement/info/7', 'instance/statement/info/shell/index.html'],
    ['/employees/5/edit', 'employees/shell/edit/index.html'],
    ['/_astro/app.abc123.js', '_astro/app.abc123.js'],
  ])('%s -> %s', async (url, file) => {
    expect(await resolveSitePath(dist, url)).toBe(path.join(dist, file));
  });

  it.each([
    '/nothing',
    '/statement/info/1/2',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/login%00.html',
    '/%E0%A4%A',
    '/.env',
    '/_astro/.hidden',
  ])('%s is not served', async (url) => {
    expect(await resolveSitePath(dist, url)).toBeNull();
  });
});

describe('serving dist/ from npm start', () => {
  it('sends the security headers, cache headers by kind and the 404 page for unknown paths', async () => {
    const portal = await startTestPortal();
    const app = await buildApp({
      config: portal.config,
      db: portal.db,
      mailer: createMailer(null, 'x', () => {}),
      extra: (instance) => serveSite(instance, dist),
    });
    const asset = await app.inject({ url: '/_astro/app.abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toContain('text/javascript');
    const page = await app.inject({ url: '/statement/info/99' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('statement shell');
    expect(page.headers['cache-control']).toBe('no-cache');
    const missing = await app.inject({ url: '/missing/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('not found page');
    for (const response of [asset, page, missing]) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(response.headers[name.toLowerCase()]).toBe(value);
    }
    const api = await app.inject({ url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('not_found');
    expect((await app.inject({ url: '/api/users/me' })).statusCode).toBe(401);
    await app.close();
    await portal.close();
  });
});

describe('precompressed files, ETag and 304 from npm start', () => {
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    portal = await startTestPortal();
    app = await buildApp({
      config: portal.config,
      db: portal.db,
      mailer: createMailer(null, 'x', () => {}),
      extra: (instance) => serveSite(instance, dist),
    });
  });
  afterAll(async () => {
    await app?.close();
    await portal?.close();
  });

  it('sends the .br beside a file to a client that accepts brotli, the .gz to one that accepts gzip', async () => {
    const br = await app.inject({ url: '/_astro/big.def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gz = await app.inject({ url: '/_astro/big.def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);

    const plain = await app.inject({ url: '/_astro/big.def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BIG_SCRIPT);
    for (const response of [br, gz, plain]) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(response.headers[name.toLowerCase()]).toBe(value);
    }
  });

  it('falls back to another encoding or the plain file when one is missing', async () => {
    // login/index.html has only a .gz.
    const page = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(page.rawPayload).toString()).toBe('login');
    // app.abc123.js has none.
    const small = await app.inject({ url: '/_astro/app.abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('keeps the 404 status with a precompressed 404 page', async () => {
    const missing = await app.inject({ url: '/missing/page', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(missing.rawPayload).toString()).toBe('not found page');
  });

  it('answers a repeated request with 304 by ETag and by Last-Modified, keeping the headers', async () => {
    for (const url of ['/_astro/app.abc123.js', '/login', '/statement/info/5']) {
      const first = await app.inject({ url });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag;
      expect(etag, url).toBeTruthy();
      expect(first.headers['last-modified'], url).toBeTruthy();
      const byEtag = await app.inject({ url, headers: { 'if-none-match': String(etag) } });
      expect(byEtag.statusCode, url).toBe(304);
      expect(byEtag.body, url).toBe('');
      expect(byEtag.headers['cache-control'], url).toBe(first.headers['cache-control']);
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(byEtag.headers[name.toLowerCase()], url).toBe(value);
      const byDate = await app.inject({
        url,
        headers: { 'if-modified-since': String(first.headers['last-modified']) },
      });
      expect(byDate.statusCode, url).toBe(304);
      const changed = await app.inject({ url, headers: { 'if-none-match': '"something-else"' } });
      expect(changed.statusCode, url).toBe(200);
    }
  });

  it('serves HEAD without a body and refuses other methods on site paths', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const post = await app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(405);
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/_astro/..%2f..%2fsecret.txt',
    '/.env',
    '/%2eenv',
    '/_astro/.hidden',
    '/login%00.html',
  ])('%s is the 404 page, never a file outside dist/ or a dotfile', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('not found page');
  });
});
