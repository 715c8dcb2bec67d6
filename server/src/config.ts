import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  filesDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string;
  publicOrigin: string | null;
  /** Address of the reverse proxy whose X-Real-IP is believed; no other peer's headers are. */
  trustProxy: string | null;
  loginIpLimit: number;
  loginIpWindowMs: number;
  /** The committee's time zone (`TZ`, default Europe/Moscow): review terms count its calendar days. */
  timeZone: string;
  /** The version `/version.json` answers when `distDir` has no version.json (APP_VERSION or package.json). */
  appVersion: string;
  /** The built site `npm start` and `start:nginx` serve: `DIST_DIR`, default ./dist (built there when stale). */
  distDir: string;
}

export const rootDir = path.resolve(import.meta.dirname, '..', '..');

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Outside production the secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} должен быть положительным целым числом`);
  return parsed;
}

/** An IANA time zone name Intl knows, or the default. */
function timeZone(value: string | undefined): string {
  const zone = value?.trim().replace(/^:/, '') || 'Europe/Moscow';
  // The libc form `:/etc/localtime` names the machine's zone, which Intl already resolved.
  if (zone.startsWith('/')) return new Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`TZ: неизвестный часовой пояс «${zone}» (например, Europe/Moscow)`);
  }
}

/** Reads the environment names ../shared/DESIGN.md fixes; production refuses to start without SMTP_URL and JWT_SECRET. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR || path.join(rootDir, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const filesDir = path.resolve(env.FILES_DIR || path.join(dataDir, 'files'));
  if (production && !env.SMTP_URL) throw new Error('В production нужен SMTP_URL');
  if (production && !env.JWT_SECRET) throw new Error('В production нужен JWT_SECRET');
  const jwtSecret = env.JWT_SECRET || developmentSecret(dataDir);
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET должен быть не короче 32 символов');
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL должен начинаться с postgres:// (без него используется SQLite в DATA_DIR)');
  }
  return {
    production,
    port: positiveInt(env.PORT, 4321, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir,
    filesDir,
    databaseUrl,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Портал согласования АГР <no-reply@localhost>',
    jwtSecret,
    publicOrigin: env.PUBLIC_ORIGIN ? env.PUBLIC_ORIGIN.replace(/\/$/, '') : null,
    trustProxy: env.TRUST_PROXY || null,
    loginIpLimit: positiveInt(env.LOGIN_IP_LIMIT, 30, 'LOGIN_IP_LIMIT'),
    loginIpWindowMs: positiveInt(env.LOGIN_IP_WINDOW_SECONDS, 600, 'LOGIN_IP_WINDOW_SECONDS') * 1000,
    timeZone: timeZone(env.TZ),
    appVersion: env.APP_VERSION || readVersion(),
    distDir: env.DIST_DIR ? path.resolve(env.DIST_DIR) : path.join(rootDir, 'dist'),
  };
}
