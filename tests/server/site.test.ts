import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { createMailer } from '../../server/src/mail/mailer.ts';
import { SECURITY_HEADERS } from '../../server/src/site/headers.ts';
import { resolveSitePath, serveSite } from '../../server/src/site/static.ts';
import { startTestPortal } from './helpers.ts';

let dist: string;

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
