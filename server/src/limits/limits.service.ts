import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import { addressBucket } from './address-bucket.ts';
import { countHit, currentWindow, deleteWindowsBefore } from './limits.repository.ts';

/**
 * A fixed-window limit shared by every API process on the database: counts a hit on `key` and returns 0 while at
 * most `limit` hits fell in the current window of `windowMs`, otherwise the seconds until that window ends (for
 * `Retry-After`). Keys name their limit, e.g. `login-ip:203.0.113.5`.
 */
export async function hitLimit(ctx: ServiceContext, key: string, limit: number, windowMs: number): Promise<number> {
  const now = ctx.now();
  const { windowStart, count } = await countHit(ctx.db, key, nowIso(now), nowIso(new Date(now.getTime() - windowMs)));
  if (count <= limit) return 0;
  return Math.max(1, Math.ceil((Date.parse(windowStart) + windowMs - now.getTime()) / 1000));
}

/**
 * Where `key` stands in its current window of `windowMs`, without counting a hit: the hits so far (0 when no window
 * runs) and the seconds until the window ends.
 */
export async function limitState(
  ctx: ServiceContext,
  key: string,
  windowMs: number,
): Promise<{ count: number; secondsLeft: number }> {
  const now = ctx.now();
  const window = await currentWindow(ctx.db, key, nowIso(new Date(now.getTime() - windowMs)));
  if (!window) return { count: 0, secondsLeft: 0 };
  const secondsLeft = Math.max(1, Math.ceil((Date.parse(window.windowStart) + windowMs - now.getTime()) / 1000));
  return { count: window.count, secondsLeft };
}

/**
 * Counts a request of the client at `address` against a per-network limit (`name`: its keys are `name:bucket`, an
 * IPv6 client counted by its /64), shared by every API process; over it, 429 with `Retry-After` and `message`.
 * Answers the client's network bucket.
 */
export async function limitClientNetwork(
  ctx: ServiceContext,
  address: string,
  limit: { name: string; limit: number; windowMs: number; message: string },
): Promise<string> {
  const bucket = addressBucket(address);
  const retryAfter = await hitLimit(ctx, `${limit.name}:${bucket}`, limit.limit, limit.windowMs);
  if (retryAfter > 0) {
    throw new ApiError('too_many_requests', {
      message: limit.message,
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  return bucket;
}

/** Forgets windows older than `olderThanMs` (a day by default, as long as the longest limit's window: a company's petitions). */
export function sweepLimits(ctx: ServiceContext, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  return deleteWindowsBefore(ctx.db, nowIso(new Date(ctx.now().getTime() - olderThanMs)));
}
