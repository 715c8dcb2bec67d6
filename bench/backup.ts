// Figure 13: the portal's backup and restore (docs/operations.md «Резервные копии») over 10,000 statements with about
// 1 GB of files: `npm run admin -- backup` (with the admin CLI's V8 flags, as npm runs it), `verify-backup` and `restore` (into a new SQLite and directory, and with
// BENCH_DATABASE_URL into a new PostgreSQL database), each as the operator runs it, timed, with the process's peak
// resident memory (VmHWM from /proc, read every 50 ms until it exits).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ADMIN_NODE_FLAGS } from '../server/src/node-flags.ts';
import { repoRoot } from './lib/portal.ts';
import { atMost, type Figure, failed } from './lib/table.ts';
import { seedDatabase } from './seed.ts';

const STATEMENTS = 10_000;
/** Each stored file's size: the seed's 25,768 files of 10,000 statements come to about 1 GB. */
const FILE_SIZE = 42_000;
const MB = 1024 * 1024;
const RSS_BUDGET = 200 * MB;
const BACKUP_BUDGET_S = 300;

interface Run {
  seconds: number;
  peak: number;
}

/** Runs the admin CLI with `env`, timing it and following its peak memory; throws with its output if it fails. */
async function admin(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const began = performance.now();
  const child = spawn(process.execPath, [...ADMIN_NODE_FLAGS, path.join(repoRoot, 'server/src/cli.ts'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  let peak = 0;
  const poll = setInterval(() => {
    readFile(`/proc/${child.pid}/status`, 'utf8').then(
      (status) => {
        peak = Math.max(peak, Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024);
      },
      () => {},
    );
  }, 50);
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  clearInterval(poll);
  if (code !== 0) throw new Error(`admin ${args[0]} exited with ${code}: ${output.slice(-500)}`);
  return { seconds: (performance.now() - began) / 1000, peak };
}

async function pgExec(url: string, text: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const seconds = (value: number) => `${value.toFixed(1)} s`;
const megabytes = (value: number) => `${(value / MB).toFixed(0)} MB`;

export async function backupFigures(databaseUrl: string | null): Promise<Figure[]> {
  const figures: Figure[] = [];
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'bench-backup-'));
  const source = path.join(scratch, 'source');
  const backup = path.join(scratch, 'backup');
  try {
    const seed = await seedDatabase({ dataDir: source, statements: STATEMENTS, fileSize: FILE_SIZE });
    const anchor = `${STATEMENTS.toLocaleString('en')} statements, ${seed.files} files, ${((seed.files * FILE_SIZE) / 1024 ** 3).toFixed(2)} GB`;
    const made = await admin(['backup', '--to', backup], { DATA_DIR: source, DATABASE_URL: '' });
    figures.push(
      atMost(
        { group: 13, name: 'backup (SQLite, files in a directory): time', budget: '< 5 min', anchor },
        made.seconds,
        BACKUP_BUDGET_S,
        seconds,
      ),
      atMost({ group: 13, name: 'backup: peak RSS', budget: '< 200 MB', anchor }, made.peak, RSS_BUDGET, megabytes),
    );
    const verified = await admin(['verify-backup', '--from', backup], {});
    figures.push(
      {
        ...atMost(
          { group: 13, name: 'verify-backup: time', budget: 'reported', anchor },
          verified.seconds,
          Infinity,
          seconds,
        ),
        verdict: 'info',
      },
      atMost(
        { group: 13, name: 'verify-backup: peak RSS', budget: '< 200 MB', anchor },
        verified.peak,
        RSS_BUDGET,
        megabytes,
      ),
    );
    const target = path.join(scratch, 'restored');
    const restored = await admin(['restore', '--from', backup], { DATA_DIR: target, DATABASE_URL: '' });
    figures.push(
      {
        ...atMost(
          { group: 13, name: 'restore into SQLite: time', budget: 'reported', anchor },
          restored.seconds,
          Infinity,
          seconds,
        ),
        verdict: 'info',
      },
      atMost(
        { group: 13, name: 'restore into SQLite: peak RSS', budget: '< 200 MB', anchor },
        restored.peak,
        RSS_BUDGET,
        megabytes,
      ),
    );
    if (databaseUrl) {
      const database = `portal_bench_restore_${process.pid}`;
      await pgExec(databaseUrl, `create database ${database}`);
      try {
        const url = new URL(databaseUrl);
        url.pathname = `/${database}`;
        const intoPg = await admin(['restore', '--from', backup], {
          DATA_DIR: path.join(scratch, 'pg'),
          DATABASE_URL: url.toString(),
        });
        figures.push(
          {
            ...atMost(
              { group: 13, name: 'restore into PostgreSQL: time', budget: 'reported', anchor },
              intoPg.seconds,
              Infinity,
              seconds,
            ),
            verdict: 'info',
          },
          atMost(
            { group: 13, name: 'restore into PostgreSQL: peak RSS', budget: '< 200 MB', anchor },
            intoPg.peak,
            RSS_BUDGET,
            megabytes,
          ),
        );
      } finally {
        await pgExec(databaseUrl, `drop database if exists ${database} with (force)`);
      }
    }
  } catch (error) {
    figures.push(failed(13, 'backup and restore', error));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.main) {
  for (const figure of await backupFigures(process.env.BENCH_DATABASE_URL ?? null)) {
    console.log(`${figure.name}: ${figure.measured} (${figure.budget}) ${figure.verdict} — ${figure.anchor}`);
  }
}
