// The portal started as a child process, the one way the bench, the browser tests and the server tests start it:
// `npm start` (API and site), the API alone, or nginx in front; with the flags production gives the API, on
// 127.0.0.1, and on a port of its own.
import path from 'node:path';
import { API_NODE_FLAGS } from '../server/src/node-flags.ts';
import { API_STARTED, type Child, PORTAL_STARTED, startChild, type WaitOptions } from './child.ts';
import { freePort } from './free-port.ts';
import { answersOk } from './http.ts';

const repoRoot = path.join(import.meta.dirname, '..');

/** How it is started: what runs and the line it prints once it listens. */
const ENTRIES = {
  /** `npm start`: the API and the built site in one process. */
  start: { file: 'server/src/start.ts', banner: PORTAL_STARTED, nodeFlags: API_NODE_FLAGS },
  /** The API alone (`npm run serve:api`). */
  api: { file: 'server/src/server.ts', banner: API_STARTED, nodeFlags: API_NODE_FLAGS },
  /** nginx with nginx.conf in front of an API it starts itself (which gets the flags from it). */
  nginx: { file: 'scripts/start-nginx.ts', banner: PORTAL_STARTED, nodeFlags: [] },
} as const;

export type PortalEntry = keyof typeof ENTRIES;

export interface PortalProcessOptions {
  /** Its whole environment but PORT and HOST (pass `process.env` in to inherit). */
  env: NodeJS.ProcessEnv;
  /** A process group of its own, so a stop that has to kill also kills what it started (nginx). */
  detached?: boolean;
  /** Keep only the last this many characters of its output. */
  keep?: number;
}

/** Starts the portal on `port` and returns at once; `waitForStart` on the child waits for its banner. */
export function startPortalProcess(entry: PortalEntry, port: number, options: PortalProcessOptions): Child {
  const { file, banner, nodeFlags } = ENTRIES[entry];
  return startChild(process.execPath, [...nodeFlags, file], {
    cwd: repoRoot,
    env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    banner,
    detached: options.detached,
    keep: options.keep,
  });
}

export interface StartedPortal {
  child: Child;
  port: number;
  url: string;
}

/**
 * Starts the portal on a free port and waits until `readyPath` answers 200. A port found free can be taken by another
 * process before the portal binds it: then it tries another (three times in all). `env` gets the port, for the
 * settings that name the portal's own address.
 */
export async function startPortalOnFreePort(
  entry: PortalEntry,
  options: Omit<PortalProcessOptions, 'env'> & {
    env: (port: number) => NodeJS.ProcessEnv;
    readyPath: string;
    wait: Omit<WaitOptions, 'ready'>;
  },
): Promise<StartedPortal> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = startPortalProcess(entry, port, { ...options, env: options.env(port) });
    try {
      await child.waitForStart({ ...options.wait, ready: () => answersOk(`${url}${options.readyPath}`) });
      return { child, port, url };
    } catch (error) {
      await child.stop();
      if (attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}
