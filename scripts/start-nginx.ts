// `npm run start:nginx`: the production layout on one machine. Builds dist/ when needed (as `npm start` does),
// starts the API server alone (server/src/server.ts) on a free loopback port, and a real nginx running this
// repository's nginx.conf in front of it on HOST:PORT: only root, listen, upstream, pid, logs and temp paths are
// filled in (scripts/nginx.ts). Same environment as `npm start`; TRUST_PROXY defaults to 127.0.0.1 (nginx).
// SIGTERM or SIGINT stops both; if either ends on its own, the other is stopped too and the exit code is 1.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { loadConfig, rootDir } from '../server/src/config.ts';
import { API_NODE_FLAGS } from '../server/src/node-flags.ts';
import { buildSiteIfStale } from '../server/src/site/build.ts';
import { type RunningNginx, startNginx } from './nginx.ts';

function fail(message: string): never {
  console.error(`Не удалось запустить портал с nginx: ${message}`);
  process.exit(1);
}

async function freeLoopbackPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

function exitOf(child: ChildProcess): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();
buildSiteIfStale();

const apiPort = process.env.API_PORT ? Number(process.env.API_PORT) : await freeLoopbackPort();
const upstream = `127.0.0.1:${apiPort}`;
const api = spawn(process.execPath, [...API_NODE_FLAGS, path.join(rootDir, 'server', 'src', 'server.ts')], {
  cwd: rootDir,
  env: {
    ...process.env,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    TRUST_PROXY: process.env.TRUST_PROXY || '127.0.0.1',
  },
  stdio: ['inherit', 'pipe', 'inherit'],
});
const apiExited = exitOf(api);
// Its output goes on to ours; its banner says it listens.
let apiListening = false;
let apiOutput = '';
api.stdout?.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (apiListening) return;
  apiOutput = (apiOutput + chunk.toString()).slice(-4096);
  apiListening = apiOutput.includes('API портала запущен');
});

let stopping = false;
let nginx: RunningNginx | null = null;
/** Set while nginx is being started, so a stop that arrives meanwhile waits for it and stops it too. */
let nginxStarting: Promise<unknown> | null = null;

async function stopApi(): Promise<void> {
  if (api.exitCode !== null || api.signalCode !== null) return;
  api.kill('SIGTERM');
  const done = await Promise.race([apiExited.then(() => true), new Promise((r) => setTimeout(() => r(false), 30_000))]);
  if (!done) {
    api.kill('SIGKILL');
    await apiExited;
  }
}

async function stopAll(code: number): Promise<never> {
  stopping = true;
  await nginxStarting?.catch(() => {});
  // nginx first: no new requests reach the API while it finishes the ones in flight.
  await nginx?.stop().catch(() => {});
  await stopApi();
  process.exit(code);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (!stopping) void stopAll(0);
  });
}
void apiExited.then((code) => {
  if (stopping) return;
  console.error(`API-сервер завершился (${code}); останавливаю nginx`);
  void stopAll(1);
});

// Migrations run before the API listens; its banner and then /version.json answering mean it is up. No connection
// before the banner: one to a port nobody listens on yet can be given that same port as its own and then hold it
// (TCP simultaneous open), so the API could not bind it.
const deadline = Date.now() + 120_000;
while (!apiListening || !(await answers(`http://${upstream}/version.json`))) {
  if (stopping) await new Promise(() => {});
  if (Date.now() > deadline) {
    console.error(`API-сервер не ответил на ${upstream} за 120 с`);
    await stopAll(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}

try {
  const starting = startNginx({ port: config.port, host: config.host, root: config.distDir, upstream });
  nginxStarting = starting;
  nginx = await starting;
} catch (error) {
  console.error(`Не удалось запустить nginx: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll(1);
}
void nginx?.exited.then(async (code) => {
  if (stopping) return;
  console.error(`nginx завершился (${code}):\n${await nginx?.errorLog()}`);
  await stopAll(1);
});
console.log(
  `Портал запущен через nginx: http://${config.host}:${config.port} (API: http://${upstream}, nginx: ${nginx?.prefix})`,
);
