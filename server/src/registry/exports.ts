import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pLimit from 'p-limit';
import type { ServiceContext } from '../context.ts';
import { type ExportValidators, registryCsv, registryJson } from './registry.service.ts';

// The open data's files (docs/product.md «The public register»): each built once per state of the published set (its
// ETag) into `DATA_DIR/registry-exports`, then served from there to everyone until the set changes. A request that
// finds its file building waits for that build instead of starting another.

export type ExportKind = 'csv' | 'json';

/** Exports built at once by one process: a build reads the whole register; more wait their turn. */
export const EXPORT_BUILDS_AT_ONCE = 2;

const turn = pLimit(EXPORT_BUILDS_AT_ONCE);
const building = new Map<string, Promise<void>>();

/** Builds made by this process (the tests count them: a file is built once per state). */
export const exportBuilds = { count: 0 };

/**
 * A build's partial file untouched this long was left by a process that died building it (a live build writes it
 * continuously and renames it within seconds): the next build removes it.
 */
const ABANDONED_BUILD_MS = 60 * 60 * 1000;

async function olderThan(file: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(file)).mtimeMs > ms;
  } catch {
    return false;
  }
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}

/**
 * The file of the published set's state `validators` as `kind`, with its size: built when this state has none yet
 * (at most EXPORT_BUILDS_AT_ONCE at a time), the previous states' files of the kind removed once it is in place (a
 * download already reading one ends it whole: the file goes when its last reader closes it).
 */
export async function registryExport(
  ctx: ServiceContext,
  dataDir: string,
  kind: ExportKind,
  validators: ExportValidators,
): Promise<{ file: string; size: number }> {
  const dir = path.join(dataDir, 'registry-exports');
  const name = `${validators.etag.replaceAll('"', '')}.${kind}`;
  const file = path.join(dir, name);
  const ready = await sizeOf(file);
  if (ready !== null) return { file, size: ready };
  let build = building.get(file);
  if (!build) {
    build = turn(async () => {
      if ((await sizeOf(file)) !== null) return;
      await mkdir(dir, { recursive: true });
      const part = `${file}.${randomUUID()}.part`;
      try {
        await pipeline(
          kind === 'csv' ? registryCsv(ctx, validators.before) : registryJson(ctx, validators.before),
          createWriteStream(part),
        );
        await rename(part, file);
      } finally {
        await rm(part, { force: true });
      }
      exportBuilds.count += 1;
      for (const other of await readdir(dir)) {
        if (other !== name && other.endsWith(`.${kind}`)) await rm(path.join(dir, other), { force: true });
        else if (other.endsWith('.part') && (await olderThan(path.join(dir, other), ABANDONED_BUILD_MS))) {
          await rm(path.join(dir, other), { force: true });
        }
      }
    }).finally(() => building.delete(file));
    building.set(file, build);
  }
  await build;
  const size = await sizeOf(file);
  if (size === null) throw new Error(`registry export ${name} vanished after its build`);
  return { file, size };
}
