// `npm run dev`: the contributor's loop. The API alone (server/src/server.ts, development mode: demo data, login codes
// in this terminal unless SMTP_URL is set) on a free loopback port, and Astro's dev server on HOST:PORT with the API's
// paths proxied to it (astro.config.mjs reads DEV_API_ORIGIN), so the site calls its own origin as in production.
// Edits to src/ reload in the browser; edits to server/ need a restart. Ctrl+C stops both.
import path from 'node:path';
import { API_NODE_FLAGS } from '../server/src/node-flags.ts';
import { API_STARTED, startChild } from '../tools/child.ts';
import { freePort } from '../tools/free-port.ts';

const rootDir = path.join(import.meta.dirname, '..');
const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '4321';
const siteOrigin = `http://${host}:${port}`;
const apiPort = process.env.API_PORT || String(await freePort());

const api = startChild(process.execPath, [...API_NODE_FLAGS, path.join(rootDir, 'server', 'src', 'server.ts')], {
  cwd: rootDir,
  env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', PUBLIC_ORIGIN: siteOrigin, NODE_ENV: 'development' },
  banner: API_STARTED,
  echo: true,
  keep: 4096,
});
await api.waitForStart({ name: 'API', timeoutMs: 60_000 });

const astro = path.join(rootDir, 'node_modules', 'astro', 'bin', 'astro.mjs');
const site = startChild(process.execPath, [astro, 'dev', '--host', host, '--port', port], {
  cwd: rootDir,
  env: { ...process.env, DEV_API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  echo: true,
  keep: 4096,
});
console.log(`Разработка: сайт ${siteOrigin}, API http://127.0.0.1:${apiPort} (через прокси сайта)`);

const stop = async (code: number) => {
  await Promise.all([site.stop(), api.stop()]);
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(0));
// Either one ending on its own ends the loop.
void Promise.race([api.exited, site.exited]).then(() => stop(1));
