import type { ServiceContext } from '../context.ts';
import { addressBucket } from '../limits/address-bucket.ts';
import { hitLimit } from '../limits/limits.service.ts';

/** Public certificate checks per client address and window: plenty for people, a wall for enumeration. */
export const CHECK_LIMIT = { limit: 60, windowMs: 60_000 } as const;

/**
 * The one place the public check's rate limit lives: counts a check from `ip` and answers 0 when allowed, otherwise
 * the seconds to wait. Shared by every API process through the database (`hitLimit`); IPv6 counts by /64.
 */
export function limitCertificateCheck(ctx: ServiceContext, ip: string): Promise<number> {
  return hitLimit(ctx, `certificate-check:${addressBucket(ip)}`, CHECK_LIMIT.limit, CHECK_LIMIT.windowMs);
}
