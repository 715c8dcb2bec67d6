import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startPortalOnFreePort } from '../../tools/portal-process.ts';
import { type SmtpSink, startSmtpSink } from '../../tools/smtp-sink.ts';
import { type RequestFactory, SessionStore } from './sessions.ts';

export interface Portal {
  /** http://127.0.0.1:PORT of the server itself. */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface PortalOptions {
  smtpUrl: string;
  /** Origin browsers use (differs from `url` behind nginx). */
  publicOrigin?: string;
  env?: Record<string, string>;
}

/**
 * `E2E_SERVE=nginx` runs every browser test through `npm run start:nginx` (real nginx with this repository's
 * nginx.conf in front of the API server) instead of `npm start` (dist/ and the API on one port). CI runs the whole
 * suite through nginx and, under `npm start`, the specs about what differs there (E2E_NPM_START_SPECS, scripts/test.sh).
 */
export const servedThroughNginx = process.env.E2E_SERVE === 'nginx';

/**
 * The environment of a server on 127.0.0.1:`port` with `dataDir` as DATA_DIR and `env` on top (an undefined value
 * removes a variable): e2e runs on its own SQLite database, whatever the calling shell points at, unless `env` names one.
 */
export function serverEnv(port: number, dataDir: string, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // The global setup has checked dist/ once for the whole run.
    SKIP_BUILD: '1',
    NODE_ENV: 'test',
    // Every browser of a run comes from 127.0.0.1: the per-network code limit per e-mail would count them all as
    // one attacker. The IP limit (30 per 10 minutes) still holds.
    LOGIN_EMAIL_LIMIT: '30',
    // A worker's server serves many tests' uploads as the same demo users.
    UPLOAD_RATE_LIMIT: '1000',
    ...env,
    // Only a database a test names itself (the live spec's PostgreSQL), never the calling shell's.
    DATABASE_URL: env.DATABASE_URL,
    FILES_DIR: undefined,
  };
}

/**
 * Starts `node server/src/start.ts` (or `scripts/start-nginx.ts`, see `servedThroughNginx`) against the production
 * build in dist/ with a fresh SQLite DATA_DIR, so the server has its own seeded demo data, rate limits and login codes.
 */
export async function startPortal(options: PortalOptions): Promise<Portal> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-'));
  const removeData = () => rm(dataDir, { recursive: true, force: true });
  // Its own process group: a server that does not stop in time is killed with everything it started (nginx).
  // /version.json answering is what counts.
  const { child, port, url } = await startPortalOnFreePort(servedThroughNginx ? 'nginx' : 'start', {
    env: (port) =>
      serverEnv(port, dataDir, {
        SMTP_URL: options.smtpUrl,
        MAIL_FROM: 'Портал согласования АГР <no-reply@portal.test>',
        PUBLIC_ORIGIN: options.publicOrigin ?? `http://127.0.0.1:${port}`,
        ...options.env,
      }),
    detached: true,
    readyPath: '/version.json',
    wait: { name: 'The portal server', timeoutMs: 30_000 },
  }).catch(async (error) => {
    await removeData();
    throw error;
  });
  const stop = async () => {
    await child.stop();
    await removeData();
  };
  try {
    if (servedThroughNginx) await expectNginxInFront(url, child.output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, output: child.output, stop };
}

/** E2E_SERVE=nginx must really put nginx in front: its `Server` header answers, not Fastify. */
async function expectNginxInFront(url: string, output: () => string): Promise<void> {
  const server = (await fetch(`${url}/login`)).headers.get('server') ?? '';
  if (!server.startsWith('nginx')) {
    throw new Error(`E2E_SERVE=nginx, but /login came from '${server}', not nginx\n--- server output ---\n${output()}`);
  }
}

/**
 * A portal server with its own SMTP sink and its demo users' logins, each started on first use and stopped together:
 * one per worker, shared by its tests, and one more for each test that asks for a fresh server.
 */
export class PortalServer {
  private readonly shared: boolean;
  private readonly request: RequestFactory;
  private sinkStarted: Promise<SmtpSink> | undefined;
  private portalStarted: Promise<Portal> | undefined;
  private sessionStore: Promise<SessionStore> | undefined;

  private readonly env: Record<string, string> | undefined;

  constructor(options: { shared: boolean; request: RequestFactory; env?: Record<string, string> }) {
    this.shared = options.shared;
    this.request = options.request;
    this.env = options.env;
  }

  sink(): Promise<SmtpSink> {
    this.sinkStarted ??= startSmtpSink();
    return this.sinkStarted;
  }

  portal(): Promise<Portal> {
    this.portalStarted ??= this.sink().then((sink) => startPortal({ smtpUrl: sink.smtpUrl, env: this.env }));
    return this.portalStarted;
  }

  sessions(): Promise<SessionStore> {
    this.sessionStore ??= Promise.all([this.portal(), this.sink()]).then(
      ([portal, sink]) => new SessionStore({ baseURL: portal.url, sink, request: this.request, shared: this.shared }),
    );
    return this.sessionStore;
  }

  /** What the server printed, when it was started. */
  async output(): Promise<string | null> {
    const portal = await this.portalStarted?.catch(() => undefined);
    return portal ? portal.output() : null;
  }

  async stop(): Promise<void> {
    await (await this.portalStarted?.catch(() => undefined))?.stop();
    await (await this.sinkStarted?.catch(() => undefined))?.close();
  }
}
