// Figure 14: the approved set's stamp on the bench's drawing album (300 sheets, 97.5 MiB: bench/lib/drawing-set.ts),
// made by the function the approval makes it with (`stampStored`, docs/product.md «The approved set»): the stored
// file stamped by stamp-child.ts in the parsing sandbox under STAMP_LIMITS, and the stamped copy stored. Measured: the time from the child's start to
// the stored copy, the peak RSS of the stamping child and the RSS the calling process (the API's, here the bench's)
// adds meanwhile, sampled from /proc every 10 ms (VmHWM, so a peak between two samples counts), and the bytes the
// stamp adds. The album is made by a process of its own, so the caller's memory holds none of it before the stamping.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { checkUrl } from '#domain/certificates.ts';
import { COMMITTEE_NAME } from '#domain/committee.ts';
import { certificateDate } from '#domain/pdf/page.ts';
import { STAMP_LIMITS, stampStored } from '../server/src/approved-sets/approved-sets.service.ts';
import type { StampInput } from '../server/src/approved-sets/stamp.ts';
import { committeeFonts } from '../server/src/letters/letters.ts';
import { directoryFileStore } from '../server/src/storage/file-store.ts';
import { ALBUM, drawingSet } from './lib/drawing-set.ts';
import { childPids, memoryOf } from './lib/proc.ts';
import { atMost, type Figure, failed } from './lib/table.ts';

const MB = 1024 * 1024;
const TIME_BUDGET_MS = 60_000;
const RSS_BUDGET = 400 * MB;
/** Rounds of the stamping; the median is reported (one takes tens of seconds). */
const ROUNDS = Number(process.env.BENCH_STAMP_ROUNDS ?? 3);

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Stamped {
  ms: number;
  childPeak: number;
  /** The calling process's peak RSS above its RSS before the stamping. */
  callerAdded: number;
  size: number;
  pages: number;
}

