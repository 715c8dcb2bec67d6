// Figure 10, the live portal: how soon a change reaches an open stream through nginx (two API processes on
// PostgreSQL when BENCH_DATABASE_URL is set, one on SQLite otherwise), and what 200 open streams cost an API process.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signAccessToken } from '../server/src/auth/tokens.ts';
import { createDatabase } from '../server/src/db/database.ts';
import { openEventStream } from '../src/lib/api/event-stream.ts';
import type { Child } from '../tools/child.ts';
import { freePort } from '../tools/free-port.ts';
import { type RunningNginx, startNginx } from '../tools/nginx.ts';
import { startPortalOnFreePort } from '../tools/portal-process.ts';
import { type BenchPortal, startBenchPortal } from './lib/portal.ts';
import { memoryOf } from './lib/proc.ts';
import { atMost, type Figure, failed, ms } from './lib/table.ts';

const CHANGES = 50;
const STREAMS = 200;

/** The q-quantile of `values` (nearest rank). */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

/** A second API process on the bench portal's database and files (same DATA_DIR, so the same signing secret). */
async function secondApiProcess(portal: BenchPortal): Promise<{ url: string; child: Child }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: portal.dataDir,
    DATABASE_URL: portal.databaseUrl ?? '',
    SMTP_URL: portal.sink.smtpUrl,
    NODE_ENV: 'test',
    TRUST_PROXY: '127.0.0.1',
    UPLOAD_RATE_LIMIT: '100000',
    EVENT_STREAMS_PER_USER: String(STREAMS),
  };
  delete env.FILES_DIR;
  return startPortalOnFreePort('api', {
    env: () => env,
    keep: 20_000,
    readyPath: '/api/health',
    wait: { name: 'second API process', timeoutMs: 60_000 },
  });
}

/** Submits a statement through `base` as the token's user; returns its id and when the submission was sent. */
async function submit(base: string, token: string, n: number): Promise<{ id: number; sentAt: number }> {
  const authorization = `Bearer ${token}`;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(`%PDF-1.4 live ${n}`))]), 'План.pdf');
  const uploaded = await fetch(`${base}/api/prefiles`, { method: 'POST', headers: { authorization }, body: form });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const { id: prefileId } = (await uploaded.json()) as { id: number };
  const sentAt = performance.now();
  const created = await fetch(`${base}/api/statements`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ objectName: `Живой объект ${n}`, prefileIds: [prefileId] }),
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  return { id: ((await created.json()) as { id: number }).id, sentAt };
}

