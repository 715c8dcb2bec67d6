// A portal server for the bench: `node server/src/start.ts` on its own DATA_DIR (seeded by bench/seed.ts), with
// an SMTP sink that receives the login codes, as the e2e fixtures seat it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { logInByCode } from '../../tools/login.ts';
import { startPortalOnFreePort } from '../../tools/portal-process.ts';
import { type SmtpSink, startSmtpSink } from '../../tools/smtp-sink.ts';
import { type BenchSeedResult, seedDatabase } from '../seed.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export interface BenchPortal {
  url: string;
  pid: number;
  dataDir: string;
  /** The PostgreSQL URL the portal uses (its throwaway database), or null for SQLite. */
  databaseUrl: string | null;
  seed: BenchSeedResult;
  sink: SmtpSink;
  /** A fresh login: the access token and the refresh cookie (name=value). */
  logIn(email: string): Promise<{ accessToken: string; cookie: { name: string; value: string } }>;
  output(): string;
  stop(): Promise<void>;
}

export interface BenchPortalOptions {
  statements: number;
  /** PostgreSQL: the server to create a throwaway database on (dropped on stop). */
  databaseUrl?: string | null;
  env?: Record<string, string>;
  /** Every seeded statement ends in a decision (bench/seed.ts `decisionsOnly`). */
  decisionsOnly?: boolean;
}

/** The same server's URL for another database. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function pgExec(url: string, sqlText: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

export async function startBenchPortal(options: BenchPortalOptions): Promise<BenchPortal> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  let databaseUrl: string | null = null;
  let database: string | null = null;
  // A database of its own (not a schema: Kysely's migrator would take another schema's bookkeeping tables for its own).
  const dropDatabase = async () => {
    if (options.databaseUrl && database)
      await pgExec(options.databaseUrl, `drop database if exists ${database} with (force)`);
  };
  if (options.databaseUrl) {
    database = `portal_bench_${process.pid}_${Date.now()}`;
    await pgExec(options.databaseUrl, `create database ${database}`);
    databaseUrl = withDatabase(options.databaseUrl, database);
  }
  let seed: BenchSeedResult;
  try {
    seed = await seedDatabase({
      dataDir,
      databaseUrl,
      statements: options.statements,
      ...(options.decisionsOnly ? { decisionsOnly: true, fileBytes: false } : {}),
    });
  } catch (error) {
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const sink = await startSmtpSink();
  const env = (port: number): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      SMTP_URL: sink.smtpUrl,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      SKIP_BUILD: '1',
      NODE_ENV: 'test',
      LOGIN_IP_LIMIT: '1000',
      LOGIN_EMAIL_LIMIT: '1000',
      ...options.env,
    };
    delete env.FILES_DIR;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    return env;
  };
  const cleanUp = async () => {
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase();
  };
  const { child, url } = await startPortalOnFreePort('start', {
    env,
    keep: 20_000,
    readyPath: '/api/health',
    wait: { name: 'bench portal', timeoutMs: 30_000, pollMs: 100 },
  }).catch(async (error) => {
    await cleanUp();
    throw error;
  });
  const stop = async () => {
    await child.stop();
    await cleanUp();
  };

  const logIn = async (email: string) => {
    const mailbox = sink.view();
    const { accessToken, cookie } = await logInByCode(url, email, (e) => mailbox.waitForCode(e));
    return { accessToken, cookie };
  };

  return {
    url,
    pid: child.pid as number,
    dataDir,
    databaseUrl,
    seed,
    sink,
    logIn,
    output: child.output,
    stop,
  };
}
