import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FileStore } from '../storage/file-store.ts';
import type { ChildMessage, ParentMessage } from './sandbox-protocol.ts';

/**
 * The limits a parser of a user's file runs under (SECURITY.md «Files users upload»): a file is the attacker's input
 * and a parser is a decompressor, so a small file can ask for gigabytes and minutes. Whatever exceeds them is
 * refused as too complex.
 */
export interface SandboxLimits {
  /** Wall time of one parse, the child's start included. */
  timeMs: number;
  /** Resident memory of the child: the bytes it inflated included (a decompression bomb ends here). */
  memoryMb: number;
  /** The child's JavaScript heap (what inflated bytes take is held by `memoryMb`); 128 MB unless said. */
  heapMb?: number;
  /** The queue it waits in: 'stamp' for the approved set's stamping, page counts otherwise. */
  queue?: keyof typeof QUEUES;
}

export const SANDBOX_LIMITS: SandboxLimits = { timeMs: 15_000, memoryMb: 384 };

/** How a parse ended: its answer, the limits reached, or the parser could not read the file. */
export type SandboxOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'too_complex' | 'unreadable' };

/**
 * Parses running at once, per queue; more wait for a place (each holds a process and up to `memoryMb`). Stamping
 * (long, one document after another) has a queue of its own, so a page count never waits behind an album.
 */
const QUEUES = { parse: { max: 2 }, stamp: { max: 1 } } as const;
const queues = {
  parse: { running: 0, waiting: [] as Array<() => void> },
  stamp: { running: 0, waiting: [] as Array<() => void> },
};
let started = 0;

async function place(queue: keyof typeof QUEUES): Promise<() => void> {
  const state = queues[queue];
  if (state.running >= QUEUES[queue].max) await new Promise<void>((resolve) => state.waiting.push(resolve));
  state.running += 1;
  return () => {
    state.running -= 1;
    state.waiting.shift()?.();
  };
}

/** How many parses this process has started: a file's parse is kept with it, so a test can see it was not repeated. */
export function sandboxRuns(): number {
  return started;
}

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** Resident bytes of a process (Linux's /proc); null where it cannot be read, and the time limit alone holds. */
function residentBytes(pid: number): number | null {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]);
    return Number.isFinite(pages) ? pages * 4096 : null;
  } catch {
    return null;
  }
}

/**
 * Runs `parser` (a module that calls `serveParser` of sandbox-child.ts) on the stored file `key` in a process of its
 * own, never on the API's event loop: the child asks for byte ranges of the file and this process reads them from the
 * store, so the child needs no storage settings and the store's bytes pass only as asked. The child is killed when it
 * passes `limits`; its death, by a limit or a crash, is `too_complex`, its own failure to read the file `unreadable`.
 * `input` is passed to the child with the file (what a parser needs beside it).
 */
export async function parseStoredFile<T>(
  parser: URL,
  file: { files: FileStore; key: string; size: number },
  limits: SandboxLimits = SANDBOX_LIMITS,
  input?: unknown,
): Promise<SandboxOutcome<T>> {
  const release = await place(limits.queue ?? 'parse');
  started += 1;
  let child: ChildProcess | null = null;
  let watch: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  try {
    return await new Promise<SandboxOutcome<T>>((resolve) => {
      let settled = false;
      const settle = (outcome: SandboxOutcome<T>) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      const overLimit = () => {
        child?.kill('SIGKILL');
        settle({ ok: false, reason: 'too_complex' });
      };
      const spawned = fork(parser, [], {
        // The heap of a parse has no use for more; what it inflates into typed arrays is held by the watch below.
        execArgv: [`--max-old-space-size=${limits.heapMb ?? 128}`],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
      child = spawned;
      deadline = setTimeout(overLimit, limits.timeMs);
      watch = setInterval(() => {
        const pid = spawned.pid;
        const resident = pid === undefined ? null : residentBytes(pid);
        if (resident !== null && resident > limits.memoryMb * 1024 * 1024) overLimit();
      }, 20);
      const send = (message: ParentMessage) => {
        if (spawned.connected) spawned.send(message);
      };
      spawned.on('message', (raw) => {
        const message = raw as ChildMessage;
        if (message.type === 'range') {
          const end = Math.min(message.end, file.size);
          if (message.begin >= end) {
            send({ type: 'range', begin: message.begin, bytes: new Uint8Array(0) });
            return;
          }
          void file.files
            .get(file.key, { start: message.begin, end: end - 1 })
            .then(bytesOf)
            .then(
              (bytes) => send({ type: 'range', begin: message.begin, bytes }),
              () => send({ type: 'range-failed', begin: message.begin }),
            );
        } else if (message.type === 'done') {
          settle(message.ok ? { ok: true, value: message.value as T } : { ok: false, reason: 'unreadable' });
        }
      });
      spawned.on('error', () => settle({ ok: false, reason: 'too_complex' }));
      // 'close' comes after every message of the child was read: its answer, if it sent one, has settled it.
      spawned.on('close', () => settle({ ok: false, reason: 'too_complex' }));
      send({ type: 'open', size: file.size, ...(input === undefined ? {} : { input }) });
    });
  } finally {
    clearInterval(watch);
    clearTimeout(deadline);
    const ended = child as ChildProcess | null;
    if (ended && ended.exitCode === null && ended.signalCode === null) ended.kill('SIGKILL');
    release();
  }
}
