// While a backup runs, the bytes of files the portal lets go wait (docs/operations.md «Резервные копии»): the backup
// copies the files its database snapshot names, and a file deleted after the snapshot must still be there when it
// gets to it. Every removal through the service context's store asks the database whether a backup runs, after the
// deletion of the file's row has committed: a backup's run row is written before its snapshot is taken, so a snapshot
// that still names the file belongs to a run this check sees.
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { namedStorageKeys } from '../files/files.service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { backupRunning } from './backup-runs.repository.ts';
import { deferFileRemoval, forgetDeferredRemoval, listDeferredRemovals } from './deferred-removals.repository.ts';

/**
 * `store` whose removals wait while a backup runs: the key goes to `deferred_file_removals` instead, and the
 * housekeeping job `removeDeferredFiles` removes it once no backup runs. Everything else is the store's own.
 */
export function holdingRemovalsDuringBackups(store: FileStore, db: Db, now: () => Date): FileStore {
  const holds = () => backupRunning(db, now());
  return {
    description: store.description,
    put: (key, source, maxBytes) => store.put(key, source, maxBytes),
    get: (key, range) => store.get(key, range),
    async remove(key) {
      if (await holds()) await deferFileRemoval(db, key, now());
      else await store.remove(key);
    },
    list: () => store.list(),
    exists: (key) => store.exists(key),
    ready: () => store.ready(),
    holdsRemovals: holds,
    discard: (key) => store.remove(key),
  };
}

const PAGE = 500;

/**
 * Removes the bytes whose removal waited for a backup, once none runs, of the keys the database no longer names (a
 * key named again keeps its bytes); returns how many went. Each key's row goes before its bytes, through the store
 * that holds removals: should a backup begin meanwhile, the removal waits again. Safe to run on any API process.
 */
export async function removeDeferredFiles(ctx: ServiceContext): Promise<number> {
  if (await backupRunning(ctx.db, ctx.now())) return 0;
  let removed = 0;
  let after = '';
  for (;;) {
    const keys = await listDeferredRemovals(ctx.db, after, PAGE);
    const named = await namedStorageKeys(ctx, keys);
    for (const key of keys) {
      await forgetDeferredRemoval(ctx.db, key);
      if (named.has(key)) continue;
      await ctx.files.remove(key);
      removed += 1;
    }
    if (keys.length < PAGE) return removed;
    after = keys[keys.length - 1] ?? after;
  }
}
