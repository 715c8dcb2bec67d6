import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { refusalGrounds } from '../../server/src/catalogs/catalogs.service.ts';
import { type Config, loadConfig, rootDir } from '../../server/src/config.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { createDatabase, type DatabaseOptions, type Db, migrateToLatest } from '../../server/src/db/database.ts';
import { createMailer } from '../../server/src/mail/mailer.ts';
import { createMetrics } from '../../server/src/metrics/metrics.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { loginAttemptCookieName } from '../../server/src/routes/api/authentication/index.ts';
import { seedDemo } from '../../server/src/seed/demo.ts';
import type { SignatureChecker } from '../../server/src/signatures/checker.ts';
import { normalizeEmail, type UserRow } from '../../server/src/users/user.ts';
import { findUserByEmail } from '../../server/src/users/users.repository.ts';
import type { Child } from '../../tools/child.ts';
import { freePort } from '../../tools/free-port.ts';
import { answersOk } from '../../tools/http.ts';
import { startPortalProcess } from '../../tools/portal-process.ts';
import { startTestS3, type TestS3 } from '../../tools/s3.ts';
import { type SmtpSink, startSmtpSink } from '../../tools/smtp-sink.ts';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A fresh, migrated database: a new SQLite file, or the PostgreSQL test database wiped clean. */
export async function createTestDatabase(dataDir: string, onQuery?: DatabaseOptions['onQuery']): Promise<Db> {
  const db = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, dataDir, onQuery });
  if (usingPostgres) {
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  }
  await migrateToLatest(db);
  return db;
}

export interface TestPortal {
  app: FastifyInstance;
  /** The app's service context (its clock is `clock`). */
  ctx: ServiceContext;
  db: Db;
  config: Config;
  mailbox: SmtpSink;
  clock: { now: number; advance(ms: number): void };
  /** The S3-compatible server behind the file store, when started with `{ fileStore: 's3' }`. */
  s3: TestS3 | null;
  close(): Promise<void>;
}

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** The settings of a test portal on `dataDir`, mailing `smtpUrl`, with `env` over the tests' defaults. */
function testConfig(dataDir: string, smtpUrl: string, env: Record<string, string>): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET,
    SMTP_URL: smtpUrl,
    NODE_ENV: 'test',
    // Tests upload many files a minute as one user; attack-findings.test.ts sets the real limits where it tests them.
    UPLOAD_RATE_LIMIT: '10000',
    ...env,
  });
}

/**
 * The seeded demo, kept per test file (this process) and per environment of the portal: the demo is written once
 * through the services (seedDemo: about 3 s of PDF parsers and OpenSSL runs on a loaded CI machine) and each further
 * portal with the same environment starts on a copy of it: of the SQLite file and the files directory, or on
 * PostgreSQL a database made from the seeded one (CREATE DATABASE … TEMPLATE). The copy is what a fresh seed would
 * write but for the times, which are those of the file's first such portal (at most the file's run earlier); the app
 * itself starts on the copy as on a fresh database, as a restarted server does. Not with S3 storage, a FILES_DIR or
 * DATA_DIR of the test's own, or metrics on (they would miss the seed's queries).
 */
interface SeededTemplate {
  /** Its data directory: the SQLite file (not on PostgreSQL) and the files. */
  dataDir: string;
  /** On PostgreSQL, the database the test database is made from. */
  database: string | null;
}

const seededTemplates = new Map<string, Promise<SeededTemplate | null>>();
const templateDatabases: string[] = [];

function templateKey(env: Record<string, string>, options: { fileStore?: 'directory' | 's3' }): string | null {
  if (options.fileStore === 's3') return null;
  if (Object.keys(env).some((name) => name === 'FILES_DIR' || name === 'DATA_DIR' || name.startsWith('S3_'))) {
    return null;
  }
  if (env.METRICS_PORT !== undefined) return null;
  return JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
}

/** `TEST_DATABASE_URL` with another database name. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs `statement` on the PostgreSQL server of TEST_DATABASE_URL, connected to its `postgres` database. */
async function onPostgresServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL as string, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const testDatabaseName = () =>
  decodeURIComponent(new URL(process.env.TEST_DATABASE_URL as string).pathname.slice(1)) || 'postgres';