/** One stamping of the stored album as the approval runs it, with the child's and the caller's peak RSS. */
async function stampOnce(
  files: ReturnType<typeof directoryFileStore>,
  key: string,
  size: number,
  input: StampInput,
): Promise<Stamped> {
  const before = new Set(await childPids());
  const base = (await memoryOf(process.pid)).rss;
  // Resets this process's VmHWM to its current RSS (Linux 4.0+), so VmHWM afterwards is this stamping's peak.
  await writeFile('/proc/self/clear_refs', '5').catch(() => undefined);
  let childPeak = 0;
  let callerPeak = base;
  let running = true;
  const sampler = (async () => {
    while (running) {
      for (const pid of await childPids()) {
        if (before.has(pid)) continue;
        const { rss, hwm } = await memoryOf(pid);
        childPeak = Math.max(childPeak, rss, hwm);
      }
      callerPeak = Math.max(callerPeak, (await memoryOf(process.pid)).rss);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  let result: { size: number; pages: number };
  let stampedKey = '';
  try {
    const stamped = await stampStored(files, { key, size }, input);
    if ('refused' in stamped) throw new Error(`the album was not stamped: ${stamped.refused} (limits ${limitsText()})`);
    stampedKey = stamped.key;
    result = { size: stamped.size, pages: stamped.pages };
  } finally {
    running = false;
    await sampler;
  }
  const ms = performance.now() - started;
  callerPeak = Math.max(callerPeak, (await memoryOf(process.pid)).hwm);
  await files.remove(stampedKey);
  return { ms, childPeak, callerAdded: callerPeak - base, ...result };
}

const limitsText = () =>
  `${STAMP_LIMITS.timeMs / 1000} s, ${STAMP_LIMITS.memoryMb} MB resident, ${STAMP_LIMITS.heapMb} MB heap`;

/** The stamp as an approval by the demo's examiner writes it. */
async function stampInput(): Promise<StampInput> {
  const fonts = await committeeFonts();
  return {
    kind: 'pdf',
    lines: {
      title: 'СОГЛАСОВАНО',
      committee: COMMITTEE_NAME,
      certificate: `Свидетельство № 1042 от ${certificateDate(new Date('2026-11-30T09:00:00Z'))}`,
      examiner: 'Смирнова Ольга Викторовна',
    },
    checkUrl: checkUrl('https://portal.example', 'x'.repeat(32)),
    corner: 'bottom-right',
    fonts: { regular: Buffer.from(fonts.regular, 'base64'), bold: Buffer.from(fonts.bold, 'base64') },
  };
}

/** Figure 14: the album stamped as the approval stamps it: time, child's and caller's peak RSS, bytes added. */
export async function stampingFigures(): Promise<Figure[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-stamping-'));
  try {
    const key = 'album0000000000000000000000000000';
    // Made by a process of its own: PDFKit's chunks and the whole file never sit in this process's memory.
    const made = spawnSync(process.execPath, [fileURLToPath(import.meta.url), 'make', path.join(dir, key)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (made.status !== 0) throw new Error(`making the album exited with ${made.status}`);
    const size = (await stat(path.join(dir, key))).size;
    const files = directoryFileStore(dir);
    const input = await stampInput();
    const load = () =>
      os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ');
    const loadBefore = load();
    const rounds: Stamped[] = [];
    for (let round = 0; round < ROUNDS; round += 1) rounds.push(await stampOnce(files, key, size, input));
    const loadAfter = load();
    for (const round of rounds) {
      if (round.pages !== ALBUM.pages) throw new Error(`the stamped album has ${round.pages} pages`);
    }
    const album = `${(size / MB).toFixed(1)} MiB, ${ALBUM.pages} pages`;
    const each = (pick: (round: Stamped) => number, format: (value: number) => string) =>
      rounds.map((round) => format(pick(round))).join(', ');
    const added = (rounds[0]?.size ?? 0) - size;
    return [
      atMost(
        {
          group: 14,
          name: `approved set: stamping a ${album} album in the sandbox's child, to the stored copy (median of ${ROUNDS})`,
          budget: '≤ 60 s',
          anchor: `pdf-lib; limits ${limitsText()}; rounds ${each((r) => r.ms, seconds)}; load ${loadBefore} → ${loadAfter}`,
        },
        median(rounds.map((round) => round.ms)),
        TIME_BUDGET_MS,
        seconds,
      ),
      atMost(
        {
          group: 14,
          name: `approved set: peak RSS of the stamping child (largest of ${ROUNDS}: the sandbox's bound holds every one)`,
          budget: '≤ 400 MB',
          anchor: `rounds ${each((r) => r.childPeak, megabytes)}`,
        },
        Math.max(...rounds.map((round) => round.childPeak)),
        RSS_BUDGET,
        megabytes,
      ),
      {
        group: 14,
        name: 'approved set: RSS the calling (API) process adds while the album is stamped and stored',
        budget: 'reported',
        anchor: `rounds ${each((r) => r.callerAdded, megabytes)}; the file's ranges it reads for the child, 8 MB at a time`,
        measured: megabytes(median(rounds.map((round) => round.callerAdded))),
        value: median(rounds.map((round) => round.callerAdded)),
        verdict: 'info',
      },
      {
        group: 14,
        name: 'approved set: bytes the stamp adds to the album',
        budget: 'reported',
        anchor: `${(added / ALBUM.pages / 1024).toFixed(1)} KB a page, fonts included`,
        measured: `+${(added / MB).toFixed(2)} MB (${((added / size) * 100).toFixed(1)} %)`,
        value: added,
        verdict: 'info',
      },
    ];
  } catch (error) {
    return [failed(14, 'approved set: stamping the album', error)];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main && process.argv[2] === 'make') {
  // The album's bytes, written for stampingFigures by this module run as a process of its own.
  const target = process.argv[3];
  if (!target) throw new Error('usage: node bench/stamping.ts make FILE');
  await writeFile(target, await drawingSet({ ...ALBUM, layout: 'grouped' }));
} else if (import.meta.main) {
  // `node bench/stamping.ts`: figure 14 alone (BENCH_STAMP_ROUNDS: how many stampings, 3 unless said).
  for (const figure of await stampingFigures()) {
    console.log(`${figure.name} | ${figure.budget} | ${figure.anchor} | ${figure.measured} | ${figure.verdict}`);
    if (figure.note) console.log(`  ${figure.note}`);
  }
}
