// Figures 4 (API) and 5 (uploads): measured against a running bench portal, each ratio in the same run.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import { createDatabase, nowIso } from '../server/src/db/database.ts';
import { insertAccess } from '../server/src/personal-data/access-log.repository.ts';
import { freePort } from '../tools/free-port.ts';
import { multipartFile } from '../tools/multipart.ts';
import { type BenchPortal, repoRoot } from './lib/portal.ts';
import { memoryOf } from './lib/proc.ts';
import { atLeast, atMost, type Figure, kb, ms, ratio } from './lib/table.ts';

const MB = 1024 * 1024;

/** One GET without decoding: status, bytes on the wire (body as sent) and time to the last byte. */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; wireBytes: number; encoding: string; ms: number }> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let wireBytes = 0;
      response.on('data', (chunk: Buffer) => {
        wireBytes += chunk.length;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          wireBytes,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          ms: performance.now() - began,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The middle value (the mean of the two middle ones for an even count). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[half] ?? 0) : ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
};

/** The value at quantile `q` (0–1) of `values`, nearest rank. */
const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

/** A process's CPU time so far (user + system), in milliseconds, from /proc/PID/stat. */
async function cpuMsOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Requests per second under autocannon (10 connections on loopback), and the server's CPU time per request when its
 * process id is known: the cost of a request whatever else the shared machine runs meanwhile.
 */
async function cannon(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  pid?: number,
): Promise<{ rps: number; bad: number; cpuUs: number }> {
  const before = pid === undefined ? 0 : await cpuMsOf(pid);
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  const cpuMs = pid === undefined ? 0 : (await cpuMsOf(pid)) - before;
  // autocannon counts every request in `requests.total` (not in bench/autocannon.d.ts, which lists what is read).
  const total = (result.requests as typeof result.requests & { total?: number }).total ?? 0;
  return {
    rps: result.requests.average,
    bad: result.non2xx + result.errors,
    cpuUs: total > 0 ? (cpuMs * 1000) / total : 0,
  };
}

