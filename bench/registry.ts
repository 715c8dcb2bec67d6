// Figure 12: the public register (docs/product.md «The public register: what is published, when, and the limits»)
// over 40,000 decisions: its first page's and a search's p50, the whole CSV (its first
// build and then as served from the built file, with the API process's RSS growth: VmRSS from /proc every 10 ms), and
// `/api/health` while a crowd of many addresses searches and downloads at once. On SQLite and, with
// BENCH_DATABASE_URL, on PostgreSQL.
import { performance } from 'node:perf_hooks';
import { type BenchPortal, startBenchPortal } from './lib/portal.ts';
import { memoryOf } from './lib/proc.ts';
import { atMost, type Figure, failed, ms } from './lib/table.ts';

const DECISIONS = 40_000;
/** The crowd: parallel searchers and downloaders, each request from another address (X-Real-IP, as nginx sends it, with TRUST_PROXY). */
const SEARCHERS = 4;
const DOWNLOADERS = 1;
const CROWD_MS = 10_000;
const MB = 1024 * 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Every request from its own address would need a proxy; the bench stays under the register's limit instead. */
async function firstPageP50(portal: BenchPortal): Promise<{ p50: number; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 24; i++) {
    const began = performance.now();
    const response = await fetch(`${portal.url}/api/public/registry`, { headers: fromAnywhere() });
    const body = (await response.json()) as { total: number };
    if (response.status !== 200) throw new Error(`registry answered ${response.status}`);
    total = body.total;
    if (i >= 3) times.push(performance.now() - began);
  }
  // A few seeded decisions fall after the seed's clock: they are not published yet.
  if (total < DECISIONS * 0.95) throw new Error(`the register holds ${total} decisions, not about ${DECISIONS}`);
  return { p50: median(times), total };
}

let addresses = 0;
/** A client address of its own for each request (the API trusts the bench's proxy header). */
function fromAnywhere(): Record<string, string> {
  addresses += 1;
  return { 'x-real-ip': `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}` };
}

/** Words of the seeded addresses and companies, and numbers: each search another text. */
const SEARCHES = ['ооо', 'улица', 'проспект', 'стройпроект', '77', 'дом', 'нижний', 'набережная', '1', 'школа'];

async function searchP50(portal: BenchPortal): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 24; i++) {
    const query = encodeURIComponent(SEARCHES[i % SEARCHES.length] as string);
    const began = performance.now();
    const response = await fetch(`${portal.url}/api/public/registry?query=${query}`, { headers: fromAnywhere() });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the search answered ${response.status}`);
    if (i >= 3) times.push(performance.now() - began);
  }
  return median(times);
}

/**
 * `/api/health` every 50 ms while SEARCHERS search (another text each time) and DOWNLOADERS download the CSV and the
 * JSON, as fast as answers come, each request from another address: its p95 and worst latency, and how many requests
 * the crowd made.
 */
async function healthUnderCrowd(
  portal: BenchPortal,
): Promise<{ p95: number; worst: number; requests: number; searches: number; downloads: number }> {
  const until = performance.now() + CROWD_MS;
  let requests = 0;
  let searches = 0;
  let downloads = 0;
  const answered = async (response: Response) => {
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the crowd was answered ${response.status} by ${response.url}`);
    requests += 1;
  };
  const searcher = async (n: number) => {
    for (let i = n; performance.now() < until; i++) {
      const query = encodeURIComponent(`${SEARCHES[i % SEARCHES.length]}${i % 3 === 0 ? '' : ` ${i % 97}`}`);
      await answered(
        await fetch(`${portal.url}/api/public/registry?query=${query}&page=${(i % 5) + 1}`, {
          headers: fromAnywhere(),
        }),
      );
      searches += 1;
    }
  };
  const downloader = async (n: number) => {
    for (let i = n; performance.now() < until; i++) {
      await answered(
        await fetch(`${portal.url}/api/public/registry.${i % 2 === 0 ? 'csv' : 'json'}`, { headers: fromAnywhere() }),
      );
      downloads += 1;
    }
  };
  const latencies: number[] = [];
  const prober = async () => {
    while (performance.now() < until) {
      const began = performance.now();
      await (await fetch(`${portal.url}/api/health`)).arrayBuffer();
      latencies.push(performance.now() - began);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await Promise.all([
    ...Array.from({ length: SEARCHERS }, (_, n) => searcher(n)),
    ...Array.from({ length: DOWNLOADERS }, (_, n) => downloader(n)),
    prober(),
  ]);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    worst: sorted.at(-1) ?? 0,
    requests,
    searches,
    downloads,
  };
}

