// Figure 12: the public register (docs/product.md «The public register: what is published, when, and the limits»)
// over 10,000 decisions: its first page's p50, and the whole CSV streamed — its time and the API process's RSS growth
// (VmRSS from /proc every 10 ms while the body arrives), on SQLite and, with BENCH_DATABASE_URL, on PostgreSQL.
import { performance } from 'node:perf_hooks';
import { type BenchPortal, memoryOf, startBenchPortal } from './lib/portal.ts';
import { atMost, type Figure, failed, ms } from './lib/table.ts';

const DECISIONS = 10_000;
const MB = 1024 * 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Every request from its own address would need a proxy; the bench stays under the register's limit instead. */
async function firstPageP50(portal: BenchPortal): Promise<{ p50: number; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 24; i++) {
    const began = performance.now();
    const response = await fetch(`${portal.url}/api/public/registry`);
    const body = (await response.json()) as { total: number };
    if (response.status !== 200) throw new Error(`registry answered ${response.status}`);
    total = body.total;
    if (i >= 3) times.push(performance.now() - began);
  }
  // A few seeded decisions fall after the seed's clock: they are not published yet.
  if (total < DECISIONS * 0.95) throw new Error(`the register holds ${total} decisions, not about ${DECISIONS}`);
  return { p50: median(times), total };
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
    const response = await fetch(`${portal.url}/api/public/registry.csv`);
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
    portal = await startBenchPortal({ statements: DECISIONS, databaseUrl, decisionsOnly: true });
    if (portal.databaseUrl) {
      // The seed bulk-loads its rows; a live database's autovacuum has analyzed them long before anyone reads.
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: portal.databaseUrl });
      await client.connect();
      await client.query('analyze').finally(() => client.end());
    }
    const { p50, total } = await firstPageP50(portal);
    // One warm-up read, then the measured one.
    await fullCsv(portal);
    const csv = await fullCsv(portal);
    const anchor = `${total.toLocaleString('en')} published of ${DECISIONS.toLocaleString('en')} decisions`;
    return [
      atMost({ group: 12, name: `${label}: the register's first page, p50`, budget: '≤ 50 ms', anchor }, p50, 50, ms),
      atMost(
        {
          group: 12,
          name: `${label}: the whole register as CSV, streamed`,
          budget: '< 2 s',
          anchor: `${anchor}, ${(csv.bytes / MB).toFixed(1)} MB`,
        },
        csv.ms,
        2000,
        ms,
      ),
      atMost(
        { group: 12, name: `${label}: server RSS growth during the CSV`, budget: '< 50 MB', anchor },
        csv.growth / MB,
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
