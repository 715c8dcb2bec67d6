// `npm run bench`: every performance figure with its budget, printed as a table and written to bench/results.json.
// The site phase (build, dist/, browsers) runs under the e2e lock; the API and upload figures run against portals
// of their own (SQLite, and PostgreSQL when BENCH_DATABASE_URL is set). Ratios are measured in the same run, since
// this machine is shared and absolute times drift. Env: BENCH_SKIP_BUILD=1, BENCH_DATABASE_URL=postgres://…,
// BENCH_SKIP_SITE=1 (API figures only), BENCH_SECONDS (autocannon duration, default 5).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiFigures, metricsCostFigure, uploadFigures } from './api.ts';
import { backupFigures } from './backup.ts';
import { explainQueries } from './explain.ts';
import { type BenchPortal, repoRoot, startBenchPortal } from './lib/portal.ts';
import { withCauses } from './lib/short.ts';
import { closingNote, type Figure, failed, formatTable } from './lib/table.ts';
import { listWireFigures } from './list-wire.ts';
import { liveFigures } from './live.ts';
import { registryFigures } from './registry.ts';
import { signatureFigures } from './signatures.ts';
import { stampingFigures } from './stamping.ts';

const began = performance.now();
const figures: Figure[] = [];
const log = (text: string) => console.error(`[bench] ${text}`);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const loadBefore = os.loadavg();

async function sitePhase(): Promise<Figure[]> {
  if (process.env.BENCH_SKIP_SITE === '1') {
    return [
      {
        group: 1,
        name: 'site phase (1, 2, 3, 6, 7)',
        budget: '',
        anchor: '',
        measured: '—',
        verdict: 'skipped',
        note: 'BENCH_SKIP_SITE=1',
      },
    ];
  }
  const out = path.join(os.tmpdir(), `bench-site-${process.pid}.json`);
  log('site phase: waiting for /tmp/portal-e2e.lock');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      'flock',
      ['/tmp/portal-e2e.lock', process.execPath, path.join(repoRoot, 'bench/site.ts'), out],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.once('exit', (c) => resolve(c ?? 1));
  });
  const result = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Figure[]) : [];
  rmSync(out, { force: true });
  if (code !== 0) result.push(failed(6, 'site phase', new Error(`bench/site.ts exited with ${code}`)));
  return result;
}

/** Figures 4 and 5 (and the EXPLAIN check) on one database. */
async function apiPhase(label: string, databaseUrl: string | null): Promise<Figure[]> {
  const result: Figure[] = [];
  let big: BenchPortal | undefined;
  let small: BenchPortal | undefined;
  try {
    log(`${label}: seeding 10,000 and 1,000 statements`);
    big = await startBenchPortal({ statements: 10_000, databaseUrl });
    small = await startBenchPortal({ statements: 1_000, databaseUrl });
    result.push({
      group: 4,
      name: `${label}: seed 10,000 statements (bench/seed.ts)`,
      budget: 'reported',
      anchor: `${big.seed.stages} rounds, ${big.seed.files} files, ${big.seed.history} history rows`,
      measured: `${(big.seed.ms / 1000).toFixed(1)} s`,
      value: big.seed.ms,
      verdict: 'info',
    });
    log(`${label}: API figures`);
    result.push(...(await apiFigures({ big, small, label, seconds })));
    result.push(...(await listWireFigures({ big, label })));
    log(`${label}: EXPLAIN`);
    const plans = await explainQueries({ dataDir: big.dataDir, databaseUrl: big.databaseUrl });
    const bad = plans.filter((plan) => plan.problems.length > 0);
    result.push({
      group: 4,
      name: `${label}: list and lookup queries served by indexes (EXPLAIN)`,
      budget: 'no scan, no sort',
      anchor: `${plans.length} queries`,
      measured: bad.length === 0 ? 'all indexed' : bad.map((p) => `${p.name}: ${p.problems.join(', ')}`).join('; '),
      value: bad.length,
      verdict: bad.length === 0 ? 'ok' : 'FAIL',
    });
    if (!databaseUrl) {
      log(`${label}: uploads`);
      result.push(...(await uploadFigures(small)));
      log(`${label}: metrics cost`);
      result.push(
        await metricsCostFigure({
          start: (env) => startBenchPortal({ statements: 1_000, env }),
          label,
          seconds,
        }),
      );
    }
  } catch (error) {
    result.push(failed(4, `${label}: API phase`, error));
  } finally {
    await big?.stop();
    await small?.stop();
  }
  return result;
}

figures.push(...(await sitePhase()));
figures.push(...(await apiPhase('SQLite', null)));
if (process.env.BENCH_DATABASE_URL) figures.push(...(await apiPhase('PostgreSQL', process.env.BENCH_DATABASE_URL)));
else {
  figures.push({
    group: 4,
    name: 'PostgreSQL figures',
    budget: '',
    anchor: '',
    measured: '—',
    verdict: 'skipped',
    note: 'set BENCH_DATABASE_URL=postgres://… to measure them',
  });
}
log('live events');
figures.push(...(await liveFigures(process.env.BENCH_DATABASE_URL ?? null)));
log('signature check');
figures.push(...(await signatureFigures().catch((error: unknown) => [failed(11, 'signature check', error)])));
log('the public register');
figures.push(...(await registryFigures(process.env.BENCH_DATABASE_URL ?? null)));
log('backup and restore');
figures.push(...(await backupFigures(process.env.BENCH_DATABASE_URL ?? null)));
log('stamping the approved set');
figures.push(...(await stampingFigures()));
figures.sort((a, b) => a.group - b.group);

const machine = {
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`,
  memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`,
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
  loadBefore: loadBefore.map((l) => l.toFixed(2)).join(' '),
  loadAfter: os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' '),
};
const minutes = (performance.now() - began) / 60_000;
console.log(formatTable(figures));
console.log('');
console.log(closingNote(withCauses(figures)));
console.log(
  `\nMachine: ${machine.cpus}, ${machine.memory}, Node ${machine.node}; load average ${machine.loadBefore} before, ` +
    `${machine.loadAfter} after (shared machine: compare ratios, not absolute times). ${minutes.toFixed(1)} min.`,
);
writeFileSync(
  path.join(repoRoot, 'bench/results.json'),
  `${JSON.stringify({ at: new Date().toISOString(), machine, minutes, figures }, null, 2)}\n`,
);