async function startBareFastify(): Promise<{ url: string; sink: string; pid: number; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'bench/bare-fastify.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`bare fastify exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/hello`,
    sink: `http://127.0.0.1:${port}/sink`,
    pid: child.pid as number,
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * GET /api/users/me against a bare Fastify hello in its own process: three interleaved rounds (hello, then me), so
 * both see the same load on the shared machine; the ratio is the median of the rounds' ratios. The servers' CPU time
 * per request is the anchor: it drifts far less with load.
 */
export async function meVsBare(options: {
  portal: BenchPortal;
  auth: Record<string, string>;
  bare: { url: string; pid: number };
  label: string;
  seconds: number;
}): Promise<{ figure: Figure; hello: { rps: number; cpuUs: number } }> {
  const { portal, auth, bare, label } = options;
  const rounds: Array<{ hello: Awaited<ReturnType<typeof cannon>>; me: Awaited<ReturnType<typeof cannon>> }> = [];
  for (let round = 0; round < 3; round++) {
    const hello = await cannon(bare.url, {}, options.seconds, bare.pid);
    const me = await cannon(`${portal.url}/api/users/me`, auth, options.seconds, portal.pid);
    if (me.bad > 0) throw new Error(`/api/users/me: ${me.bad} failed requests under load`);
    rounds.push({ hello, me });
  }
  const hello = { rps: median(rounds.map((r) => r.hello.rps)), cpuUs: median(rounds.map((r) => r.hello.cpuUs)) };
  const me = { rps: median(rounds.map((r) => r.me.rps)), cpuUs: median(rounds.map((r) => r.me.cpuUs)) };
  const figure = atLeast(
    {
      group: 4,
      name: `${label}: GET /api/users/me vs bare Fastify hello (autocannon, 10 conn, median of 3 rounds)`,
      budget: '≥ 0.5',
      anchor:
        `bare ${hello.rps.toFixed(0)} req/s, me ${me.rps.toFixed(0)} req/s; server CPU per request ` +
        `${hello.cpuUs.toFixed(0)} µs bare, ${me.cpuUs.toFixed(0)} µs me (ratio ${(hello.cpuUs / me.cpuUs).toFixed(2)}); ` +
        `round ratios ${rounds.map((r) => (r.me.rps / r.hello.rps).toFixed(2)).join(', ')}; load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    },
    median(rounds.map((r) => r.me.rps / r.hello.rps)),
    0.5,
    ratio,
  );
  return { figure, hello };
}

/**
 * A statement's detail with the access log (docs/product.md «Personal data»): the examiner's read records one entry,
 * written on the turn after its answer left (server/src/plugins/access-log.ts), so the read itself never waits for it.
 * What the log can still cost a read is the insert of another read committing as it comes (SQLite's driver is
 * synchronous, so its commit holds the event loop): that insert is timed alone (budget 2 ms), through a handle opened
 * as the server opens its own (`createDatabase`), after the reads (a write from another connection makes SQLite drop
 * the server's page cache). The examiner's read and the owner's read of the same statement (nothing logged) are
 * reported beside it.
 */
export async function accessLogFigures(
  big: BenchPortal,
  auth: Record<string, string>,
  label: string,
): Promise<Figure[]> {
  const owner = await big.logIn('owner@demo.example');
  const ownerAuth = { authorization: `Bearer ${owner.accessToken}`, 'accept-encoding': 'br, gzip' };
  const detailAuth = { ...auth, 'accept-encoding': 'br, gzip' };
  const detailWithLog = `${big.url}/api/instance/statements/1`;
  const detailWithoutLog = `${big.url}/api/statements/1`;
  for (const [url, headers] of [
    [detailWithLog, detailAuth],
    [detailWithoutLog, ownerAuth],
  ] as const) {
    const answer = await rawGet(url, headers);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  }
  const withLog: number[] = [];
  const withoutLog: number[] = [];
  for (let i = 0; i < 21; i++) {
    withLog.push((await rawGet(detailWithLog, detailAuth)).ms);
    withoutLog.push((await rawGet(detailWithoutLog, ownerAuth)).ms);
  }
  const db = createDatabase({ databaseUrl: big.databaseUrl, dataDir: big.dataDir });
  try {
    const reader = await db
      .selectFrom('users')
      .select(['id', 'fio'])
      .where('email', '=', 'examiner1@demo.example')
      .executeTakeFirstOrThrow();
    const write = async () => {
      const began = performance.now();
      await insertAccess(db, {
        at: nowIso(),
        userId: reader.id,
        userName: reader.fio,
        address: '127.0.0.1',
        kind: 'statement',
        statementId: 1,
      });
      return performance.now() - began;
    };
    // The handle's statements are prepared before anything is counted.
    for (let i = 0; i < 3; i++) await write();
    const writes: number[] = [];
    for (let i = 0; i < 21; i++) writes.push(await write());
    return [
      {
        group: 4,
        name: `${label}: a statement's detail with the access log (examiner), p50 (21 sequential)`,
        budget: 'reported',
        anchor: `the owner's read of it, nothing logged: ${ms(median(withoutLog))}`,
        measured: ms(median(withLog)),
        value: median(withLog),
        verdict: 'info',
      },
      atMost(
        {
          group: 4,
          name: `${label}: the access log's insert, written after the read's answer, p50 (21 sequential)`,
          budget: '≤ 2 ms',
          anchor: `p90 ${ms(percentile(writes, 0.9))}; load ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')}`,
        },
        median(writes),
        2,
        ms,
      ),
    ];
  } finally {
    await db.destroy();
  }
}

