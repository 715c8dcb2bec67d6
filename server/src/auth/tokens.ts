import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** Signs the 15-minute access token; `sub` carries the user id. */
export async function signAccessToken(secret: string, userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(new TextEncoder().encode(secret));
}

/** Clock difference between API instances a token's `iat` and `exp` may show. */
const CLOCK_SKEW_SECONDS = 30;

/**
 * The user id of a valid access token, or null for anything forged, expired or malformed. A token must carry `exp`,
 * `iat` and `sub`, and be no older than its lifetime (plus skew) whatever its `exp` says: a token signed with our
 * key but without an end, or with a far one, is refused (issue 10).
 */
export async function verifyAccessToken(secret: string, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      typ: 'JWT',
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: ACCESS_TOKEN_SECONDS + CLOCK_SKEW_SECONDS,
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Opaque random value for refresh tokens and storage keys. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Refresh tokens are stored only as their SHA-256. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Login codes are stored only as an HMAC under a key derived from the server secret, bound to the e-mail. */
export function hashLoginCode(secret: string, email: string, code: string): string {
  const key = createHmac('sha256', secret).update('login-codes').digest();
  return createHmac('sha256', key).update(`${email}\n${code}`).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
