// OpenSSL as the portal runs it for signatures (docs/decisions.md «Signatures: OpenSSL with the GOST engine, pkijs for
// structure» and «Signatures: honestly unavailable»): without a shell, under a time and memory limit, with a
// configuration of our own that loads GOST, found once per process by a probe.
import { spawn } from 'node:child_process';
import { constants, existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UnreadableSignatureError } from './errors.ts';

/** The document a signature claims to cover: a stored file, bytes in memory, or a stream read once. */
export type SignedDocument = { path: string } | { bytes: Uint8Array } | { stream: AsyncIterable<Uint8Array> };

/** Address space one OpenSSL run may take (prlimit --as): it streams the document, so a few MB of it is used. */
export const MEMORY_LIMIT_BYTES = 256 * 1024 * 1024;
/** What is kept of an OpenSSL run's output: error lines and `verify`'s verdict, never the document. */
const OUTPUT_LIMIT = 64 * 1024;
/** The system's programs by their full paths: the child gets no PATH of ours to look them up by. */
const systemProgram = (name: string) =>
  ['/usr/bin', '/bin', '/usr/local/bin'].map((dir) => path.join(dir, name)).find((file) => existsSync(file)) ?? name;
const PRLIMIT = systemProgram('prlimit');
const OPENSSL = systemProgram('openssl');
const MKFIFO = systemProgram('mkfifo');

/** Where GOST comes from: OpenSSL 3's provider, or the engine (OpenSSL 1.1–3; OpenSSL 4 has no engines). */
export type GostSource = 'provider' | 'engine';

/** OpenSSL's configuration for each way of loading GOST: ours alone, nothing of the system's. */
const CONFIGS: Record<GostSource, string> = {
  provider: path.join(import.meta.dirname, 'openssl-gost-provider.cnf'),
  engine: path.join(import.meta.dirname, 'openssl-gost.cnf'),
};

/** How this process runs OpenSSL for signatures: the configuration that loads GOST. */
export interface Gost {
  source: GostSource;
  /** `openssl version`, for the start's log. */
  version: string;
  conf: string;
}

export interface OpensslRun {
  code: number | null;
  output: string;
}

/**
 * The child's environment: our configuration, and where OpenSSL looks for engines and providers when the process was
 * told (`OPENSSL_ENGINES`, `OPENSSL_MODULES`); nothing else of ours.
 */
function childEnv(conf: string | null): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = conf ? { OPENSSL_CONF: conf } : {};
  for (const name of ['OPENSSL_ENGINES', 'OPENSSL_MODULES'] as const) {
    if (process.env[name]) env[name] = process.env[name];
  }
  return env;
}

/**
 * Runs `openssl args` (or another system program) under prlimit with `gost`'s configuration (null: OpenSSL's
 * defaults); kills it at `deadline` (UnreadableSignatureError 'timeout').
 */
export function openssl(
  gost: Pick<Gost, 'conf'> | null,
  args: readonly string[],
  deadline: number,
  other?: { program: string; args: readonly string[] },
  memoryBytes = MEMORY_LIMIT_BYTES,
): Promise<OpensslRun> {
  return new Promise((resolve, reject) => {
    const command = other ? [other.program, ...other.args] : [OPENSSL, ...args];
    const child = spawn(PRLIMIT, [`--as=${memoryBytes}`, '--', ...command], {
      env: childEnv(gost?.conf ?? null),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      if (output.length < OUTPUT_LIMIT) output += chunk.toString('utf8').slice(0, OUTPUT_LIMIT - output.length);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        child.kill('SIGKILL');
      },
      Math.max(0, deadline - Date.now()),
    );
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new UnreadableSignatureError('timeout', `openssl ${args[0]}`));
      else resolve({ code, output });
    });
  });
}

/**
 * Runs `openssl args` with the document where `{document}` stands: a stored file's path as it is; bytes and streams
 * through a named pipe in `work`, so a 100 MB document is never copied to disk nor held in memory (a child's stdin
 * from Node is a socket, which OpenSSL cannot open as a file).
 */
