// Access tokens verified with node:crypto's HMAC keep every check jose's jwtVerify made (SECURITY.md «Sessions»): HS256
// from the header only, typ JWT, exp/iat/sub required, no older than the lifetime, the key's signature exactly.
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from '../../server/src/auth/tokens.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token assembled by hand: any header and claims, signed with HMAC-SHA256 under `secret`. */
function handMade(header: object, claims: object, secret = SECRET): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const fresh = () => ({ sub: '7', iat: now(), exp: now() + ACCESS_TOKEN_SECONDS });

describe('verifyAccessToken', () => {
  it('takes the server’s own token and one made the same way by jose or by hand', async () => {
    expect(await verifyAccessToken(SECRET, await signAccessToken(SECRET, 42))).toBe(42);
    const jose = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('9')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(key);
    expect(await verifyAccessToken(SECRET, jose)).toBe(9);
    expect(await verifyAccessToken(SECRET, handMade({ alg: 'HS256', typ: 'JWT' }, fresh()))).toBe(7);
    expect(await verifyAccessToken(SECRET, handMade({ alg: 'HS256', typ: 'application/jwt' }, fresh()))).toBe(7);
  });

  // Each token is made when its case runs, not when the file loads: 'issued in the future' is only 31 s ahead.
  it.each([
    [
      'another key',
      () => handMade({ alg: 'HS256', typ: 'JWT' }, fresh(), 'another-secret-that-is-long-enough-for-hs256'),
    ],
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(fresh())}.`],
    ['alg HS512 in the header', () => handMade({ alg: 'HS512', typ: 'JWT' }, fresh())],
    ['no alg', () => handMade({ typ: 'JWT' }, fresh())],
    ['no typ', () => handMade({ alg: 'HS256' }, fresh())],
    ['another typ', () => handMade({ alg: 'HS256', typ: 'at+jwt' }, fresh())],
    ['a crit extension', () => handMade({ alg: 'HS256', typ: 'JWT', crit: ['b64'], b64: false }, fresh())],
    ['no sub', () => handMade({ alg: 'HS256', typ: 'JWT' }, { iat: now(), exp: now() + 60 })],
    ['a sub that is no id', () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...fresh(), sub: 'admin' })],
    ['a numeric sub', () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...fresh(), sub: 7 })],
    ['exp as text', () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...fresh(), exp: String(now() + 60) })],
    ['no exp', () => handMade({ alg: 'HS256', typ: 'JWT' }, { sub: '7', iat: now() })],
    ['no iat', () => handMade({ alg: 'HS256', typ: 'JWT' }, { sub: '7', exp: now() + 60 })],
    ['expired', () => handMade({ alg: 'HS256', typ: 'JWT' }, { sub: '7', iat: now() - 200, exp: now() - 31 })],
    [
      'too old',
      () =>
        handMade({ alg: 'HS256', typ: 'JWT' }, { sub: '7', iat: now() - ACCESS_TOKEN_SECONDS - 61, exp: now() + 60 }),
    ],
    [
      'issued in the future',
      () => handMade({ alg: 'HS256', typ: 'JWT' }, { sub: '7', iat: now() + 31, exp: now() + 600 }),
    ],
    ['not yet valid', () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...fresh(), nbf: now() + 120 })],
    ['a payload that is an array', () => handMade({ alg: 'HS256', typ: 'JWT' }, [fresh()])],
    ['two parts', () => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(fresh())}`],
    ['four parts', () => `${handMade({ alg: 'HS256', typ: 'JWT' }, fresh())}.x`],
  ])('refuses %s', async (_, token) => {
    expect(await verifyAccessToken(SECRET, token())).toBeNull();
  });

  it('refuses a changed payload and a signature written another way', async () => {
    const token = handMade({ alg: 'HS256', typ: 'JWT' }, fresh());
    const [header, payload, signature = ''] = token.split('.');
    const other = b64({ ...fresh(), sub: '8' });
    expect(await verifyAccessToken(SECRET, `${header}.${other}.${signature}`)).toBeNull();
    expect(await verifyAccessToken(SECRET, `${header}.${payload}.${signature}=`)).toBeNull();
    expect(await verifyAccessToken(SECRET, `${header}.${payload}.${signature.slice(0, -1)}`)).toBeNull();
    // The last character of 32 bytes in base64url carries 2 spare bits: another letter decodes to the same bytes.
    const last = signature.at(-1) ?? 'A';
    const twin = String.fromCharCode(last.charCodeAt(0) ^ 1);
    expect(await verifyAccessToken(SECRET, `${header}.${payload}.${signature.slice(0, -1)}${twin}`)).toBeNull();
  });
});
