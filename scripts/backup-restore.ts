// `npm test`'s stage backup-restore: a backup of a running portal restores into PostgreSQL with files on S3 and into
// SQLite with files in a directory, and each restored portal answers every read as the original did (docs/operations.md
// «Резервные копии»). Runs alone after `npm run build`: `node scripts/backup-restore.ts`.
//
//   1. The original: `npm start` on SQLite (a temporary DATA_DIR, files in a temporary FILES_DIR), the demo seeded (it
//      is seeded outside production), on a free port.
//   2. Fresh activity through the API as the demo users: the owner files a statement with two files, an examiner takes
//      it, replies with comments and a file, the employee answers with a new version, the examiner refuses it (the
//      server writes the refusal letter, a file of that round).
//   3. Backup under load: two loops upload prefiles and file statements as the employee while `backup --to A` runs;
//      `verify-backup --from A` must pass. A backup taken while writes go on cannot be compared with any one reading of
//      the original (the reading would see writes the backup may or may not hold): it is verified, and restored (step 5).
//   4. The comparison's backup: the loops stopped (every write of theirs answered), `backup --to B`, verified; then the
//      crawler reads the original. Nothing writes between B's snapshot and that reading but the reading itself (logins,
//      the rate limits' counters, anything a read marks), and a restored portal is read by the same requests in the
//      same order from B's state: so the restored portals start from the very state the original was read in and go
//      through the same steps, and every answer must be equal.
//   5. B restored into a throwaway PostgreSQL with files on s3rver, and into a new SQLite DATA_DIR with a new FILES_DIR;
//      each is started in turn (`npm start`, another port) and crawled; any difference fails, named by request and JSON
//      path. The crawler logs in as each demo user and reads every GET of openapi.yaml it may call (the first page,
//      each statement every list shows, with its remarks, in the company's and the committee's view, employees and
//      powers of attorney), the public register, its exports, the certificate check of every token it shows and the
//      status check of the statements. Every file a detail lists is downloaded and its SHA-256 compared (and checked
//      against the one the detail states). A GET of openapi.yaml the crawler neither reads nor names as left out fails
//      the stage, so a new read cannot slip past it. Restoring again into the filled SQLite target must be refused.
//      A, restored into SQLite as well, must serve every file its details list with the SHA-256 they state.
//   6. A copy of B with one byte of one file changed fails `verify-backup`, and its output names that file's key.
//
// No field is excused from the comparison: ids, numbers, dates and tokens come back as they were, and both portals
// share JWT_SECRET (an operator restores with the same secrets). Only time could differ (working days left, 'today'):
// the crawls run minutes apart, and a run across the committee's midnight may see a day's difference.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  type Dirent,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { type Child, PORTAL_STARTED, startChild } from '../tools/child.ts';
import { type DemoRole, demoRoles, demoUsers } from '../tools/demo.ts';
import { drawingPdf } from '../tools/drawing-pdf.ts';
import { freePort } from '../tools/free-port.ts';
import { answersOk } from '../tools/http.ts';
import { logInByCode } from '../tools/login.ts';
import { startTestS3, type TestS3 } from '../tools/s3.ts';
import { type SmtpSink, startSmtpSink } from '../tools/smtp-sink.ts';

const root = path.join(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'backup-restore-'));
const failures: string[] = [];
const began = Date.now();
const elapsed = () => `${Math.round((Date.now() - began) / 1000)} s`.padStart(6);
const check = (ok: boolean, what: string, detail = '') => {
  console.log(
    `${elapsed()} ${ok ? 'ok  ' : 'FAIL'} ${what}${!ok && detail ? `\n     ${detail.replace(/\n/g, '\n     ')}` : ''}`,
  );
  if (!ok) failures.push(what);
  return ok;
};
const note = (what: string) => console.log(`${elapsed()}      ${what}`);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every portal of the run: the same secret, limits that a crawl of a few hundred requests does not reach. */
const JWT_SECRET = 'backup-restore-stage-secret-0123456789abcdef';
const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', JWT_SECRET };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'FILES_DIR', 'DATA_DIR', 'PUBLIC_ORIGIN', 'METRICS_PORT']) {
    delete env[name];
  }
  for (const name of Object.keys(env)) if (name.startsWith('S3_') || name.startsWith('AWS_')) delete env[name];
  return {
    ...env,
    UPLOAD_RATE_LIMIT: '100000',
    LOGIN_EMAIL_LIMIT: '1000',
    LOGIN_IP_LIMIT: '1000',
  };
};