/**
 * A new, empty PostgreSQL database beside the test database (a restore's target): its URL, and `drop` to remove it
 * once nothing is connected.
 */
export async function emptyPostgresDatabase(tag: string): Promise<{ url: string; drop(): Promise<void> }> {
  const database = `${testDatabaseName()}_${tag}_${process.pid}`;
  await onPostgresServer(`drop database if exists ${quoteIdent(database)}`);
  await onPostgresServer(`create database ${quoteIdent(database)}`);
  return {
    url: withDatabase(process.env.TEST_DATABASE_URL as string, database),
    drop: () => onPostgresServer(`drop database if exists ${quoteIdent(database)}`),
  };
}

/** Seeds a template for `env`: a portal of its own, seeded and closed. Null where PostgreSQL refuses a database. */
async function makeSeededTemplate(env: Record<string, string>): Promise<SeededTemplate | null> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-seed-'));
  let database: string | null = null;
  let databaseUrl: string | null = null;
  if (usingPostgres) {
    database = `${testDatabaseName()}_seed_${process.pid}_${templateDatabases.length}`;
    try {
      await onPostgresServer(`drop database if exists ${quoteIdent(database)}`);
      await onPostgresServer(`create database ${quoteIdent(database)}`);
    } catch {
      rmSync(dataDir, { recursive: true, force: true });
      return null;
    }
    templateDatabases.push(database);
    databaseUrl = withDatabase(process.env.TEST_DATABASE_URL as string, database);
  }
  const mailbox = await startSmtpSink();
  const config = testConfig(dataDir, mailbox.smtpUrl, env);
  const db = createDatabase({ databaseUrl, dataDir });
  try {
    await migrateToLatest(db);
    const app = await buildApp({ config, db, mailer: createMailer(config.smtpUrl, config.mailFrom) });
    await app.ready();
    await seedDemo(app.ctx);
    await app.close();
  } finally {
    await db.destroy();
    await mailbox.close();
  }
  return { dataDir, database };
}

/** A fresh database with the demo for a portal of `env` on `dataDir`, or null when it has to be seeded there. */
async function seededCopy(
  dataDir: string,
  env: Record<string, string>,
  options: { fileStore?: 'directory' | 's3' },
  onQuery?: DatabaseOptions['onQuery'],
): Promise<Db | null> {
  const key = templateKey(env, options);
  if (key === null) return null;
  let template = seededTemplates.get(key);
  if (!template) {
    template = makeSeededTemplate(env);
    seededTemplates.set(key, template);
  }
  const seeded = await template;
  if (!seeded) return null;
  if (seeded.database) {
    const test = quoteIdent(testDatabaseName());
    // Refused while anything is connected to the test database (a portal the test has not closed yet): then it is
    // wiped and seeded in place, as always.
    try {
      await onPostgresServer(`drop database if exists ${test}`);
    } catch {
      return null;
    }
    await onPostgresServer(`create database ${test} template ${quoteIdent(seeded.database)}`);
  }
  cpSync(seeded.dataDir, dataDir, { recursive: true });
  const db = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, dataDir, onQuery });
  // Nothing to do on the copy: it is at the latest migration already.
  await migrateToLatest(db);
  return db;
}

afterAll(async () => {
  for (const template of seededTemplates.values()) {
    const seeded = await template.catch(() => null);
    if (seeded) rmSync(seeded.dataDir, { recursive: true, force: true });
  }
  seededTemplates.clear();
  for (const database of templateDatabases.splice(0)) {
    await onPostgresServer(`drop database if exists ${quoteIdent(database)}`).catch(() => {});
  }
});

/**
 * The real app on a real database with demo data, sending mail over SMTP to an in-process sink; files in a temporary
 * FILES_DIR, or with `fileStore: 's3'` in a bucket of a real S3-compatible server (s3rver) on loopback.
 */