export async function opensslOnDocument(
  gost: Gost,
  args: readonly string[],
  document: SignedDocument,
  work: string,
  deadline: number,
): Promise<OpensslRun> {
  if ('path' in document)
    return openssl(
      gost,
      args.map((arg) => (arg === '{document}' ? document.path : arg)),
      deadline,
    );
  const fifo = path.join(work, 'document.fifo');
  const made = await openssl(null, [], deadline, { program: MKFIFO, args: ['-m', '600', fifo] });
  if (made.code !== 0) throw new Error(`mkfifo: ${made.output}`);
  const source = 'bytes' in document ? Readable.from([document.bytes]) : Readable.from(document.stream);
  // A document that cannot be read (the store failed) is an error, never a verdict on the bytes that came.
  let unreadable: unknown = null;
  source.once('error', (error) => {
    unreadable = error;
  });
  // Opening a pipe for writing waits for its reader; OpenSSL opens it as it starts reading the content.
  const feeding = (async () => {
    const handle = await open(fifo, 'w');
    try {
      await pipeline(source, handle.createWriteStream());
    } catch {
      // OpenSSL stopped reading (a verdict, or killed at the limit): its own exit says what happened.
    } finally {
      await handle.close().catch(() => {});
    }
  })();
  try {
    const run = await openssl(
      gost,
      args.map((arg) => (arg === '{document}' ? fifo : arg)),
      deadline,
    );
    await feeding;
    if (unreadable) throw unreadable;
    return run;
  } finally {
    // If OpenSSL never opened the pipe, a reader of our own releases the waiting writer, which then fails at once.
    const release = await open(fifo, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => null);
    await release?.close();
    await feeding;
    source.destroy();
  }
}

// ——— The probe: which GOST this machine's OpenSSL has ———

/** A signature of the demo authority over a one-page PDF: what the probe asks OpenSSL to verify. */
const PROBE = {
  document: path.join(import.meta.dirname, 'demo', 'demo-document.pdf'),
  signature: path.join(import.meta.dirname, 'demo', 'demo-document.director.sig'),
};

/** What to install for GOST, and the command: Debian's package has the engine and the provider. */
export const GOST_PACKAGE = 'libengine-gost-openssl';
export const GOST_INSTALL_COMMAND = `sudo apt-get install ${GOST_PACKAGE}`;

/** No GOST on this machine: what was tried and what OpenSSL said. */
export interface NoGost {
  source: null;
  /** What was tried, in Russian, for the start's line and readiness. */
  detail: string;
}

/**
 * Finds how this machine's OpenSSL verifies a GOST R 34.10-2012 signature: the provider where it works, else the engine,
 * else neither. The test is the real thing (a signature's digest and key checked with `cms -verify`), not a listing:
 * Debian's provider 3.0.1 loads but has no GOST keys, and an engine whose file is missing still lets OpenSSL start.
 */
export async function probeGost(): Promise<Gost | NoGost> {
  const deadline = Date.now() + 15_000;
  let version: string;
  try {
    const said = (await openssl(null, ['version'], deadline)).output;
    version = /OpenSSL \S+/.exec(said)?.[0] ?? said.trim().slice(0, 60);
  } catch (error) {
    return {
      source: null,
      detail: `openssl не запускается под prlimit (${String(error)}; нужны openssl и util-linux)`,
    };
  }
  for (const source of ['provider', 'engine'] as const) {
    const gost = { source, version, conf: CONFIGS[source] };
    const verify = ['cms', '-verify', '-binary', '-inform', 'DER', '-in', PROBE.signature];
    const run = await openssl(
      gost,
      [...verify, '-content', PROBE.document, '-noverify', '-out', '/dev/null'],
      deadline,
    ).catch((error: unknown) => ({ code: null, output: String(error) }));
    if (run.code === 0) return gost;
  }
  return { source: null, detail: `${version} не проверяет подпись ГОСТ ни провайдером, ни движком` };
}

let probed: Promise<Gost | NoGost> | null = null;

/** The probe's answer for this process: run once, at the first call. */
export function gostOfThisProcess(): Promise<Gost | NoGost> {
  probed ??= probeGost();
  return probed;
}