/** The whole CSV read to its end: the time, the bytes and the server's peak RSS growth meanwhile. */
async function fullCsv(portal: BenchPortal): Promise<{ ms: number; bytes: number; growth: number }> {
  const base = (await memoryOf(portal.pid)).rss;
  let peak = base;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, (await memoryOf(portal.pid)).rss);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const began = performance.now();
  let bytes = 0;
  try {
    const response = await fetch(`${portal.url}/api/public/registry.csv`, { headers: fromAnywhere() });
    if (response.status !== 200 || !response.body) throw new Error(`registry.csv answered ${response.status}`);
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
  } finally {
    running = false;
    await sampler;
  }
  return { ms: performance.now() - began, bytes, growth: peak - base };
}

async function figuresOn(label: string, databaseUrl: string | null): Promise<Figure[]> {
  let portal: BenchPortal | undefined;
  try {
    portal = await startBenchPortal({
      statements: DECISIONS,
      databaseUrl,
      decisionsOnly: true,
      env: { TRUST_PROXY: '127.0.0.1' },
    });
    if (portal.databaseUrl) {
      // The seed bulk-loads its rows; a live database's autovacuum has analyzed them long before anyone reads.
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: portal.databaseUrl });
      await client.connect();
      await client.query('analyze').finally(() => client.end());
    }
    const { p50, total } = await firstPageP50(portal);
    const search = await searchP50(portal);
    // The first read builds the file of this state of the register; the next is served from it.
    const built = await fullCsv(portal);
    const csv = await fullCsv(portal);
    const crowd = await healthUnderCrowd(portal);
    const anchor = `${total.toLocaleString('en')} published of ${DECISIONS.toLocaleString('en')} decisions`;
    return [
      atMost({ group: 12, name: `${label}: the register's first page, p50`, budget: '≤ 50 ms', anchor }, p50, 50, ms),
      atMost(
        {
          group: 12,
          name: `${label}: a search of the register, p50`,
          budget: '≤ 100 ms',
          anchor: `${anchor}, 10 texts`,
        },
        search,
        100,
        ms,
      ),
      atMost(
        {
          group: 12,
          name: `${label}: the whole register as CSV, built`,
          budget: '< 4 s',
          anchor: `${anchor}, ${(built.bytes / MB).toFixed(1)} MB`,
        },
        built.ms,
        4000,
        ms,
      ),
      atMost(
        {
          group: 12,
          name: `${label}: the whole register as CSV, served built`,
          budget: '< 1 s',
          anchor: `${anchor}, ${(csv.bytes / MB).toFixed(1)} MB`,
        },
        csv.ms,
        1000,
        ms,
      ),
      atMost(
        {
          group: 12,
          name: `${label}: /api/health p95 while a crowd searches and downloads`,
          budget: '< 200 ms',
          anchor: `${SEARCHERS} searchers and ${DOWNLOADERS} downloader from new addresses for ${CROWD_MS / 1000} s: ${crowd.searches} searches and ${crowd.downloads} downloads answered; worst ${ms(crowd.worst)}`,
        },
        crowd.p95,
        200,
        ms,
      ),
      atMost(
        { group: 12, name: `${label}: server RSS growth during the CSV's build`, budget: '< 50 MB', anchor },
        Math.max(built.growth, csv.growth) / MB,
        50,
        (value) => `${value.toFixed(1)} MB`,
      ),
    ];
  } catch (error) {
    return [failed(12, `${label}: the public register`, error)];
  } finally {
    await portal?.stop();
  }
}

/** Figure 12 on SQLite and, when given, PostgreSQL. */
export async function registryFigures(databaseUrl: string | null): Promise<Figure[]> {
  const figures = await figuresOn('SQLite', null);
  if (databaseUrl) figures.push(...(await figuresOn('PostgreSQL', databaseUrl)));
  return figures;
}

if (import.meta.main) {
  for (const figure of await registryFigures(process.env.BENCH_DATABASE_URL ?? null)) {
    console.log(
      `${figure.name} | ${figure.budget} | ${figure.anchor} | ${figure.measured} | ${figure.verdict}${figure.note ? ` | ${figure.note}` : ''}`,
    );
  }
}