/** Figure 4 for one database: the examiner's list (size, p50) and throughput ratios. */
export async function apiFigures(options: {
  big: BenchPortal;
  small: BenchPortal;
  label: string;
  seconds: number;
}): Promise<Figure[]> {
  const { big, small, label } = options;
  const figures: Figure[] = [];
  const examiner = await big.logIn('examiner1@demo.example');
  const auth = { authorization: `Bearer ${examiner.accessToken}` };
  const listUrl = `${big.url}/api/instance/all/statements`;
  const count = big.seed.statements;

  // The first reply after a write is compressed on the way (brotli 4); the list cache then compresses it again,
  // harder, for every later reply until the next write: both are reported, the later one is what examiners get.
  const first = await rawGet(listUrl, { ...auth, 'accept-encoding': 'br, gzip' });
  if (first.status !== 200) throw new Error(`examiner list answered ${first.status}`);
  const plain = await rawGet(listUrl, auth);
  const times: number[] = [];
  for (let i = 0; i < 21; i++) times.push((await rawGet(listUrl, { ...auth, 'accept-encoding': 'br, gzip' })).ms);
  // The harder compression runs in the thread pool (a few hundred ms for 6.5 MB): wait for it, at most 10 s.
  let wire = await rawGet(listUrl, { ...auth, 'accept-encoding': 'br, gzip' });
  for (let i = 0; i < 50 && wire.wireBytes >= first.wireBytes; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    wire = await rawGet(listUrl, { ...auth, 'accept-encoding': 'br, gzip' });
  }
  // The array is what a client that does not ask for columns gets; the budget is held by the site's form
  // (bench/list-wire.ts), so this one is reported beside it.
  figures.push({
    group: 4,
    name: `${label}: examiner list of ${count} on the wire as a JSON array (${wire.encoding})`,
    budget: 'reported',
    anchor: `first reply after a write ${kb(first.wireBytes)}, uncompressed ${kb(plain.wireBytes)}; the site's columns: list-wire`,
    measured: kb(wire.wireBytes),
    value: wire.wireBytes,
    verdict: 'info',
  });
  figures.push(
    atMost(
      { group: 4, name: `${label}: examiner list of ${count}, p50 (21 sequential)`, budget: '≤ 50 ms', anchor: '' },
      median(times),
      50,
      ms,
    ),
  );
  // The head's 'Нагрузка': every examiner's figures over the whole committee and the unassigned statements.
  const head = await big.logIn('head@demo.example');
  const headAuth = { authorization: `Bearer ${head.accessToken}`, 'accept-encoding': 'br, gzip' };
  const teamUrl = `${big.url}/api/instance/team`;
  const teamFirst = await rawGet(teamUrl, headAuth);
  if (teamFirst.status !== 200) throw new Error(`team workload answered ${teamFirst.status}`);
  const teamTimes: number[] = [];
  for (let i = 0; i < 21; i++) teamTimes.push((await rawGet(teamUrl, headAuth)).ms);
  figures.push(
    atMost(
      {
        group: 4,
        name: `${label}: GET /api/instance/team over ${count}, p50 (21 sequential)`,
        budget: '≤ 200 ms',
        anchor: `${kb(teamFirst.wireBytes)} on the wire (${teamFirst.encoding})`,
      },
      median(teamTimes),
      200,
      ms,
    ),
  );

  // The head's report on terms for the current quarter, as JSON: the history of a quarter found by its time.
  const reportHead = await big.logIn('head@demo.example');
  const reportAuth = { authorization: `Bearer ${reportHead.accessToken}`, 'accept-encoding': 'br, gzip' };
  const today = new Date();
  const quarterMonth = Math.floor(today.getUTCMonth() / 3) * 3;
  const quarterDay = (month: number, day: number) => new Date(Date.UTC(today.getUTCFullYear(), month, day));
  const reportUrl = `${big.url}/api/instance/reports?from=${quarterDay(quarterMonth, 1).toISOString().slice(0, 10)}&to=${quarterDay(
    quarterMonth + 3,
    0,
  )
    .toISOString()
    .slice(0, 10)}`;
  const reportFirst = await rawGet(reportUrl, reportAuth);
  if (reportFirst.status !== 200) throw new Error(`report on terms answered ${reportFirst.status}`);
  const reportTimes: number[] = [];
  for (let i = 0; i < 21; i++) reportTimes.push((await rawGet(reportUrl, reportAuth)).ms);
  figures.push(
    atMost(
      {
        group: 4,
        name: `${label}: GET /api/instance/reports (a quarter) over ${count}, p50 (21 sequential)`,
        budget: '≤ 200 ms',
        anchor: `${kb(reportFirst.wireBytes)} on the wire (${reportFirst.encoding})`,
      },
      median(reportTimes),
      200,
      ms,
    ),
  );

  figures.push(...(await accessLogFigures(big, auth, label)));

  const bare = await startBareFastify();
  try {
    const { figure, hello } = await meVsBare({ portal: big, auth, bare, label, seconds: options.seconds });
    figures.push(figure);
    const owner = await small.logIn('owner@demo.example');
    const list = await cannon(
      `${small.url}/api/statements`,
      { authorization: `Bearer ${owner.accessToken}`, 'accept-encoding': 'br, gzip' },
      options.seconds,
    );
    if (list.bad > 0) throw new Error(`/api/statements: ${list.bad} failed requests under load`);
    figures.push({
      group: 4,
      name: `${label}: GET /api/statements (${small.seed.byCompany['ООО «СтройПроект»'] ?? '?'} rows) vs bare hello`,
      budget: 'reported',
      anchor: `bare ${hello.rps.toFixed(0)} req/s, list ${list.rps.toFixed(1)} req/s`,
      measured: ratio(list.rps / hello.rps),
      value: list.rps / hello.rps,
      verdict: 'info',
    });
  } finally {
    bare.stop();
  }
  return figures;
}

