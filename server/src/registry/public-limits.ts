import type { ServiceContext } from '../context.ts';
import { addressBucket } from '../limits/address-bucket.ts';
import { hitLimit, limitState } from '../limits/limits.service.ts';

/** Register pages and exports per client address and minute (the exports are cached by nginx in front as well). */
export const REGISTRY_LIMIT = { limit: 120, windowMs: 60_000 } as const;
/** Status checks per client address (IPv6 by /64) and window: a person checks a few, a scraper hits the wall. */
export const STATUS_ADDRESS_LIMIT = { limit: 30, windowMs: 600_000 } as const;
/** Wrong ИНН for one number from one address and window: a holder's typos fit, a guesser stops. */
export const STATUS_GUESS_LIMIT = { limit: 5, windowMs: 600_000 } as const;
/**
 * Wrong ИНН for one number from all addresses and window, after which an address that guessed wrong for it once is
 * refused it until its window ends: guessing from many addresses gets one try per address. An address that never
 * guessed wrong for the number (its holder's) is always answered.
 */
export const STATUS_NUMBER_LIMIT = { limit: 10, windowMs: 600_000 } as const;

/** Register requests from `ip`: 0 when allowed, otherwise the seconds to wait (shared by all processes). */
export function limitRegistry(ctx: ServiceContext, ip: string): Promise<number> {
  return hitLimit(ctx, `registry:${addressBucket(ip)}`, REGISTRY_LIMIT.limit, REGISTRY_LIMIT.windowMs);
}

/**
 * Counts a status check of the number `visibleId` from `ip`. `retryAfter` is 0 when it may be answered, otherwise the
 * seconds to wait: the address is over its own limit (then nothing is counted on the number), or it has guessed wrong
 * for this number as often as it may. Whether it may is decided before the answer is looked at, so a refusal says
 * nothing of the ИНН asked. `wrongGuess` counts a wrong ИНН for a number that exists, on the address and the number.
 */
export async function limitStatusCheck(
  ctx: ServiceContext,
  ip: string,
  visibleId: number,
): Promise<{ retryAfter: number; wrongGuess: () => Promise<void> }> {
  const bucket = addressBucket(ip);
  const noGuess = async () => {};
  const byAddress = await hitLimit(
    ctx,
    `statement-status-ip:${bucket}`,
    STATUS_ADDRESS_LIMIT.limit,
    STATUS_ADDRESS_LIMIT.windowMs,
  );
  if (byAddress > 0) return { retryAfter: byAddress, wrongGuess: noGuess };
  const numberKey = `statement-status-number:${visibleId}`;
  const ownKey = `statement-status-guess:${visibleId}:${bucket}`;
  const [number, own] = await Promise.all([
    limitState(ctx, numberKey, STATUS_NUMBER_LIMIT.windowMs),
    limitState(ctx, ownKey, STATUS_GUESS_LIMIT.windowMs),
  ]);
  const allowed = number.count >= STATUS_NUMBER_LIMIT.limit ? 1 : STATUS_GUESS_LIMIT.limit;
  if (own.count >= allowed) return { retryAfter: own.secondsLeft, wrongGuess: noGuess };
  return {
    retryAfter: 0,
    wrongGuess: async () => {
      await hitLimit(ctx, numberKey, STATUS_NUMBER_LIMIT.limit, STATUS_NUMBER_LIMIT.windowMs);
      await hitLimit(ctx, ownKey, STATUS_GUESS_LIMIT.limit, STATUS_GUESS_LIMIT.windowMs);
    },
  };
}