/** Where a portal keeps its data: a SQLite directory with a files directory, or PostgreSQL with files on S3. */
type Storage = { dataDir: string; filesDir: string } | { dataDir: string; databaseUrl: string; s3: TestS3 };
const storageEnv = (storage: Storage): NodeJS.ProcessEnv =>
  'filesDir' in storage
    ? { DATA_DIR: storage.dataDir, FILES_DIR: storage.filesDir }
    : { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, ...storage.s3.env };

/** The admin commands running now: an interrupted run ends them too. */
const commands = new Set<ChildProcess>();

/** `npm run admin -- ARGS` on `storage`, without blocking this process (the upload loops run in it meanwhile). */
function admin(storage: Storage, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: root,
      env: { ...baseEnv(), ...storageEnv(storage) },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, as the portal's: an interrupted run ends npm and the command under it together.
      detached: true,
    });
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    commands.add(child);
    child.once('error', reject);
    child.once('close', (code) => {
      commands.delete(child);
      resolve({ code, out });
    });
  });
}

interface Portal {
  url: string;
  child: Child;
}

/** The portals running now: an interrupted run stops them too (each runs in a process group of its own). */
const running = new Set<Portal>();

/** `npm start` on `storage`, in a process group of its own (npm passes no signal on), up once it is ready. */
async function startPortal(storage: Storage, smtpUrl: string): Promise<Portal> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = startChild('npm', ['start'], {
      cwd: root,
      detached: true,
      banner: PORTAL_STARTED,
      keep: 200_000,
      env: { ...baseEnv(), ...storageEnv(storage), PORT: String(port), HOST: '127.0.0.1', SMTP_URL: smtpUrl },
    });
    const portal: Portal = { url, child };
    running.add(portal);
    try {
      await child.waitForStart({
        name: 'npm start',
        ready: () => answersOk(`${url}/api/health/ready`),
        timeoutMs: 180_000,
      });
      return portal;
    } catch (error) {
      await stopPortal(portal);
      if (attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

/** Whether any process of the group `pgid` is left. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a portal: SIGTERM to its whole group (npm may exit first and leave the API finishing its requests), then waits
 * until no process of the group is left, killing the group if it is still there after ten seconds.
 */
async function stopPortal(portal: Portal): Promise<void> {
  running.delete(portal);
  const pgid = portal.child.pid;
  if (!pgid) return;
  const gone = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (groupAlive(pgid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return !groupAlive(pgid);
  };
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGTERM');
  if (!(await gone(10_000))) {
    console.error(
      `the portal at ${portal.url} (process group ${pgid}) did not end within 10 s of SIGTERM: killed; its last ` +
        `output:\n${portal.child.output().slice(-3000)}`,
    );
    process.kill(-pgid, 'SIGKILL');
    await gone(10_000);
  }
  await portal.child.exited;
}

type Tokens = Record<DemoRole, string>;

async function logInAll(url: string, mailbox: SmtpSink): Promise<Tokens> {
  const tokens = {} as Tokens;
  for (const role of demoRoles) {
    const { accessToken } = await logInByCode(url, demoUsers[role].email, (email) => mailbox.waitForCode(email));
    tokens[role] = accessToken;
  }
  return tokens;
}

/** A JSON call that must succeed: its answer, or an error naming the call and what it said. */
async function call<T>(url: string, token: string, method: string, route: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${url}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function uploadPrefile(url: string, token: string, name: string, bytes: Uint8Array): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const answer = await fetch(`${url}/api/prefiles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await answer.text();
  if (answer.status !== 201 && answer.status !== 200) throw new Error(`POST /api/prefiles: ${answer.status} ${text}`);
  return (JSON.parse(text) as { id: number }).id;
}

// ---------------------------------------------------------------------------------------------------------------------
// The crawler.

/** One answer as compared: the status and the body (JSON as parsed, text as it is, anything else by its SHA-256). */
interface Reading {
  status: number;
  body: unknown;
}

interface Crawl {
  /** Every answer by `who METHOD route`, in the order asked. */
  answers: Map<string, Reading>;
  /** Every file a detail listed, by storage key: what downloading it gave. */
  files: Map<string, { status: number; sha256: string | null; size: number; stated: string | null }>;
}

/** GETs of openapi.yaml the crawler does not read, and why. */
const NOT_READ: Record<string, string> = {
  '/api/events': 'a live stream of what happens from now on, not stored state',
  '/api/health': "the process's own state",
  '/api/health/ready': "the process's own state (and the backups' age)",
  '/version.json': 'the build, not the data',
  '/api/files': 'read for every file a detail lists (the files check)',
  '/files/{key}': 'the same downloads as /api/files',
  '/api/admin/subject-requests/people':
    "a search by a person's e-mail, phone, ФИО or СНИЛС, not a listing of stored state",
  '/api/admin/subject-requests/{id}/answer':
    'the answer stored with its request, in the rows /api/admin/subject-requests lists and the tables check compares',
  '/api/admin/destruction-acts/{id}/pdf': 'the act stored once with its row, which /api/admin/destruction-acts lists',
  '/api/instance/conclusions/{id}/remarks':
    "a body member's view of a statement's remarks, every one of them among /api/instance/statements/{id}/remarks",
  '/api/approved-sets/{id}/zip':
    'a ZIP streamed from the stamped copies the details list, each downloaded by the files check',
  '/api/instance/statements/{id}/not-stamped':
    'a forecast computed from the files a detail lists, each downloaded by the files check',
};
/** GETs read with ids the lists give (the crawl's later steps). */
const READ_BY_ID = new Set([
  '/api/statements/{id}',
  '/api/statements/{id}/remarks',
  '/api/instance/statements/{id}',
  '/api/instance/statements/{id}/remarks',
  '/api/employees/{id}',
  '/api/instance/powers-of-attorney/{id}',
  '/api/public/certificates/{token}',
  '/api/public/certificates/{token}/signed/{part}',
]);

interface Operation {
  route: string;
  isPublic: boolean;
  /** Path parameters with an enum: one read per value. */
  enums: Record<string, string[]>;
}

/**
 * The GETs the crawler reads as each user (or once without a login, for the public ones), from openapi.yaml; fails
 * the stage for a GET it does not know how to call.
 */
function plannedOperations(today: string, yearAgo: string): Operation[] {
  type Param = { $ref?: string; name?: string; in?: string; required?: boolean; schema?: { $ref?: string } };
  // biome-ignore lint/suspicious/noExplicitAny: the parsed contract is walked by hand
  const spec = parseYaml(readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as any;
  const resolve = (param: Param): Param =>
    param.$ref ? spec.components.parameters[param.$ref.split('/').pop() as string] : param;
  const enumOf = (param: Param): string[] | null => {
    const schema = param.schema?.$ref ? spec.components.schemas[param.schema.$ref.split('/').pop() as string] : null;
    return schema?.enum ?? null;
  };
  /** Required query parameters the crawler knows values for. */
  const queries: Record<string, Record<string, string>> = {
    '/api/instance/reports': { from: yearAgo, to: today },
  };
  const operations: Operation[] = [];
  const unknown: string[] = [];
  for (const [route, item] of Object.entries<Record<string, { parameters?: Param[]; security?: unknown[] }>>(
    spec.paths,
  )) {
    const get = item.get;
    if (!get || route in NOT_READ || READ_BY_ID.has(route)) continue;
    const params = [...((item.parameters as Param[] | undefined) ?? []), ...(get.parameters ?? [])].map(resolve);
    const enums: Record<string, string[]> = {};
    let known = true;
    for (const param of params) {
      if (param.in === 'path') {
        const values = enumOf(param);
        if (values && param.name) enums[param.name] = values;
        else known = false;
      } else if (param.in === 'query' && param.required && !queries[route]?.[param.name ?? '']) {
        known = false;
      }
    }
    if (!known) {
      unknown.push(route);
      continue;
    }
    const query = queries[route] ? `?${new URLSearchParams(queries[route])}` : '';
    operations.push({
      route: `${route}${query}`,
      isPublic: Array.isArray(get.security) && get.security.length === 0,
      enums,
    });
  }
  check(
    unknown.length === 0,
    `the crawler covers every GET of openapi.yaml: ${operations.length} read as each user or the public, ` +
      `${READ_BY_ID.size} by the ids and tokens the answers give, ${Object.keys(NOT_READ).length} left out with a reason`,
    `it does not know how to read ${unknown.join(', ')}: add them to scripts/backup-restore.ts`,
  );
  return operations;
}

/** The routes of an operation: one per combination of its enum path parameters. */
function expand(operation: Operation): string[] {
  let routes = [operation.route];
  for (const [name, values] of Object.entries(operation.enums)) {
    routes = routes.flatMap((route) => values.map((value) => route.replace(`{${name}}`, value)));
  }
  return routes;
}

async function read(url: string, token: string | null, method: string, route: string, body?: unknown) {
  const answer = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = answer.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const text = () => new TextDecoder().decode(bytes);
  const parsed: unknown = type.includes('json')
    ? JSON.parse(text() || 'null')
    : type.startsWith('text/')
      ? text()
      : { sha256: sha256(bytes), size: bytes.length };
  return { status: answer.status, body: parsed, bytes };
}

/** Objects in `value` shaped as a listed file (a storage key in `url` and a `fileName`), with their stated hash. */
function listedFiles(value: unknown, found = new Map<string, string | null>()): Map<string, string | null> {
  if (Array.isArray(value)) for (const item of value) listedFiles(item, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.url === 'string' && typeof record.fileName === 'string') {
      found.set(record.url, typeof record.sha256 === 'string' ? record.sha256 : null);
    }
    for (const inner of Object.values(record)) listedFiles(inner, found);
  }
  return found;
}

/** Check tokens in `value`: the register's `checkToken`s and every `/check/{token}` address. */
function checkTokens(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) checkTokens(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'checkToken' && typeof inner === 'string') found.add(inner);
      else if (typeof inner === 'string') {
        const match = /\/check\/([A-Za-z0-9_-]+)$/.exec(inner);
        if (match?.[1]) found.add(match[1]);
      } else checkTokens(inner, found);
    }
  }
  return found;
}

const STATUS_CHECKS_AT_MOST = 20; // the status check allows 30 an address in 10 minutes
const CERTIFICATE_CHECKS_AT_MOST = 25; // two reads a token; the check allows 60 an address a minute

/** Reads everything the demo users and the public may read, in an order fixed by the answers. */
async function crawl(url: string, tokens: Tokens, operations: Operation[]): Promise<Crawl> {
  const answers = new Map<string, Reading>();
  const get = async (who: DemoRole | 'public', route: string, method = 'GET', body?: unknown) => {
    const answer = await read(url, who === 'public' ? null : tokens[who], method, route, body);
    answers.set(`${who} ${method} ${route}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`, {
      status: answer.status,
      body: answer.body,
    });
    return answer;
  };
  const bodies = (suffix: string) =>
    [...answers.entries()].filter(([key, reading]) => key.endsWith(suffix) && reading.status === 200);

  // Every list and page each user may read (and the refusals of what they may not), the public ones once.
  for (const operation of operations.filter((operation) => operation.isPublic)) {
    for (const route of expand(operation)) await get('public', route);
  }
  for (const role of demoRoles) {
    for (const operation of operations.filter((operation) => !operation.isPublic)) {
      for (const route of expand(operation)) await get(role, route);
    }
  }

  // Every statement any list shows, in both views, with its remarks, as each user.
  const ids = new Set<number>();
  for (const list of ['/api/statements', '/api/instance/me/statements', '/api/instance/all/statements']) {
    for (const [, reading] of bodies(` GET ${list}`)) {
      if (Array.isArray(reading.body)) for (const item of reading.body as { id: number }[]) ids.add(item.id);
    }
  }
  const statementIds = [...ids].sort((a, b) => a - b);
  for (const id of statementIds) {
    for (const role of demoRoles) {
      for (const route of [
        `/api/statements/${id}`,
        `/api/statements/${id}/remarks`,
        `/api/instance/statements/${id}`,
        `/api/instance/statements/${id}/remarks`,
      ]) {
        await get(role, route);
      }
    }
  }

  // Employees and powers of attorney by the ids their lists give.
  const idsIn = (suffix: string) => {
    const found = new Set<number>();
    for (const [, reading] of bodies(suffix)) {
      if (Array.isArray(reading.body)) for (const item of reading.body as { id: number }[]) found.add(item.id);
    }
    return [...found].sort((a, b) => a - b);
  };
  for (const id of idsIn(' GET /api/employees')) for (const role of demoRoles) await get(role, `/api/employees/${id}`);
  for (const id of idsIn(' GET /api/companies/me/powers-of-attorney')) {
    for (const role of demoRoles) await get(role, `/api/instance/powers-of-attorney/${id}`);
  }

  // The public checks: every certificate token anything shows, and the status of the statements by number and ИНН.
  const tokensSeen = new Set<string>();
  for (const [, reading] of answers) checkTokens(reading.body, tokensSeen);
  for (const token of [...tokensSeen].sort().slice(0, CERTIFICATE_CHECKS_AT_MOST)) {
    await get('public', `/api/public/certificates/${token}`);
    await get('public', `/api/public/certificates/${token}/signed/document`);
  }
  const numbered = new Map<number, string>();
  for (const [key, reading] of bodies('')) {
    if (!/^owner GET \/api\/statements\/\d+$/.test(key)) continue;
    const detail = reading.body as { visibleId: number; companyInn: string | null };
    if (detail.companyInn) numbered.set(detail.visibleId, detail.companyInn);
  }
  for (const [visibleId, inn] of [...numbered].sort(([a], [b]) => a - b).slice(0, STATUS_CHECKS_AT_MOST)) {
    await get('public', '/api/public/statement-status', 'POST', { visibleId, inn });
  }

  // Every file a detail lists, downloaded as the first user whose detail listed it.
  const files: Crawl['files'] = new Map();
  for (const [key, reading] of answers) {
    if (!/ GET \/api\/(instance\/)?statements\/\d+$/.test(key) || reading.status !== 200) continue;
    const role = key.split(' ')[0] as DemoRole;
    for (const [storageKey, stated] of listedFiles(reading.body)) {
      if (files.has(storageKey)) continue;
      const answer = await read(url, tokens[role], 'GET', `/api/files?path=${encodeURIComponent(storageKey)}`);
      files.set(storageKey, {
        status: answer.status,
        sha256: answer.status === 200 ? sha256(answer.bytes) : null,
        size: answer.bytes.length,
        stated,
      });
    }
  }
  return { answers, files };
}

/** Where two JSON values first differ: up to `limit` paths with both values. */
function differences(a: unknown, b: unknown, at = '', found: string[] = [], limit = 5): string[] {
  if (found.length >= limit || isDeepStrictEqual(a, b)) return found;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) {
      found.push(`${at || '.'}: ${a.length} items, restored ${b.length}`);
    }
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      differences(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${at}${Array.isArray(a) ? `[${key}]` : `.${key}`}`,
        found,
        limit,
      );
    }
    return found;
  }
  const show = (value: unknown) => JSON.stringify(value)?.slice(0, 200) ?? 'absent';
  found.push(`${at || '.'}: ${show(a)}, restored ${show(b)}`);
  return found;
}

/** Compares a restored portal's crawl with the original's; each difference named. */
function compare(name: string, original: Crawl, restored: Crawl): void {
  const problems: string[] = [];
  for (const [key, reading] of original.answers) {
    const other = restored.answers.get(key);
    if (!other) problems.push(`${key}: not asked of the restored portal (its lists differ)`);
    else if (reading.status !== other.status)
      problems.push(`${key}: status ${reading.status}, restored ${other.status}`);
    else if (!isDeepStrictEqual(reading.body, other.body)) {
      problems.push(`${key}:\n  ${differences(reading.body, other.body).join('\n  ')}`);
    }
  }
  for (const key of restored.answers.keys()) {
    if (!original.answers.has(key)) problems.push(`${key}: asked of the restored portal only (its lists differ)`);
  }
  check(
    problems.length === 0,
    `${name}: all ${original.answers.size} answers equal the original's`,
    `${problems.length} differ:\n${problems.slice(0, 30).join('\n')}`,
  );
  const fileProblems: string[] = [];
  for (const [key, file] of original.files) {
    const other = restored.files.get(key);
    if (!other) fileProblems.push(`${key}: not listed by the restored portal`);
    else if (other.status !== 200) fileProblems.push(`${key}: download answered ${other.status}`);
    else if (other.sha256 !== file.sha256) fileProblems.push(`${key}: SHA-256 ${other.sha256}, was ${file.sha256}`);
  }
  for (const key of restored.files.keys()) {
    if (!original.files.has(key)) fileProblems.push(`${key}: listed by the restored portal only`);
  }
  check(
    fileProblems.length === 0,
    `${name}: all ${original.files.size} files download with the same SHA-256`,
    fileProblems.slice(0, 30).join('\n'),
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// The run.

/** Files under `dir`, as paths relative to it, sorted. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const cleanups: (() => Promise<void>)[] = [];
let pgUrl = '';
let cleaning: Promise<void> | undefined;
/** Stops whatever the run started and removes its files; once, whether the run ended or was interrupted. */
const cleanUp = () => {
  cleaning ??= (async () => {
    for (const command of commands) if (command.pid && groupAlive(command.pid)) process.kill(-command.pid, 'SIGTERM');
    for (const portal of [...running]) await stopPortal(portal);
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
    if (pgUrl) {
      const stop = spawn('bash', [path.join(root, 'scripts/pg-throwaway.sh'), 'stop', pgUrl], { stdio: 'inherit' });
      await new Promise((resolve) => stop.once('close', resolve));
    }
    rmSync(work, { recursive: true, force: true });
  })();
  return cleaning;
};
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    console.error(`backup-restore: ${signal}, stopping what it started`);
    void cleanUp().finally(() => process.exit(code));
  });
}
try {
  if (!existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('no dist/: run npm run build first');
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const operations = plannedOperations(today, yearAgo);
  const mailbox = await startSmtpSink();
  cleanups.push(() => mailbox.close());

  // 1. The original portal.
  const original: Storage = { dataDir: path.join(work, 'original'), filesDir: path.join(work, 'original-files') };
  const portal = await startPortal(original, mailbox.smtpUrl);
  note(`the original portal (SQLite, files in a directory, the demo) answers at ${portal.url}`);
  const tokens = await logInAll(portal.url, mailbox);

  // 2. Fresh activity as the demo users.
  const { url } = portal;
  const pdf = (label: string, pages = 2) => drawingPdf({ pages, label });
  const filed = await call<{ id: number; visibleId: number }>(url, tokens.owner, 'POST', '/api/statements', {
    objectName: 'Жилой дом у резервной копии',
    address: 'г. Энск, ул. Архивная, д. 7',
    cadastralNumber: '77:01:0001001:4242',
    comment: 'Просим согласовать',
    prefileIds: [
      await uploadPrefile(url, tokens.owner, 'Альбом АГР.pdf', pdf('Album v1', 3)),
      await uploadPrefile(url, tokens.owner, 'Пояснительная записка.pdf', pdf('Note v1')),
    ],
  });
  await call(url, tokens.examiner1, 'POST', '/api/instance/StartWorkOnStatement', { id: filed.id });
  await call(url, tokens.examiner1, 'POST', `/api/instance/${filed.id}/stages`, {
    status: 'has_comments',
    isInstance: true,
    comment: 'Уточните цвет фасада',
    prefileIds: [await uploadPrefile(url, tokens.examiner1, 'Замечания.pdf', pdf('Remarks'))],
  });
  await call(url, tokens.employee, 'POST', `/api/statements/${filed.id}/stages`, {
    status: 'under_review',
    comment: 'Исправлено',
    prefileIds: [await uploadPrefile(url, tokens.employee, 'Альбом АГР.pdf', pdf('Album v2', 3))],
  });
  const grounds = await call<{ id: number }[]>(url, tokens.examiner1, 'GET', '/api/catalogs/refusal-grounds');
  await call(url, tokens.examiner1, 'POST', `/api/instance/${filed.id}/stages`, {
    status: 'rejected',
    isInstance: true,
    comment: 'Высота превышает предельную',
    prefileIds: [],
    refusalGroundIds: [grounds[0]?.id],
  });
  const decided = await call<{ status: string; stages: { files: { fileName: string }[] }[] }>(
    url,
    tokens.owner,
    'GET',
    `/api/statements/${filed.id}`,
  );
  check(
    decided.status === 'rejected' && decided.stages.at(-1)?.files[0]?.fileName === `Отказ_${filed.visibleId}.pdf`,
    `activity: № ${filed.visibleId} filed with two files, commented, answered, refused with its letter`,
    JSON.stringify(decided).slice(0, 1000),
  );

  // 3. A backup while uploads go on.
  let writing = true;
  const done: { at: number; what: string }[] = [];
  // Every fourth upload files a statement with the loop's last four, up to six statements a loop (each statement adds
  // some twenty reads to every crawl); the uploads go on until told to stop.
  const loop = async (n: number) => {
    const pending: number[] = [];
    for (let i = 1; writing; i++) {
      pending.push(await uploadPrefile(url, tokens.employee, `Лист ${n}-${i}.pdf`, pdf(`Sheet ${n}-${i}`, 1)));
      done.push({ at: Date.now(), what: 'prefile' });
      if (i % 4 === 0 && i <= 24) {
        await call(url, tokens.employee, 'POST', '/api/statements', {
          objectName: `Объект под нагрузкой ${n}-${i}`,
          prefileIds: pending.splice(0),
        });
        done.push({ at: Date.now(), what: 'statement' });
      }
    }
  };
  const loops = Promise.all([loop(1), loop(2)]);
  // Awaited below; an interrupted run stops the portal under them, and their failure must not end it before its cleanup.
  loops.catch(() => {});
  // Started: the loops have written before the backup begins.
  while (done.length < 4) await new Promise((resolve) => setTimeout(resolve, 20));
  const underLoad = path.join(work, 'backup-under-load');
  const backupStart = Date.now();
  const loaded = await admin(original, ['backup', '--to', underLoad]);
  const backupEnd = Date.now();
  const writtenBefore = done.length;
  // Still writing after the backup ended: a write more from each loop.
  while (done.length < writtenBefore + 2) await new Promise((resolve) => setTimeout(resolve, 20));
  writing = false;
  await loops;
  const during = done.filter((write) => write.at >= backupStart && write.at <= backupEnd).length;
  check(loaded.code === 0, 'backup --to A while two loops upload and file', loaded.out.slice(-3000));
  check(during > 0, 'the loops wrote before, during and after backup A', `${during} writes answered during it`);
  note(
    `backup A took ${backupEnd - backupStart} ms; ${during} uploads and filings were answered meanwhile, ` +
      `${done.length} in all (${done.filter((write) => write.what === 'statement').length} statements)`,
  );
  const loadedCheck = await admin(original, ['verify-backup', '--from', underLoad]);
  check(loadedCheck.code === 0, 'verify-backup --from A: exit 0', loadedCheck.out.slice(-3000));

  // 4. The comparison's backup, with writes stopped, then the original read.
  const quiet = path.join(work, 'backup');
  const quietRun = await admin(original, ['backup', '--to', quiet]);
  check(quietRun.code === 0, 'backup --to B with writes stopped', quietRun.out.slice(-3000));
  console.log(quietRun.out.trim().replace(/^/gm, '       | '));
  const quietCheck = await admin(original, ['verify-backup', '--from', quiet]);
  check(quietCheck.code === 0, 'verify-backup --from B: exit 0', quietCheck.out.slice(-3000));
  const backedFiles = filesUnder(path.join(quiet, 'files'));
  check(
    existsSync(path.join(quiet, 'manifest.json')) && filesUnder(path.join(quiet, 'database')).length > 0,
    `B holds manifest.json, ${filesUnder(path.join(quiet, 'database')).length} tables and ${backedFiles.length} files`,
  );
  const reference = await crawl(url, await logInAll(url, mailbox), operations);
  const mismatched = [...reference.files].filter(
    ([, file]) => file.status !== 200 || (file.stated !== null && file.stated !== file.sha256),
  );
  check(
    reference.answers.get(`owner GET /api/statements/${filed.id}`)?.status === 200 &&
      reference.answers.get(`head GET /api/instance/statements/${filed.id}`)?.status === 200,
    `the crawl reads № ${filed.visibleId} in both views`,
  );
  check(
    mismatched.length === 0 && reference.files.size > 0,
    `the original: ${reference.answers.size} answers read, ${reference.files.size} listed files downloaded, each ` +
      'with the SHA-256 its detail states',
    mismatched.map(([key, file]) => `${key}: ${file.status} ${file.sha256} stated ${file.stated}`).join('\n'),
  );
  const statuses = (who: string) =>
    [...reference.answers].filter(([key]) => key.startsWith(`${who} `)).map(([, reading]) => reading.status);
  note(
    `per user (200 / refused): ${[...demoRoles, 'public' as const]
      .map(
        (who) =>
          `${who} ${statuses(who).filter((s) => s === 200).length}/${statuses(who).filter((s) => s !== 200).length}`,
      )
      .join(', ')}`,
  );
  await stopPortal(portal);

  // 5. Restored into PostgreSQL with files on S3, then into SQLite with files in a directory; each started and crawled.
  const restoreAndCompare = async (name: string, target: Storage) => {
    const restored = await admin(target, ['restore', '--from', quiet]);
    if (!check(restored.code === 0, `restore --from B into ${name}`, restored.out.slice(-3000))) return false;
    const copy = await startPortal(target, mailbox.smtpUrl);
    note(`the portal restored into ${name} answers at ${copy.url}`);
    try {
      compare(name, reference, await crawl(copy.url, await logInAll(copy.url, mailbox), operations));
    } finally {
      await stopPortal(copy);
    }
    return true;
  };
  const s3 = await startTestS3('restored-files');
  cleanups.push(() => s3.close());
  pgUrl = await new Promise<string>((resolve, reject) => {
    const child = spawn('bash', [path.join(root, 'scripts/pg-throwaway.sh'), 'start'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.once('close', (code) =>
      code === 0 ? resolve(out.trim().split('\n').at(-1) ?? '') : reject(new Error(`pg-throwaway start: ${code}`)),
    );
  });
  await restoreAndCompare('PostgreSQL + S3', { dataDir: path.join(work, 'pg-data'), databaseUrl: pgUrl, s3 });
  const sqliteTarget: Storage = { dataDir: path.join(work, 'restored'), filesDir: path.join(work, 'restored-files') };
  if (await restoreAndCompare('SQLite + directory', sqliteTarget)) {
    const again = await admin(sqliteTarget, ['restore', '--from', quiet]);
    check(again.code !== 0, 'restore into the filled SQLite target is refused', `exit ${again.code}: ${again.out}`);
  }
  // The backup taken under load has no reading to compare with; restored, it must still serve every file its details
  // list, with the bytes they state.
  const loadTarget: Storage = { dataDir: path.join(work, 'restored-a'), filesDir: path.join(work, 'restored-a-files') };
  const loadRestored = await admin(loadTarget, ['restore', '--from', underLoad]);
  if (check(loadRestored.code === 0, 'restore --from A into SQLite + directory', loadRestored.out.slice(-3000))) {
    const copy = await startPortal(loadTarget, mailbox.smtpUrl);
    note(`the portal restored from A answers at ${copy.url}`);
    try {
      const read = await crawl(copy.url, await logInAll(copy.url, mailbox), operations);
      const wrong = [...read.files].filter(
        ([, file]) => file.status !== 200 || (file.stated !== null && file.stated !== file.sha256),
      );
      check(
        wrong.length === 0 && read.files.size > 0,
        `A restored: all ${read.files.size} files its details list download with the SHA-256 they state`,
        wrong.map(([key, file]) => `${key}: ${file.status} ${file.sha256}, stated ${file.stated}`).join('\n'),
      );
    } finally {
      await stopPortal(copy);
    }
  }

  // 6. One byte of one file changed: verify-backup names it.
  const tampered = path.join(work, 'backup-tampered');
  cpSync(quiet, tampered, { recursive: true });
  const changed = [...reference.files.keys()].find((key) => backedFiles.includes(key)) ?? backedFiles[0];
  if (!changed) throw new Error('backup B holds no file to change');
  const target = path.join(tampered, 'files', changed);
  const bytes = readFileSync(target);
  const middle = Math.floor(bytes.length / 2);
  bytes[middle] = (bytes[middle] ?? 0) ^ 0x01;
  writeFileSync(target, bytes);
  const caught = await admin(original, ['verify-backup', '--from', tampered]);
  check(
    caught.code === 1 && caught.out.includes(changed),
    `a copy of B with one byte of files/${changed} changed: verify-backup exits 1 naming the key`,
    `exit ${caught.code}: ${caught.out.slice(-2000)}`,
  );
} catch (error) {
  failures.push(String(error));
  console.error(error);
} finally {
  await cleanUp();
}
if (failures.length > 0) {
  console.error(`backup-restore: ${failures.length} failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  'backup-restore: a backup taken under load verifies and restores with every file; the quiet one restores into ' +
    'PostgreSQL + S3 and into SQLite, and both answer every read as the original did; a changed byte is caught',
);
