// Runs this repository's nginx.conf itself on a temporary prefix: the e2e and server tests and `npm run start:nginx`
// (scripts/start-nginx.ts) use it. Only the lines marked `# @test:<name>` change.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild } from './child.ts';

/** The repository: nginx.conf and, by default, dist/. */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface NginxOptions {
  /** Port nginx listens on. */
  port: number;
  /** Address nginx listens on; 127.0.0.1 unless given. */
  host?: string;
  /** The web root, normally the repo's dist/. */
  root: string;
  /** host:port of the API server, or of each of several instances (one nginx upstream, round robin). */
  upstream: string | string[];
  /** Where the rewritten config, pid, logs and temp files go. */
  prefix: string;
}

function listenAddress(host = '127.0.0.1'): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The repo's nginx.conf with every line marked `# @test:<name>` pointed at a temporary prefix,
 * so the test runs the production file itself rather than a copy of it.
 */
export function rewriteNginxConf(conf: string, options: NginxOptions): string {
  const { prefix } = options;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const seen = new Set<string>();
  const lines = conf.split('\n').map((line) => {
    const marker = /#\s*@test:([a-z_]+)\s*$/.exec(line);
    if (!marker?.[1]) return line;
    const name = marker[1];
    seen.add(name);
    const indent = /^\s*/.exec(line)?.[0] ?? '';
    const directive = line.trim().split(/\s+/)[0] ?? '';
    switch (name) {
      case 'user':
        // Workers of a root master run as this user; it must read dist/ wherever the repo is checked out.
        return isRoot ? `${indent}user root;` : '';
      case 'pid':
        return `${indent}pid ${path.join(prefix, 'nginx.pid')};`;
      case 'error_log':
        return `${indent}error_log ${path.join(prefix, 'logs', 'error.log')} info;`;
      case 'access_log':
        // Only the path changes: the log format stays.
        return line.replace(/access_log\s+\S+/, `access_log ${path.join(prefix, 'logs', 'access.log')}`);
      case 'temp': {
        const sub = directive.replace(/_temp_path$/, '');
        return `${indent}${directive} ${path.join(prefix, 'tmp', sub)};`;
      }
      case 'cache_path':
        // Only the path changes: the zone, its size and lifetimes stay.
        return line.replace(/proxy_cache_path\s+\S+/, `proxy_cache_path ${path.join(prefix, 'cache', 'registry')}`);
      case 'listen':
        return `${indent}listen ${listenAddress(options.host)}:${options.port} default_server;`;
      case 'root':
        return `${indent}root ${options.root};`;
      case 'upstream':
        return [options.upstream]
          .flat()
          .map((server) => `${indent}server ${server};`)
          .join('\n');
      default:
        throw new Error(`nginx.conf: unknown test marker @test:${name}`);
    }
  });
  for (const required of ['pid', 'error_log', 'access_log', 'temp', 'listen', 'root', 'upstream']) {
    if (!seen.has(required)) throw new Error(`nginx.conf: marker @test:${required} is missing`);
  }
  return lines.join('\n');
}

export function findNginx(): string {
  const candidates = [
    ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx')),
    '/usr/sbin/nginx',
    '/usr/local/sbin/nginx',
    '/usr/local/nginx/sbin/nginx',
  ];
  const found = candidates.find((file) => file && existsSync(file));
  if (!found) throw new Error('nginx not found (scripts/ensure-system-deps.sh installs it)');
  return found;
}

export interface RunningNginx {
  url: string;
  prefix: string;
  confPath: string;
  /** Resolves with nginx's exit code (or signal) when the master process ends, for whatever reason. */
  exited: Promise<number | string | null>;
  errorLog(): Promise<string>;
  /** Graceful stop (SIGQUIT, SIGKILL after 5 s), then removes the prefix. */
  stop(): Promise<void>;
}

/** Writes the rewritten config under a fresh prefix, checks it with `nginx -t`, and runs nginx in the foreground. */
export async function startNginx(options: Omit<NginxOptions, 'prefix'>): Promise<RunningNginx> {
  const nginx = findNginx();
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'portal-nginx-'));
  // Workers (another user when the master is root) must reach the temp dirs.
  await chmod(prefix, 0o755);
  await mkdir(path.join(prefix, 'logs'));
  await mkdir(path.join(prefix, 'tmp'));
  await mkdir(path.join(prefix, 'cache'));
  const conf = rewriteNginxConf(await readFile(path.join(repoRoot, 'nginx.conf'), 'utf8'), { ...options, prefix });
  const confPath = path.join(prefix, 'nginx.conf');
  await writeFile(confPath, conf);
  const errorLogPath = path.join(prefix, 'logs', 'error.log');
  const baseArgs = ['-p', prefix, '-e', errorLogPath, '-c', confPath];

  const check = spawnSync(nginx, [...baseArgs, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) {
    throw new Error(`nginx -t failed for the rewritten nginx.conf:\n${check.stderr}\n--- config ---\n${conf}`);
  }

  const child = startChild(nginx, [...baseArgs, '-g', 'daemon off;']);
  const host =
    options.host === undefined || options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const url = `http://${listenAddress(host)}:${options.port}`;
  const errorLog = async () => `${child.output()}${await readFile(errorLogPath, 'utf8').catch(() => '')}`;

  const stop = async () => {
    // SIGQUIT: graceful shutdown of master and workers.
    await child.stop({ signal: 'SIGQUIT' });
    await rm(prefix, { recursive: true, force: true });
  };

  try {
    await child.waitForStart({
      name: 'nginx',
      // Any answer, even an error page, means it listens.
      ready: () =>
        fetch(`${url}/`, { signal: AbortSignal.timeout(1_000) }).then(
          () => true,
          () => false,
        ),
      timeoutMs: 10_000,
      pollMs: 100,
      details: errorLog,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, prefix, confPath, exited: child.exited, errorLog, stop };
}