export async function startTestPortal(
  env: Record<string, string> = {},
  options: { fileStore?: 'directory' | 's3'; signatures?: SignatureChecker } = {},
): Promise<TestPortal> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const mailbox = await startSmtpSink();
  const s3 = options.fileStore === 's3' ? await startTestS3() : null;
  const config = testConfig(dataDir, mailbox.smtpUrl, { ...s3?.env, ...env });
  // With METRICS_PORT the app collects metrics, the database's query times among them (as runtime.ts does).
  const metrics = createMetrics();
  const onQuery = config.metrics ? metrics.observeQuery : undefined;
  const db = (await seededCopy(dataDir, env, options, onQuery)) ?? (await createTestDatabase(dataDir, onQuery));
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const mailer = createMailer(config.smtpUrl, config.mailFrom);
  const app = await buildApp({
    config,
    db,
    mailer,
    metrics,
    now: () => new Date(clock.now),
    signatures: options.signatures,
  });
  await app.ready();
  // On a seeded copy only the catalogues are checked: the demo is there.
  await seedDemo(app.ctx);
  return {
    app,
    ctx: app.ctx,
    db,
    config,
    mailbox,
    clock,
    s3,
    async close() {
      await app.close();
      await db.destroy();
      await mailbox.close();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test portal for the enclosing block's tests, started before and closed after them (a stand-in until then). */
export function sharedPortal(): TestPortal {
  let portal: TestPortal | undefined;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(async () => {
    await portal?.close();
  });
  return new Proxy({} as TestPortal, { get: (_, key) => Reflect.get(portal ?? {}, key) });
}

/** The value of a Set-Cookie header's cookie, or null. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | null {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? cookie.value : null;
}

/**
 * The login attempt cookie each e-mail's last start left, per portal: the tests' "browser", so a verify sends the
 * cookie of the start before it, as a browser would.
 */
const attempts = new WeakMap<TestPortal, Map<string, string>>();

export async function startLogin(portal: TestPortal, email: string, headers: Record<string, string> = {}) {
  const jar = attempts.get(portal) ?? new Map<string, string>();
  attempts.set(portal, jar);
  const previous = jar.get(normalizeEmail(email));
  const response = await portal.app.inject({
    method: 'POST',
    url: '/api/authentication/start-email-login',
    payload: { email },
    headers,
    ...(previous ? { cookies: { [attemptCookieOf(portal)]: previous } } : {}),
  });
  const attempt = cookieFrom(response, 'login_attempt') ?? cookieFrom(response, '__Secure-login_attempt');
  if (attempt) jar.set(normalizeEmail(email), attempt);
  return response;
}

/** The attempt cookie's name on this portal (`__Secure-` in production). */
function attemptCookieOf(portal: TestPortal): string {
  return loginAttemptCookieName(portal.config.production);
}

/** The attempt cookie the last start for `email` left (what that browser holds), or undefined. */
export function attemptOf(portal: TestPortal, email: string): string | undefined {
  return attempts.get(portal)?.get(normalizeEmail(email));
}

/** Verifies a code with the browser's attempt cookie (the last start's for `email`), or with `attempt` when given. */
export function verifyLogin(portal: TestPortal, email: string, code: string, attempt = attemptOf(portal, email)) {
  return portal.app.inject({
    method: 'POST',
    url: '/api/authentication/verify-email-login',
    payload: { email, code },
    ...(attempt ? { cookies: { [attemptCookieOf(portal)]: attempt } } : {}),
  });
}

/** Logs in by the mailed code; returns the access token and the refresh cookie. */
export async function login(portal: TestPortal, email: string): Promise<{ accessToken: string; refreshToken: string }> {
  const started = await startLogin(portal, email);
  if (started.statusCode !== 204) throw new Error(`start-email-login answered ${started.statusCode}: ${started.body}`);
  const code = await portal.mailbox.waitForCode(email);
  const verified = await verifyLogin(portal, email, code);
  if (verified.statusCode !== 200) throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  const refreshToken = cookieFrom(verified, 'refresh_token');
  if (!refreshToken) throw new Error('no refresh cookie');
  return { accessToken: verified.json<{ access_token: string }>().access_token, refreshToken };
}

export function refreshLogin(portal: TestPortal, token: string, headers: Record<string, string> = {}) {
  return portal.app.inject({
    method: 'POST',
    url: '/api/authentication/refresh',
    cookies: { refresh_token: token },
    headers,
  });
}

/** POST /api/prefiles with a multipart form holding one file. */
export function uploadPrefile(
  portal: TestPortal,
  token: string,
  name: string,
  bytes: Buffer | string,
  type = 'application/pdf',
) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return portal.app.inject({
    method: 'POST',
    url: '/api/prefiles',
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });
}

/** The user with this e-mail; throws when there is none. */
export async function userByEmail(portal: TestPortal, email: string): Promise<UserRow> {
  const row = await findUserByEmail(portal.db, email);
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** A test's people by e-mail: each one's user row and the `Bearer …` header that signs them in. */
export async function signedIn<K extends string>(
  portal: TestPortal,
  emails: Record<K, string>,
): Promise<{ users: Record<K, UserRow>; bearer: Record<K, string> }> {
  const users = {} as Record<K, UserRow>;
  const bearer = {} as Record<K, string>;
  for (const [key, email] of Object.entries(emails) as Array<[K, string]>) {
    users[key] = await userByEmail(portal, email);
    bearer[key] = `Bearer ${await signAccessToken(portal.config.jwtSecret, users[key].id)}`;
  }
  return { users, bearer };
}

/** A PDF stored as a prefile straight through the service, as an upload leaves it: its id. */
export async function storedPrefile(
  portal: TestPortal,
  by: UserRow,
  name: string,
  content = `%PDF-1.4 ${name}`,
): Promise<number> {
  return (await storePrefile(portal.ctx, by.id, { fileName: name, contentType: 'application/pdf', source: content }))
    .id;
}

/**
 * The environment of a server process on a fresh database (a new SQLite file in `dataDir`, or the PostgreSQL test
 * database wiped and migrated) sending mail to `smtpUrl`; undefined values remove what the calling shell set.
 */
export async function serverProcessEnv(dataDir: string, smtpUrl: string): Promise<NodeJS.ProcessEnv> {
  if (usingPostgres) await (await createTestDatabase(dataDir)).destroy();
  return {
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    NODE_ENV: 'development',
    // As in startTestPortal: tests upload many files a minute as one user.
    UPLOAD_RATE_LIMIT: '10000',
    DATABASE_URL: usingPostgres ? process.env.TEST_DATABASE_URL : undefined,
    FILES_DIR: undefined,
  };
}

/**
 * A second API process, as `npm run serve:api` runs it, on `portal`'s database, files and JWT secret (so the portal's
 * tokens hold there), up and ready; its address, and the child to stop.
 */
export async function startSecondApiProcess(portal: TestPortal): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startApiProcess(port, {
    DATA_DIR: portal.config.dataDir,
    DATABASE_URL: usingPostgres ? process.env.TEST_DATABASE_URL : undefined,
    JWT_SECRET: portal.config.jwtSecret,
    SMTP_URL: portal.mailbox.smtpUrl,
    NODE_ENV: 'test',
    FILES_DIR: undefined,
    METRICS_PORT: undefined,
  });
  await child.waitForStart({ name: url, ready: () => answersOk(`${url}/api/health/ready`), timeoutMs: 60_000 });
  return { child, url };
}

/** `node server/src/server.ts` (the API alone) on 127.0.0.1:`port`, with `env` over this process's environment. */
export function startApiProcess(port: number, env: NodeJS.ProcessEnv): Child {
  return startPortalProcess('api', port, { env: { ...process.env, ...env } });
}

/**
 * The first ground of refusal to approve, as a rejection must name one (docs/product.md «The regulation's
 * procedures»): `{ refusalGroundIds }` to spread into a reply, empty for any other answer.
 */
export async function groundsFor(ctx: ServiceContext, status: string): Promise<{ refusalGroundIds?: number[] }> {
  if (status !== 'rejected') return {};
  const [first] = await refusalGrounds(ctx, 'decision');
  if (!first) throw new Error('no ground of refusal in the catalogue');
  return { refusalGroundIds: [first.id] };
}

/** Runs the admin CLI (`npm run admin -- …`) on the portal's database; its exit code and output. */
export function adminCli(portal: Pick<TestPortal, 'config'>, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: portal.config.dataDir, NODE_ENV: 'test' };
  if (usingPostgres) env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  else delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, [path.join(rootDir, 'server/src/cli.ts'), ...args], {
    env,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The text of a PDF as pdftotext (poppler-utils) reads it, whitespace folded. */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