/** `total` bytes of incompressible data in 1 MB chunks, the same for the upload and the disk write. */
function* chunks(total: number, block: Buffer): Generator<Buffer> {
  for (let sent = 0; sent < total; sent += block.length)
    yield sent + block.length <= total ? block : block.subarray(0, total - sent);
}

/** Streams a multipart upload of `size` bytes; resolves with the answer and how much had been sent when it came. */
function upload(
  url: string,
  token: string,
  size: number,
  block: Buffer,
): Promise<{ status: number; body: string; sentWhenAnswered: number; ms: number }> {
  const form = multipartFile('Альбом АГР (большой).pdf');
  const began = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let sentWhenAnswered = -1;
    const request = http.request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...form.headers(size) },
    });
    request.on('response', (response) => {
      sentWhenAnswered = sent;
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, sentWhenAnswered, ms: performance.now() - began }),
      );
    });
    request.on('error', (error) => {
      // The server may close the connection after refusing: what was answered counts.
      if (sentWhenAnswered < 0) reject(error);
    });
    const source = Readable.from(
      (function* () {
        yield form.head;
        for (const chunk of chunks(size, block)) {
          sent += chunk.length;
          yield chunk;
        }
        yield form.tail;
      })(),
    );
    source.pipe(request);
    request.on('close', () => source.destroy());
  });
}

/** Names the upload a failure came from (a bare `write EPIPE` says nothing of which). */
const failed =
  (what: string) =>
  (error: Error): never => {
    throw new Error(`${what}: ${error.message}`);
  };

