// `npm run bench`: start-up time of `npm start` on a built site (target: under 3 s) and API latency on loopback.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(import.meta.dirname, '..');
const port = 4700 + Math.floor(Math.random() * 200);

function startPortal(dataDir: string): Promise<{ ms: number; stop: () => Promise<void> }> {
  const began = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'server/src/start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Портал запущен')) {
        resolve({
          ms: performance.now() - began,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`portal exited with ${code}:\n${output}`)));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
try {
  const first = await startPortal(dataDir);
  await first.stop();
  console.log(`first start (empty database: migrate + demo seed): ${first.ms.toFixed(0)} ms`);
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) {
    const run = await startPortal(dataDir);
    warm.push(run.ms);
    if (i < 4) await run.stop();
    else {
      const latencies: number[] = [];
      for (let n = 0; n < 500; n++) {
        const t = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/login`);
        await response.arrayBuffer();
        latencies.push(performance.now() - t);
      }
      const api: number[] = [];
      for (let n = 0; n < 500; n++) {
        const t = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/api/users/me`);
        await response.arrayBuffer();
        api.push(performance.now() - t);
      }
      console.log(`GET /login: median ${median(latencies).toFixed(2)} ms over 500 sequential requests`);
      console.log(
        `GET /api/users/me (anonymous 401): median ${median(api).toFixed(2)} ms over 500 sequential requests`,
      );
      await run.stop();
    }
  }
  const result = median(warm);
  console.log(
    `start on a built site: median ${result.toFixed(0)} ms over 5 runs (target < 3000 ms) ${result < 3000 ? 'OK' : 'SLOW'}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
