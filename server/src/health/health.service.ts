import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import { pingDatabase } from './health.repository.ts';

/** Each check answers within this or counts as failed (a pool waiting for a dead database never answers). */
const CHECK_TIMEOUT_MS = 3000;

/**
 * Whether this instance can serve: the database answers a trivial query and the file store takes, and removes, a
 * small probe under a fresh key (so instances never collide). Returns what failed, in Russian; empty when ready.
 */
export async function checkReadiness(ctx: ServiceContext): Promise<string[]> {
  const checks: Array<[string, () => Promise<void>]> = [
    ['база данных', () => pingDatabase(ctx.db)],
    [
      'хранилище файлов',
      async () => {
        const key = `health-probe-${randomBytes(12).toString('base64url')}`;
        await ctx.files.put(key, 'ok');
        await ctx.files.remove(key);
      },
    ],
  ];
  const results = await Promise.all(
    checks.map(async ([name, check]) => {
      try {
        await withTimeout(check(), CHECK_TIMEOUT_MS);
        return null;
      } catch (error) {
        ctx.logError(error, `readiness check failed: ${name}`);
        return name;
      }
    }),
  );
  return results.filter((name): name is string => name !== null);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