/** Figure 5: a 100 MB upload (RSS growth, speed against a plain disk write) and a 101 MB one refused with 413. */
export async function uploadFigures(portal: BenchPortal): Promise<Figure[]> {
  const figures: Figure[] = [];
  const owner = await portal.logIn('employee@demo.example');
  const url = `${portal.url}/api/prefiles`;
  const block = randomBytes(MB);
  const size = 100 * MB;

  // Warm up the route (multipart, the store) so its code is not counted as growth.
  const warm = await upload(url, owner.accessToken, MB, block).catch(failed('warm-up upload'));
  if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status} ${warm.body}`);

  // Three rounds, each the anchor (the same bytes streamed to a file on the same disk, DATA_DIR) then the upload, so
  // both see the same load; medians of each. RSS growth is the largest over the uploads.
  const target = path.join(portal.dataDir, 'bench-disk-write.bin');
  const diskTimes: number[] = [];
  const uploadTimes: number[] = [];
  const sinkTimes: number[] = [];
  const bare = await startBareFastify();
  let growth = 0;
  let before = await memoryOf(portal.pid);
  let after = before;
  for (let round = 0; round < 3; round++) {
    const diskBegan = performance.now();
    await pipeline(Readable.from(chunks(size, block)), createWriteStream(target));
    diskTimes.push(performance.now() - diskBegan);
    await rm(target, { force: true });

    const start = await memoryOf(portal.pid);
    if (round === 0) before = start;
    let peak = start.rss;
    const sampler = setInterval(() => {
      memoryOf(portal.pid).then(
        (m) => {
          peak = Math.max(peak, m.rss);
        },
        () => {},
      );
    }, 10);
    const result = await upload(url, owner.accessToken, size, block)
      .catch(failed('100 MB upload'))
      .finally(() => clearInterval(sampler));
    after = await memoryOf(portal.pid);
    peak = Math.max(peak, after.rss);
    if (result.status !== 201) throw new Error(`100 MB upload answered ${result.status} ${result.body}`);
    uploadTimes.push(result.ms);
    growth = Math.max(growth, peak - start.rss);
    // What loopback HTTP alone allows: the same upload into a bare Fastify that drops the bytes.
    const sunk = await upload(bare.sink, owner.accessToken, size, block).catch(failed('bare sink upload'));
    if (sunk.status !== 201) throw new Error(`bare sink answered ${sunk.status}`);
    sinkTimes.push(sunk.ms);
  }
  bare.stop();
  figures.push(
    atMost(
      {
        group: 5,
        name: '100 MB upload: server RSS growth (VmRSS peak − before, worst of 3)',
        budget: '< 50 MB',
        anchor: `RSS before ${(before.rss / MB).toFixed(0)} MB, VmHWM ${(after.hwm / MB).toFixed(0)} MB`,
      },
      growth / MB,
      49.999,
      (v) => `${v.toFixed(1)} MB`,
    ),
  );
  const speed = size / MB / (median(uploadTimes) / 1000);
  const diskSpeed = size / MB / (median(diskTimes) / 1000);
  figures.push(
    atLeast(
      {
        group: 5,
        name: '100 MB upload speed vs streaming to a file on the same disk (medians of 3)',
        budget: '≥ 0.5',
        anchor: `upload ${speed.toFixed(0)} MB/s, disk ${diskSpeed.toFixed(0)} MB/s, bare HTTP sink ${(size / MB / (median(sinkTimes) / 1000)).toFixed(0)} MB/s`,
      },
      speed / diskSpeed,
      0.5,
      ratio,
    ),
  );

  // The server answers 413 from the declared length and reads and drops the rest (http/lingering-close.ts): one try.
  const big = 101 * MB;
  const refused = await upload(url, owner.accessToken, big, block).catch(failed('101 MB upload'));
  const early = refused.sentWhenAnswered >= 0 && refused.sentWhenAnswered < big;
  figures.push({
    group: 5,
    name: '101 MB upload refused with 413 before it is all read',
    budget: '413, early',
    anchor: `answered after ${(refused.sentWhenAnswered / MB).toFixed(1)} of 101 MB sent`,
    measured: `${refused.status}${early ? ', early' : ', after the whole body'}`,
    value: refused.status,
    verdict: refused.status === 413 && early ? 'ok' : 'FAIL',
  });
  return figures;
}

/**
 * The servers on the machine's last CPU and this process (the load generator) on the others, so the scheduler does not
 * move them across each other's cores mid-round: between two plain portals that cut the spread of a pair from about
 * ±8 % to ±1.5 %. False where there is no second CPU or no `taskset` (util-linux).
 */
function pin(serverPids: number[]): boolean {
  const cpus = os.cpus().length;
  if (cpus < 2) return false;
  try {
    for (const pid of serverPids)
      execFileSync('taskset', ['-a', '-cp', String(cpus - 1), String(pid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-a', '-cp', `0-${cpus - 2}`, String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** This process back on every CPU. */
function unpin(): void {
  try {
    execFileSync('taskset', ['-a', '-cp', `0-${os.cpus().length - 1}`, String(process.pid)], {
      stdio: 'ignore',
    });
  } catch {
    // Never pinned.
  }
}

/**
 * Figure 9: what collecting the metrics costs. Pairs of portals on the same small seed, started alike, one of each
 * pair with METRICS_PORT (collection on, scraped every second as Prometheus would, more often than its usual 15 s),
 * the other without. Two processes of the same code differ by a few per cent on their own (the JIT's choices; where
 * the scheduler puts them and the load generator: unpinned, a pair's difference swung by ±8 %), so the servers are
 * pinned apart from the load generator (`pin`: two plain portals then stayed within 1.5 %) and the figure is the
 * median over fresh pairs of each pair's throughput lost. Within a pair the rounds of GET /api/users/me swap their
 * order (off/on, on/off) so a machine that slows down over the run weighs on both alike. The servers' CPU time per
 * request, read beside it, is the same cost without the load generator's share of the cores.
 */
export async function metricsCostFigure(options: {
  start: (env: Record<string, string>) => Promise<BenchPortal>;
  label: string;
  seconds: number;
  pairs?: number;
  rounds?: number;
}): Promise<Figure> {
  const run = async (portal: BenchPortal, headers: Record<string, string>, seconds: number) => {
    const result = await cannon(`${portal.url}/api/users/me`, headers, seconds, portal.pid);
    if (result.bad > 0) throw new Error('/api/users/me: failed requests under load');
    return result;
  };
  const pairs: Array<{ off: number; on: number; offCpu: number; onCpu: number }> = [];
  let pinned = false;
  for (let pair = 0; pair < (options.pairs ?? 5); pair++) {
    const metricsPort = await freePort();
    const plain = await options.start({});
    const metered = await options.start({ METRICS_PORT: String(metricsPort) }).catch(async (error: unknown) => {
      await plain.stop();
      throw error;
    });
    pinned = pin([plain.pid, metered.pid]);
    const scraper = setInterval(
      () =>
        void fetch(`http://127.0.0.1:${metricsPort}/metrics`)
          .then((response) => response.text())
          .catch(() => undefined),
      1000,
    );
    try {
      const plainAuth = { authorization: `Bearer ${(await plain.logIn('examiner1@demo.example')).accessToken}` };
      const meteredAuth = { authorization: `Bearer ${(await metered.logIn('examiner1@demo.example')).accessToken}` };
      // Both warmed alike (the JIT, the prepared statements, the session cache) before anything is counted.
      await run(plain, plainAuth, 2);
      await run(metered, meteredAuth, 2);
      const sums = { off: 0, on: 0, offCpu: 0, onCpu: 0 };
      const rounds = options.rounds ?? 2;
      for (let round = 0; round < rounds; round++) {
        const offFirst = round % 2 === 0;
        const first = offFirst
          ? await run(plain, plainAuth, options.seconds)
          : await run(metered, meteredAuth, options.seconds);
        const second = offFirst
          ? await run(metered, meteredAuth, options.seconds)
          : await run(plain, plainAuth, options.seconds);
        const [off, on] = offFirst ? [first, second] : [second, first];
        sums.off += off.rps / rounds;
        sums.on += on.rps / rounds;
        sums.offCpu += off.cpuUs / rounds;
        sums.onCpu += on.cpuUs / rounds;
      }
      pairs.push(sums);
    } finally {
      clearInterval(scraper);
      await metered.stop();
      await plain.stop();
      unpin();
    }
  }
  const lost = median(pairs.map((p) => 1 - p.on / p.off));
  const cpu = median(pairs.map((p) => p.onCpu / p.offCpu - 1));
  return atMost(
    {
      group: 9,
      name: `${options.label}: metrics collection cost on GET /api/users/me (METRICS_PORT on vs off, scraped every 1 s)`,
      budget: '≤ 5 %',
      anchor:
        `${pairs.length} pairs of fresh processes (off/on req/s): ${pairs.map((p) => `${p.off.toFixed(0)}/${p.on.toFixed(0)}`).join(', ')}; ` +
        `${pinned ? 'servers on the last CPU, the load on the others' : 'not pinned (no taskset or one CPU)'}; ` +
        `server CPU per request ${median(pairs.map((p) => p.offCpu)).toFixed(1)}/${median(pairs.map((p) => p.onCpu)).toFixed(1)} µs (${cpu >= 0 ? '+' : ''}${(cpu * 100).toFixed(1)} %)`,
    },
    Math.max(0, lost * 100),
    5,
    (value) => `${value.toFixed(1)} %`,
  );
}

