import type { ServiceContext } from '../context.ts';
import { GOST_PACKAGE } from '../signatures/openssl.ts';
import { pingDatabase } from './metrics.repository.ts';

/** Each check answers within this or counts as failed (a pool waiting for a dead database never answers). */
const CHECK_TIMEOUT_MS = 3000;

/**
 * Whether this API process can serve: the database answers a trivial query and the file store is usable (the directory
 * exists and is writable, or the bucket answers HeadBucket). Nothing is written, so a probe every few seconds costs
 * nothing. Returns what failed, in Russian; empty when ready.
 */
export async function checkReadiness(ctx: ServiceContext): Promise<string[]> {
  const checks: Array<[string, () => Promise<void>]> = [
    ['база данных', () => pingDatabase(ctx.db)],
    ['хранилище файлов', () => ctx.files.ready()],
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

/** What this instance serves without: the signature check when its OpenSSL verifies no GOST (docs/operations.md). */
export async function unavailableChecks(ctx: ServiceContext): Promise<{ check: 'signatures'; message: string }[]> {
  const state = await ctx.signatures.state().catch((error: unknown) => ({ available: false, detail: String(error) }));
  if (state.available) return [];
  return [
    {
      check: 'signatures',
      message: `Проверка электронных подписей недоступна: у OpenSSL нет движка ГОСТ (${GOST_PACKAGE})`,
    },
  ];
}