export async function liveFigures(databaseUrl: string | null): Promise<Figure[]> {
  const label = databaseUrl ? 'PostgreSQL, two API processes' : 'SQLite, one API process';
  const figures: Figure[] = [];
  let portal: BenchPortal | undefined;
  let second: { url: string; child: Child } | undefined;
  let nginx: RunningNginx | undefined;
  const webRoot = await mkdtemp(path.join(os.tmpdir(), 'bench-live-web-'));
  try {
    portal = await startBenchPortal({
      statements: 1_000,
      databaseUrl,
      env: { UPLOAD_RATE_LIMIT: '100000', EVENT_STREAMS_PER_USER: String(STREAMS), TRUST_PROXY: '127.0.0.1' },
    });
    if (databaseUrl) second = await secondApiProcess(portal);
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>bench</title>');
    const upstream = [portal.url, ...(second ? [second.url] : [])].map((url) => new URL(url).host);
    nginx = await startNginx({ port: await freePort(), root: webRoot, upstream });
    const apiProcesses = [portal.url, ...(second ? [second.url] : [])];

    const secret = (await readFile(path.join(portal.dataDir, 'jwt-secret'), 'utf8')).trim();
    const db = createDatabase({ databaseUrl: portal.databaseUrl, dataDir: portal.dataDir });
    const owner = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'owner@demo.example')
      .executeTakeFirst();
    const examiner = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'examiner2@demo.example')
      .executeTakeFirst();
    await db.destroy();
    if (!owner || !examiner) throw new Error('demo users missing');
    const ownerToken = await signAccessToken(secret, owner.id);
    const examinerToken = await signAccessToken(secret, examiner.id);

    // 10a. 50 changes, each through the other API process in turn, to one stream held through nginx.
    const seen = new Map<number, number>();
    let connected = false;
    const watcher = openEventStream({
      url: `${nginx.url}/api/events`,
      getToken: async () => examinerToken,
      refresh: async () => false,
      onEvent: (event) => {
        for (const id of event.statements) if (!seen.has(id)) seen.set(id, performance.now());
      },
      onConnection: (now) => {
        connected ||= now;
      },
    });
    const latencies: number[] = [];
    try {
      for (let wait = 0; !connected && wait < 100; wait++) await new Promise((r) => setTimeout(r, 50));
      for (let n = 0; n < CHANGES; n++) {
        const { id, sentAt } = await submit(apiProcesses[n % apiProcesses.length] as string, ownerToken, n);
        for (let wait = 0; !seen.has(id) && wait < 100; wait++) await new Promise((r) => setTimeout(r, 5));
        latencies.push((seen.get(id) ?? Number.POSITIVE_INFINITY) - sentAt);
      }
    } finally {
      watcher.close();
    }
    figures.push(
      atMost(
        {
          group: 10,
          name: `${label}: a change reaches a stream held through nginx (p95 of ${CHANGES}, from the write's request)`,
          budget: '≤ 1000 ms',
          anchor: `median ${ms(quantile(latencies, 0.5))}, max ${ms(Math.max(...latencies))}; the feed polls every 200 ms`,
        },
        quantile(latencies, 0.95),
        1000,
        ms,
      ),
    );

    // 10b. 200 streams open on the API processes directly (nginx allows one address 64 connections, and this bench is one
    // address); ten changes must reach every one of them.
    const pids = [portal.pid, ...(second?.child.pid ? [second.child.pid] : [])];
    const rssBefore = (await Promise.all(pids.map(memoryOf))).reduce((sum, m) => sum + m.rss, 0);
    const counts: number[] = Array.from({ length: STREAMS }, () => 0);
    let open = 0;
    const streams = Array.from({ length: STREAMS }, (_, i) =>
      openEventStream({
        url: `${apiProcesses[i % apiProcesses.length]}/api/events`,
        getToken: async () => examinerToken,
        refresh: async () => false,
        onEvent: (event) => {
          counts[i] = (counts[i] ?? 0) + event.statements.length;
        },
        onConnection: (now) => {
          if (now) open += 1;
        },
      }),
    );
    try {
      for (let wait = 0; open < STREAMS && wait < 400; wait++) await new Promise((r) => setTimeout(r, 50));
      for (let n = 0; n < 10; n++) await submit(apiProcesses[n % apiProcesses.length] as string, ownerToken, 1000 + n);
      await new Promise((r) => setTimeout(r, 2000));
      const rssAfter = (await Promise.all(pids.map(memoryOf))).reduce((sum, m) => sum + m.rss, 0);
      const missed = counts.filter((count) => count < 10).length;
      figures.push(
        atMost(
          {
            group: 10,
            name: `${label}: ${STREAMS} open streams: API RSS growth (all API processes)`,
            budget: '≤ 100 MB, no missed event',
            anchor: `${open} of ${STREAMS} connected; ${missed} streams missed one of 10 changes`,
          },
          missed > 0 ? Number.POSITIVE_INFINITY : (rssAfter - rssBefore) / 1024 / 1024,
          100,
          (value) => (Number.isFinite(value) ? `${value.toFixed(1)} MB` : `${missed} missed`),
        ),
      );
    } finally {
      for (const stream of streams) stream.close();
    }

    // 10c. A repeat visit when nothing changed: the examiner's whole list, then the same list asked since its revision.
    const authorization = `Bearer ${examinerToken}`;
    const bytesOf = async (url: string) => {
      const response = await fetch(url, { headers: { authorization, 'accept-encoding': 'br, gzip' } });
      const body = Buffer.from(await response.arrayBuffer());
      return {
        revision: response.headers.get('x-list-revision') ?? '',
        bytes: Number(response.headers.get('content-length') ?? body.length),
      };
    };
    const whole = await bytesOf(`${portal.url}/api/instance/all/statements`);
    const again = await bytesOf(
      `${portal.url}/api/instance/all/statements?since=${encodeURIComponent(whole.revision)}`,
    );
    figures.push(
      atMost(
        {
          group: 10,
          name: `${label}: a repeat visit to the examiner's list when nothing changed (?since=, 1,000 statements + the changes above)`,
          budget: '≤ 5 KB of list data',
          anchor: `the whole list: ${(whole.bytes / 1024).toFixed(1)} KB compressed; rows from the tab's copy (browser timing: not measured yet)`,
        },
        again.bytes / 1024,
        5,
        (value) => `${(value * 1024).toFixed(0)} B`,
      ),
    );
  } catch (error) {
    figures.push(failed(10, `${label}: live events`, error));
  } finally {
    await nginx?.stop();
    await second?.child.stop();
    await portal?.stop();
    await rm(webRoot, { recursive: true, force: true });
  }
  return figures;
}
