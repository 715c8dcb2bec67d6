import type { ServiceContext } from '../context.ts';
import { addressBucket } from '../limits/address-bucket.ts';
import { hitLimit } from '../limits/limits.service.ts';

/** Register pages and exports per client address and minute (the exports are cached by nginx in front as well). */
export const REGISTRY_LIMIT = { limit: 120, windowMs: 60_000 } as const;
/** Status checks per client address (IPv6 by /64) and window: a person checks a few, a scraper hits the wall. */
export const STATUS_ADDRESS_LIMIT = { limit: 30, windowMs: 600_000 } as const;
/** Status checks of one registration number from anywhere and window: guessing its company's ИНН stops here. */
export const STATUS_NUMBER_LIMIT = { limit: 10, windowMs: 600_000 } as const;

/** Counts a register request from `ip`: 0 when allowed, otherwise the seconds to wait (shared by all processes). */
export function limitRegistry(ctx: ServiceContext, ip: string): Promise<number> {
  return hitLimit(ctx, `registry:${addressBucket(ip)}`, REGISTRY_LIMIT.limit, REGISTRY_LIMIT.windowMs);
}

/**
 * Counts a status check from `ip` for the number `visibleId` against both limits (both are always counted, so the
 * answer does not tell which one a guess used up): 0 when allowed, otherwise the seconds to wait.
 */
export async function limitStatusCheck(ctx: ServiceContext, ip: string, visibleId: number): Promise<number> {
  const byAddress = await hitLimit(
    ctx,
    `statement-status-ip:${addressBucket(ip)}`,
    STATUS_ADDRESS_LIMIT.limit,
    STATUS_ADDRESS_LIMIT.windowMs,
  );
  const byNumber = await hitLimit(
    ctx,
    `statement-status-number:${visibleId}`,
    STATUS_NUMBER_LIMIT.limit,
    STATUS_NUMBER_LIMIT.windowMs,
  );
  return Math.max(byAddress, byNumber);
}
