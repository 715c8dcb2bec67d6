import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBench } from '../../bench/seed.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { RECOMPRESS_MIN_BYTES } from '../../server/src/lists/list-cache.ts';
import { findUserByEmail } from '../../server/src/users/users.repository.ts';
import { demoUsers } from '../../tools/demo.ts';
import { startTestPortal, type TestPortal } from './helpers.ts';

// A big kept list is compressed again, harder, off the request path: later replies are smaller and
// decode to the very same list.

let portal: TestPortal;
let bearer: string;

beforeAll(async () => {
  portal = await startTestPortal();
  await seedBench(portal.ctx, { statements: 1500, filesDir: null });
  const examiner = await findUserByEmail(portal.db, demoUsers.examiner1.email);
  if (!examiner) throw new Error('no examiner1');
  bearer = `Bearer ${await signAccessToken(portal.config.jwtSecret, examiner.id)}`;
}, 120_000);
afterAll(async () => {
  await portal.close();
});

const get = () =>
  portal.app.inject({
    url: '/api/instance/all/statements',
    headers: { authorization: bearer, 'accept-encoding': 'br' },
  });

describe('the list cache compresses a big list again', () => {
  it('answers later with fewer bytes of the same list', async () => {
    const first = await get();
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.rawPayload.length).toBeGreaterThanOrEqual(RECOMPRESS_MIN_BYTES);
    const cache = portal.app.listCache;
    await expect.poll(() => cache.stats().recompressed, { timeout: 30_000 }).toBeGreaterThan(0);
    const later = await get();
    expect(later.headers['content-encoding']).toBe('br');
    expect(later.rawPayload.length).toBeLessThan(first.rawPayload.length);
    const plain = (response: typeof first) => zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(plain(later)).toBe(plain(first));
    // Every statement: the bench's 1,500 and the demo seed's.
    const all = await portal.db
      .selectFrom('statements')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(plain(later))).toHaveLength(Number(all.count));
    expect(Number(all.count)).toBeGreaterThan(1500);
  });
});
