// A server started as a child process: its output kept, a wait until it is up, and a stop that kills what lingers.
import { type ChildProcess, spawn } from 'node:child_process';

/** What server/src/server.ts (the API alone) prints once it listens. */
export const API_STARTED = 'API портала запущен';
/** What server/src/start.ts (`npm start`) and scripts/start-nginx.ts print once they serve. */
export const PORTAL_STARTED = 'Портал запущен';

export interface ChildOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** A process group of its own: a stop that has to kill kills everything it started (nginx behind start-nginx). */
  detached?: boolean;
  /** The line it prints once it listens: `waitForStart` connects only after it. */
  banner?: string;
  /** Also pass its stdout and stderr on to this process's. */
  echo?: boolean;
  /** Keep only the last this many characters of its output (a long-running process). */
  keep?: number;
}

export interface WaitOptions {
  /** Its name in the error. */
  name: string;
  /** Up when this resolves true (after the banner, when there is one); up at the banner when not given. */
  ready?: () => Promise<boolean>;
  timeoutMs: number;
  pollMs?: number;
  /** What the error adds: its output unless given. */
  details?: () => string | Promise<string>;
}

export interface Child {
  readonly process: ChildProcess;
  readonly pid: number | undefined;
  /** Everything it printed so far (its last `keep` characters). */
  output(): string;
  running(): boolean;
  /** Resolves with its exit code (or the signal that ended it) once it ends, for whatever reason. */
  readonly exited: Promise<number | string | null>;
  /** Sends `signal` while it runs; waits for nothing. */
  kill(signal: NodeJS.Signals): void;
  /**
   * Sends `signal` (SIGTERM unless given) and waits for it to end; after `graceMs` (5 s unless given; Infinity: never)
   * kills it, with its group when detached.
   */
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<void>;
  /** Waits for the banner and `ready`; throws when it exits first or is not up within `timeoutMs`. */
  waitForStart(options: WaitOptions): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startChild(command: string, args: string[], options: ChildOptions = {}): Child {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: options.detached,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { banner, keep } = options;
  let output = '';
  let bannerSeen = banner === undefined;
  const take = (to: NodeJS.WriteStream) => (chunk: string) => {
    if (options.echo) to.write(chunk);
    // The banner may straddle two chunks, and `keep` may have cut the output since it came.
    if (!bannerSeen && banner) bannerSeen = (output.slice(-banner.length) + chunk).includes(banner);
    output = keep === undefined ? output + chunk : (output + chunk).slice(-keep);
  };
  child.stdout?.setEncoding('utf8').on('data', take(process.stdout));
  child.stderr?.setEncoding('utf8').on('data', take(process.stderr));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const running = () => child.exitCode === null && child.signalCode === null;

  const stop = async ({ signal = 'SIGTERM', graceMs = 5_000 }: { signal?: NodeJS.Signals; graceMs?: number } = {}) => {
    if (!running()) return;
    child.kill(signal);
    if (graceMs === Infinity) {
      await exited;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (!ended) {
      if (options.detached && child.pid) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
      await exited;
    }
  };

  const waitForStart = async ({ name, ready, timeoutMs, pollMs = 50, details }: WaitOptions) => {
    const fail = async (reason: string) =>
      new Error(`${reason}\n--- output ---\n${details ? await details() : output}`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!running()) throw await fail(`${name} exited (${child.exitCode ?? child.signalCode}) before it was up`);
      // No connection before the banner: one to a port nobody listens on yet can be given that same port as its own
      // and then hold it (TCP simultaneous open), so the server could not bind it.
      if (bannerSeen && (!ready || (await ready()))) return;
      if (Date.now() > deadline) throw await fail(`${name} was not up within ${timeoutMs / 1000} s`);
      await sleep(pollMs);
    }
  };

  return {
    process: child,
    pid: child.pid,
    output: () => output,
    running,
    exited,
    kill: (signal) => {
      if (running()) child.kill(signal);
    },
    stop,
    waitForStart,
  };
}