// `node bench/api.ts`: the /api/users/me ratio alone, on SQLite with 10,000 statements (BENCH_SECONDS, default 5;
// BENCH_API_NODE_OPTIONS is handed to the portal's process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`);
// `node bench/api.ts access-log`: the statement's detail with and without the access log alone (BENCH_DATABASE_URL:
// on PostgreSQL).
if (import.meta.main && process.argv[2] === 'access-log') {
  const { startBenchPortal } = await import('./lib/portal.ts');
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? null;
  const portal = await startBenchPortal({ statements: 10_000, databaseUrl });
  try {
    const examiner = await portal.logIn('examiner1@demo.example');
    const auth = { authorization: `Bearer ${examiner.accessToken}` };
    for (const figure of await accessLogFigures(portal, auth, databaseUrl ? 'PostgreSQL' : 'SQLite')) {
      console.log(`${figure.name} | ${figure.budget} | ${figure.anchor} | ${figure.measured} | ${figure.verdict}`);
    }
  } finally {
    await portal.stop();
  }
} else if (import.meta.main) {
  const { startBenchPortal } = await import('./lib/portal.ts');
  const extra = process.env.BENCH_API_NODE_OPTIONS;
  const portal = await startBenchPortal({
    statements: 10_000,
    ...(extra ? { env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${extra}`.trim() } } : {}),
  });
  const bare = await startBareFastify();
  try {
    const examiner = await portal.logIn('examiner1@demo.example');
    const auth = { authorization: `Bearer ${examiner.accessToken}` };
    const seconds = Number(process.env.BENCH_SECONDS ?? 5);
    // Warmed alike (the JIT, prepared statements, the token cache) before anything is counted.
    await cannon(bare.url, {}, 2);
    await cannon(`${portal.url}/api/users/me`, auth, 2);
    const { figure } = await meVsBare({ portal, auth, bare, label: 'SQLite', seconds });
    console.log(`${figure.name} | ${figure.budget} | ${figure.anchor} | ${figure.measured} | ${figure.verdict}`);
  } finally {
    bare.stop();
    await portal.stop();
  }
}
