// `npm run start:nginx`: the production layout on one machine. Builds dist/ when needed (as `npm start` does),
// starts the API server alone (server/src/server.ts) on a free loopback port (API_PROCESSES of them on PostgreSQL,
// one upstream, as on several machines), and a real nginx running this
// repository's nginx.conf in front of it on HOST:PORT: only root, listen, upstream, pid, logs and temp paths are
// filled in (tools/nginx.ts). Same environment as `npm start`; TRUST_PROXY defaults to 127.0.0.1 (nginx).
// SIGTERM or SIGINT stops both; if either ends on its own, the other is stopped too and the exit code is 1.
import path from 'node:path';
import { loadConfig, rootDir } from '../server/src/config.ts';
import { API_NODE_FLAGS } from '../server/src/node-flags.ts';
import { buildSiteIfStale } from '../server/src/site/build.ts';
import { API_STARTED, startChild } from '../tools/child.ts';
import { freePort } from '../tools/free-port.ts';
import { answersOk } from '../tools/http.ts';
import { type RunningNginx, startNginx } from '../tools/nginx.ts';

function fail(message: string): never {
  console.error(`Не удалось запустить портал с nginx: ${message}`);
  process.exit(1);
}

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();
buildSiteIfStale();

/** How many API processes run behind nginx's one upstream (API_PROCESSES; several need PostgreSQL). */
const processCount = (() => {
  const count = Number(process.env.API_PROCESSES || '1');
  if (!Number.isInteger(count) || count < 1 || count > 16) fail('API_PROCESSES должен быть целым числом от 1 до 16');
  if (count > 1 && !config.databaseUrl) fail('несколько процессов API (API_PROCESSES) работают только с DATABASE_URL');
  return count;
})();
const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : null;

/**
 * A free loopback port for an API process that is neither nginx's nor another API process's: the caller picked nginx's
 * port by the same probe and has not bound it yet, so the probe here can hand out that very port (seen once in CI,
 * the API then answering where nginx should).
 */
const takenPorts = new Set([config.port]);
async function apiPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (!takenPorts.has(port)) {
      takenPorts.add(port);
      return port;
    }
  }
}

const apis = await Promise.all(
  Array.from({ length: processCount }, async (_, index) => {
    const port = index === 0 && process.env.API_PORT ? Number(process.env.API_PORT) : await apiPort();
    const upstream = `127.0.0.1:${port}`;
    // Its output goes on to ours; its banner says it listens. Each process its own metrics port (METRICS_PORT + n).
    const child = startChild(process.execPath, [...API_NODE_FLAGS, path.join(rootDir, 'server', 'src', 'server.ts')], {
      cwd: rootDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        TRUST_PROXY: process.env.TRUST_PROXY || '127.0.0.1',
        ...(metricsPort === null ? {} : { METRICS_PORT: String(metricsPort + index) }),
      },
      banner: API_STARTED,
      echo: true,
      keep: 4096,
    });
    return { upstream, child };
  }),
);
const upstreams = apis.map((api) => api.upstream);

let stopping = false;
let nginx: RunningNginx | null = null;
/** Set while nginx is being started, so a stop that arrives meanwhile waits for it and stops it too. */
let nginxStarting: Promise<unknown> | null = null;

async function stopAll(code: number): Promise<never> {
  stopping = true;
  await nginxStarting?.catch(() => {});
  // nginx first: no new requests reach the API while it finishes the ones in flight.
  await nginx?.stop().catch(() => {});
  await Promise.all(apis.map((api) => api.child.stop({ graceMs: 30_000 })));
  process.exit(code);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (!stopping) void stopAll(0);
  });
}
for (const api of apis) {
  void api.child.exited.then((code) => {
    if (stopping) return;
    console.error(`API-сервер ${api.upstream} завершился (${code}); останавливаю nginx`);
    void stopAll(1);
  });
}

// Migrations run before the API listens; its banner and then /version.json answering mean it is up.
try {
  await Promise.all(
    apis.map((api) =>
      api.child.waitForStart({
        name: `API ${api.upstream}`,
        ready: () => answersOk(`http://${api.upstream}/version.json`),
        timeoutMs: 120_000,
        pollMs: 100,
      }),
    ),
  );
} catch {
  // Either one ended (and stopAll is under way) or it did not answer in time.
  if (!stopping) {
    console.error(`API-сервер не ответил за 120 с (${upstreams.join(', ')})`);
    await stopAll(1);
  }
}
// A stop that came meanwhile ends the process.
if (stopping) await new Promise(() => {});

try {
  const starting = startNginx({ port: config.port, host: config.host, root: config.distDir, upstream: upstreams });
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
  `Портал запущен через nginx: http://${config.host}:${config.port} (API: ${upstreams.map((u) => `http://${u}`).join(', ')}, nginx: ${nginx?.prefix})`,
);
