import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import compression, { chooseEncoding } from '../../server/src/http/compression.ts';

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=0', null],
  ])('%s -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('API compression', () => {
  const rows = Array.from({ length: 500 }, (_, i) => ({ id: i, title: `Жилой комплекс «Северный» ${i}` }));
  const build = async () => {
    const app = Fastify();
    await app.register(compression);
    app.get('/api/list', async () => rows);
    app.get('/api/small', async () => ({ ok: true }));
    app.get('/page', async (_request, reply) => reply.type('application/json').send(JSON.stringify(rows)));
    return app;
  };

  it('compresses a large JSON reply with brotli or gzip as accepted, and says so', async () => {
    const app = await build();
    const br = await app.inject({ url: '/api/list', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(rows).length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(rows);
    const gz = await app.inject({ url: '/api/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(rows);
    await app.close();
  });

  it('leaves small replies, clients without Accept-Encoding and non-API paths alone', async () => {
    const app = await build();
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await app.inject({ url: '/api/list' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(rows);
    const page = await app.inject({ url: '/page', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBeUndefined();
    await app.close();
  });
});
