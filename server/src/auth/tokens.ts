import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** Signs the 15-minute access token; `sub` carries the user id. */
export async function signAccessToken(secret: string, userId: number, session?: string): Promise<string> {
  // `sid`: the login (refresh family) the token was issued in, so what lives on it (a live stream) ends with it.
  return new SignJWT(session ? { sid: session } : {})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(new TextEncoder().encode(secret));
}

/** Clock difference between API processes a token's `iat` and `exp` may show. */
const CLOCK_SKEW_SECONDS = 30;

/** A JWT segment: base64url without padding, nothing else. */
const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** Signing keys by secret, made once: the key is the secret's UTF-8 bytes, as jose signs with. */
const hmacKeys = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    hmacKeys.set(secret, key);
  }
  return key;
}

/** A segment's JSON, if it is an object (not an array, not null); anything else is no JWT of ours. */
function jsonObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The claims of a verified token that are checked against the clock on every use. */
interface VerifiedClaims {
  /** The secret it was verified under: a token is never taken under another key from the cache. */
  secret: string;
  userId: number;
  /** The login it was issued in (`sid`), or null for a token without one. */
  session: string | null;
  exp: number;
  iat: number;
  nbf: number | undefined;
}

/** A `sid` of ours: a refresh family's id (base64url). */
const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether a token with these (well-formed) time claims is valid at `now` (seconds): jose's checks, with skew. */
function timely(claims: { exp: number; iat: number; nbf: number | undefined }, now: number): boolean {
  if (claims.nbf !== undefined && claims.nbf > now + CLOCK_SKEW_SECONDS) return false;
  if (claims.exp <= now - CLOCK_SKEW_SECONDS) return false;
  const age = now - claims.iat;
  return !(age < -CLOCK_SKEW_SECONDS || age - CLOCK_SKEW_SECONDS > ACCESS_TOKEN_SECONDS + CLOCK_SKEW_SECONDS);
}

/** How many verified tokens are remembered (least recently used dropped first): a few per active user. */
export const VERIFIED_TOKEN_CACHE_SIZE = 1024;

/**
 * Tokens whose signature and form were verified, by their exact text, so a repeated bearer token costs a map lookup
 * instead of an HMAC and two JSON parses. Only what was fully verified is stored, under the secret it was
 * verified with; its time claims are checked again on every use, so a cached token expires exactly when it would
 * have. Nothing about the user is cached: the user's row is still read on every request, so a removed user is
 * refused at once on every API process.
 */
const verifiedTokens = new Map<string, VerifiedClaims>();

function remember(token: string, claims: VerifiedClaims): void {
  verifiedTokens.set(token, claims);
  if (verifiedTokens.size > VERIFIED_TOKEN_CACHE_SIZE)
    verifiedTokens.delete(verifiedTokens.keys().next().value as string);
}

/**
 * The user id of a valid access token, or null for anything forged, expired or malformed. A token must carry `exp`,
 * `iat` and `sub`, and be no older than its lifetime (plus skew) whatever its `exp` says: a token signed with our
 * key but without an end, or with a far one, is refused (SECURITY.md «Sessions»).
 *
 * Verified with node:crypto's HMAC (synchronous, a few microseconds) instead of jose's WebCrypto path, which
 * re-imported the key and went through the thread pool on every request (a fifth of `/api/users/me`).
 * The checks are jose's `jwtVerify` with `algorithms: ['HS256'], typ: 'JWT', requiredClaims: ['exp', 'iat', 'sub'],
 * maxTokenAge, clockTolerance`, and stricter where that costs nothing: a canonical signature, no `crit` extensions.
 * A token verified before is found in a small cache (same secret, exact text) and only its times are checked again.
 */
export function accessTokenUser(secret: string, token: string): number | null {
  const now = Math.floor(Date.now() / 1000);
  const known = verifiedTokens.get(token);
  if (known !== undefined && known.secret === secret) {
    if (!timely(known, now)) {
      verifiedTokens.delete(token);
      return null;
    }
    // Map keeps insertion order: re-inserting makes it the most recently used.
    verifiedTokens.delete(token);
    verifiedTokens.set(token, known);
    return known.userId;
  }
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header64 = '', payload64 = '', signature64 = ''] = parts;
  if (!SEGMENT.test(header64) || !SEGMENT.test(payload64) || !SEGMENT.test(signature64)) return null;
  const expected = Buffer.from(
    createHmac('sha256', hmacKey(secret)).update(`${header64}.${payload64}`).digest('base64url'),
  );
  const given = Buffer.from(signature64);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const header = jsonObject(header64);
  if (header?.alg !== 'HS256' || header.crit !== undefined) return null;
  // jose's `typ` check: case-insensitive, `application/` optional.
  if (typeof header.typ !== 'string' || header.typ.toLowerCase().replace(/^application\//, '') !== 'jwt') return null;

  const payload = jsonObject(payload64);
  if (!payload || !isNumber(payload.exp) || !isNumber(payload.iat) || typeof payload.sub !== 'string') return null;
  if (payload.nbf !== undefined && !isNumber(payload.nbf)) return null;
  const claims = { exp: payload.exp, iat: payload.iat, nbf: payload.nbf };
  if (!timely(claims, now)) return null;
  const id = Number(payload.sub);
  if (!(Number.isInteger(id) && id > 0)) return null;
  const session = typeof payload.sid === 'string' && SESSION_ID.test(payload.sid) ? payload.sid : null;
  remember(token, { secret, userId: id, session, ...claims });
  return id;
}

/** When a valid access token expires (seconds since the epoch), or null for one `accessTokenUser` refuses. */
export function accessTokenExpiry(secret: string, token: string): number | null {
  if (accessTokenUser(secret, token) === null) return null;
  // Just verified, so it is the most recently used entry of the cache.
  return verifiedTokens.get(token)?.exp ?? null;
}

/** The login a valid access token was issued in (its `sid`), or null. */
export function accessTokenSession(secret: string, token: string): string | null {
  if (accessTokenUser(secret, token) === null) return null;
  return verifiedTokens.get(token)?.session ?? null;
}

/** `accessTokenUser` for callers that await. */
export async function verifyAccessToken(secret: string, token: string): Promise<number | null> {
  return accessTokenUser(secret, token);
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
