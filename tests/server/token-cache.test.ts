// Verified access tokens are remembered (a repeated bearer token costs a lookup, not an HMAC), but the cache
// never widens what a token can do: it expires when the token would, it is bound to the key it was verified with,
// only verified tokens enter it, and the user's row is still read on every request (a removed user is refused at
// once).
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_SECONDS,
  accessTokenUser,
  signAccessToken,
  VERIFIED_TOKEN_CACHE_SIZE,
} from '../../server/src/auth/tokens.ts';
import { nowIso } from '../../server/src/db/database.ts';
import { findUserByEmail, markUserRemoved } from '../../server/src/users/users.repository.ts';
import { login, sharedPortal } from './helpers.ts';

const SECRET = 'token-cache-secret-that-is-long-enough-for-hs256';
const OTHER = 'another-secret-that-is-long-enough-for-hs256-sign';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function handMade(claims: object, secret = SECRET): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('the verified-token cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a remembered token once it has expired, as an unseen one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signAccessToken(SECRET, 11);
    expect(accessTokenUser(SECRET, token)).toBe(11);
    expect(accessTokenUser(SECRET, token)).toBe(11);
    // Past its lifetime and the clock skew: refused, and still refused (it left the cache, nothing put it back).
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_SECONDS + 31) * 1000);
    expect(accessTokenUser(SECRET, token)).toBeNull();
    expect(accessTokenUser(SECRET, token)).toBeNull();
  });

  it('refuses a remembered token whose far exp outlives the maximum age', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Math.floor(Date.now() / 1000);
    const token = handMade({ sub: '12', iat: now, exp: now + 10 * ACCESS_TOKEN_SECONDS });
    expect(accessTokenUser(SECRET, token)).toBe(12);
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_SECONDS + 61) * 1000);
    expect(accessTokenUser(SECRET, token)).toBeNull();
  });

  it('takes a remembered token under its own key only', () => {
    const now = Math.floor(Date.now() / 1000);
    const token = handMade({ sub: '13', iat: now, exp: now + 60 });
    expect(accessTokenUser(SECRET, token)).toBe(13);
    expect(accessTokenUser(OTHER, token)).toBeNull();
    expect(accessTokenUser(SECRET, token)).toBe(13);
  });

  it('remembers nothing that failed: a token not yet valid is refused until its time comes', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Math.floor(Date.now() / 1000);
    const token = handMade({ sub: '14', iat: now, exp: now + 600, nbf: now + 120 });
    expect(accessTokenUser(SECRET, token)).toBeNull();
    expect(accessTokenUser(SECRET, token)).toBeNull();
    vi.setSystemTime(Date.now() + 120 * 1000);
    expect(accessTokenUser(SECRET, token)).toBe(14);
  });

  it('stays bounded: the least recently used tokens are verified again, not lost', () => {
    const now = Math.floor(Date.now() / 1000);
    const first = handMade({ sub: '15', iat: now, exp: now + 60 });
    expect(accessTokenUser(SECRET, first)).toBe(15);
    for (let i = 0; i <= VERIFIED_TOKEN_CACHE_SIZE; i++) {
      expect(accessTokenUser(SECRET, handMade({ sub: String(1000 + i), iat: now, exp: now + 60 }))).toBe(1000 + i);
    }
    expect(accessTokenUser(SECRET, first)).toBe(15);
  });
});

describe('a remembered token of a removed user', () => {
  const portal = sharedPortal();

  it('is refused on the next request: the user row is read every time', async () => {
    const { accessToken } = await login(portal, 'employee@demo.example');
    const me = () =>
      portal.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const user = await findUserByEmail(portal.db, 'employee@demo.example');
    expect(user).toBeDefined();
    expect(await markUserRemoved(portal.db, user?.id ?? 0, nowIso())).toBe(true);
    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'unauthorized' });
  });
});
