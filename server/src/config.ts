import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COMMITTEE_NAME } from '#domain/committee.ts';
import { COMMITTEE_TIME_ZONE } from '#domain/committee-time.ts';
import { PETITIONS_PER_COMPANY_PER_DAY } from '#domain/petitions.ts';
import { innProblem } from '#domain/requisites.ts';
import { DEMO_COMMITTEE, DEMO_TRUST_DIR, isDemoTrust } from './demo-trust.ts';

/** How many uploads one user may start, and how much a company may hold unattached (config: UPLOAD_* env). */
export interface UploadLimits {
  /** Uploads per user per window (`UPLOAD_RATE_LIMIT`, `UPLOAD_RATE_WINDOW_SECONDS`). */
  rate: number;
  rateWindowMs: number;
  /** Bytes uploaded and not yet attached, per company (an examiner: per person) (`UPLOAD_PENDING_QUOTA_MB`). */
  pendingQuotaBytes: number;
}

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
  /** The metrics listener (`GET /metrics`, Prometheus): `METRICS_PORT` (off when unset) on `METRICS_HOST` (loopback). */
  metrics: { port: number; host: string } | null;
  /** Live event streams one user may hold open on one API process (`EVENT_STREAMS_PER_USER`). */
  eventStreamsPerUser: number;
  /** A request that takes at least this long is logged at warn with its id, route, user and time (`SLOW_REQUEST_MS`). */
  slowRequestMs: number;
  loginIpLimit: number;
  loginIpWindowMs: number;
  /** Codes one e-mail may be sent from one network per window (`LOGIN_EMAIL_LIMIT`, `LOGIN_EMAIL_WINDOW_SECONDS`). */
  loginEmailLimit: number;
  loginEmailWindowMs: number;
  /** Upload rate per user and the company's quota of unattached uploads (server/src/prefiles/upload-limits.ts). */
  uploads: UploadLimits;
  /** Correction requests and appeals one company may file a day, together (`PETITIONS_PER_COMPANY_PER_DAY`). */
  petitionsPerCompanyPerDay: number;
  /**
   * The intake check's term in working days from the submission (`INTAKE_TERM_DAYS`, default 3): an examiner takes
   * the statement into work or refuses to accept it within it (docs/product.md «The regulation's procedures»).
   */
  intakeTermDays: number;
  /**
   * Terms of personal data (docs/product.md «Personal data»): days after a user's deactivation or removal before
   * their contact data and login history are destroyed (`PERSONAL_DATA_RETENTION_DAYS`, default 30), and days the
   * access log is kept (`ACCESS_LOG_RETENTION_DAYS`, default 1095, three years), and days after a person withdrew
   * their consent before their data is destroyed (`CONSENT_WITHDRAWAL_RETENTION_DAYS`, default 30; 0: at the next run).
   */
  personalDataRetentionDays: number;
  consentWithdrawalRetentionDays: number;
  accessLogRetentionDays: number;
  /** The committee's time zone (`TZ`, default Europe/Moscow): review terms count its calendar days. */
  timeZone: string;
  /**
   * The public register of decisions (docs/product.md «The public register»): a decision is published once
   * `REGISTRY_DELAY_DAYS` working days (production calendar, default 0) have passed since it; `REGISTRY_LICENCE`
   * is the open data's licence in its passport (default 'CC BY 4.0').
   */
  registry: { delayDays: number; licence: string };
  /** The version `/version.json` answers when `distDir` has no version.json (APP_VERSION or package.json). */
  appVersion: string;
  /** The built site `npm start` and `start:nginx` serve: `DIST_DIR`, default ./dist (built there when stale). */
  distDir: string;
  /** Files on S3-compatible storage instead of `filesDir`, when `S3_BUCKET` is set. */
  s3: S3Config | null;
  /** Electronic signatures: whom the committee trusts, who the committee is, what must be signed. */
  signatures: SignatureConfig;
  /**
   * The operator of personal data the consent and the policy name (docs/product.md «Personal data»): the committee's
   * name (`COMMITTEE_NAME`), postal address (`COMMITTEE_ADDRESS`; the demo's outside production, none by default in
   * production, when registration is closed) and the e-mail for requests about personal data (`PERSONAL_DATA_EMAIL`).
   */
  operator: { name: string; address: string | null; email: string | null };
}

/** What may be required to carry a valid qualified signature (`SIGNATURES_REQUIRED`). */
export type SignedKind = 'documents' | 'decisions';

/** Electronic signature settings (docs/product.md «Signatures»). */
export interface SignatureConfig {
  /** Trusted root and intermediate certificates and CRLs, PEM or DER (`SIGNATURE_TRUST_DIR`); null: none trusted. */
  trustDir: string | null;
  /** The committee's ИНН: a decision's signer must carry it as ИНН ЮЛ (`COMMITTEE_INN`). */
  committeeInn: string | null;
  /** `SIGNATURES_REQUIRED`: `documents` (an applicant's documents), `decisions` (the committee's); default none. */
  required: ReadonlySet<SignedKind>;
}

/** Where the bucket is and how to reach it (`S3_ENDPOINT`, `S3_BUCKET`, `S3_REGION`, credentials). */
export interface S3Config {
  /** An S3-compatible server (MinIO, Ceph, a cloud's S3 API); null for AWS itself, found by region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Null: the SDK's default chain (an instance role, ~/.aws). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`; what most self-hosted servers need. */
  forcePathStyle: boolean;
}

/** The demo committee's postal address, outside production when `COMMITTEE_ADDRESS` is unset. */
export const DEMO_OPERATOR_ADDRESS = '101000, г. Москва, ул. Примерная, д. 1 (демонстрационный адрес)';

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

function nonNegativeInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} должен быть целым числом не меньше нуля`);
  return parsed;
}

/** Bucket naming rules of S3 (3–63 characters: lower-case letters, digits, dots and hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The S3 settings, or null for files in FILES_DIR. A half configuration (an endpoint or credentials without a bucket,
 * a key id without its secret) is refused with a clear message rather than quietly falling back to the directory.
 */
function loadS3Config(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET?.trim() || null;
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (!bucket) {
    const stray = [
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ].filter((name) => env[name]?.trim());
    if (stray.length > 0) {
      throw new Error(`Задан ${stray.join(', ')}, но не задан S3_BUCKET: укажите бакет или уберите настройки S3`);
    }
    return null;
  }
  if (!BUCKET_NAME.test(bucket)) {
    throw new Error('S3_BUCKET: от 3 до 63 символов, строчные латинские буквы, цифры, точки и дефисы');
  }
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    throw new Error('S3_ENDPOINT должен быть адресом вида https://s3.example.ru');
  }
  const region = env.S3_REGION?.trim() || (endpoint ? 'us-east-1' : null);
  if (!region) throw new Error('Для S3 без S3_ENDPOINT (Amazon S3) нужен S3_REGION');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || env.AWS_ACCESS_KEY_ID?.trim() || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || env.AWS_SECRET_ACCESS_KEY?.trim() || null;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('Ключи S3 задаются парой: S3_ACCESS_KEY_ID и S3_SECRET_ACCESS_KEY');
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  if (pathStyle && !['true', 'false', '1', '0'].includes(pathStyle)) {
    throw new Error('S3_FORCE_PATH_STYLE: true или false');
  }
  return {
    endpoint: endpoint?.replace(/\/$/, '') ?? null,
    bucket,
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: pathStyle ? pathStyle === 'true' || pathStyle === '1' : endpoint !== null,
  };
}

const SIGNED_KINDS: readonly SignedKind[] = ['documents', 'decisions'];

/**
 * The signature settings. What they require must be possible: `SIGNATURES_REQUIRED` needs a trust directory, and
 * `decisions` needs the committee's ИНН. Outside production the demo's authority and committee stand in for unset
 * ones; production never trusts the demo's authority.
 */
function loadSignatureConfig(env: NodeJS.ProcessEnv, production: boolean): SignatureConfig {
  const dir = env.SIGNATURE_TRUST_DIR?.trim() || null;
  const trustDir = dir ? path.resolve(dir) : production ? null : DEMO_TRUST_DIR;
  if (trustDir && !(existsSync(trustDir) && statSync(trustDir).isDirectory())) {
    throw new Error(`SIGNATURE_TRUST_DIR: нет каталога ${trustDir}`);
  }
  if (production && trustDir && isDemoTrust(trustDir)) {
    throw new Error('SIGNATURE_TRUST_DIR: демонстрационный удостоверяющий центр в production не используется');
  }
  const committeeInn = env.COMMITTEE_INN?.trim() || (production ? null : DEMO_COMMITTEE.innLe);
  if (committeeInn) {
    const problem = innProblem(committeeInn);
    if (problem) throw new Error(`COMMITTEE_INN: ${problem}`);
    if (committeeInn.length !== 10) throw new Error('COMMITTEE_INN: ИНН организации состоит из 10 цифр');
  }
  const required = new Set<SignedKind>();
  for (const item of (env.SIGNATURES_REQUIRED ?? '').split(',')) {
    const kind = item.trim().toLowerCase();
    if (kind === '') continue;
    if (!(SIGNED_KINDS as readonly string[]).includes(kind)) {
      throw new Error(`SIGNATURES_REQUIRED: «${item.trim()}» — допустимы documents и decisions через запятую`);
    }
    required.add(kind as SignedKind);
  }
  if (required.size > 0 && !trustDir) {
    throw new Error(
      'SIGNATURES_REQUIRED задан, но не задан SIGNATURE_TRUST_DIR: без доверенных центров подпись не пройдёт',
    );
  }
  if (required.has('decisions') && !committeeInn) {
    throw new Error('SIGNATURES_REQUIRED=decisions требует COMMITTEE_INN: по нему узнаётся подпись комитета');
  }
  return { trustDir, committeeInn, required };
}

/** An IANA time zone name Intl knows, or the default. */
function timeZone(value: string | undefined): string {
  const zone = value?.trim().replace(/^:/, '') || COMMITTEE_TIME_ZONE;
  // The libc form `:/etc/localtime` names the machine's zone, which Intl already resolved.
  if (zone.startsWith('/')) return new Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`TZ: неизвестный часовой пояс «${zone}» (например, Europe/Moscow)`);
  }
}

/**
 * Reads the environment names README.md lists; production refuses to start without SMTP_URL, JWT_SECRET, PUBLIC_ORIGIN.
 */
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
  const config: Config = {
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
    metrics: env.METRICS_PORT
      ? { port: positiveInt(env.METRICS_PORT, 9464, 'METRICS_PORT'), host: env.METRICS_HOST || '127.0.0.1' }
      : null,
    eventStreamsPerUser: positiveInt(env.EVENT_STREAMS_PER_USER, 20, 'EVENT_STREAMS_PER_USER'),
    slowRequestMs: positiveInt(env.SLOW_REQUEST_MS, 1000, 'SLOW_REQUEST_MS'),
    loginIpLimit: positiveInt(env.LOGIN_IP_LIMIT, 30, 'LOGIN_IP_LIMIT'),
    loginIpWindowMs: positiveInt(env.LOGIN_IP_WINDOW_SECONDS, 600, 'LOGIN_IP_WINDOW_SECONDS') * 1000,
    loginEmailLimit: positiveInt(env.LOGIN_EMAIL_LIMIT, 5, 'LOGIN_EMAIL_LIMIT'),
    loginEmailWindowMs: positiveInt(env.LOGIN_EMAIL_WINDOW_SECONDS, 600, 'LOGIN_EMAIL_WINDOW_SECONDS') * 1000,
    petitionsPerCompanyPerDay: positiveInt(
      env.PETITIONS_PER_COMPANY_PER_DAY,
      PETITIONS_PER_COMPANY_PER_DAY,
      'PETITIONS_PER_COMPANY_PER_DAY',
    ),
    uploads: {
      rate: positiveInt(env.UPLOAD_RATE_LIMIT, 20, 'UPLOAD_RATE_LIMIT'),
      rateWindowMs: positiveInt(env.UPLOAD_RATE_WINDOW_SECONDS, 60, 'UPLOAD_RATE_WINDOW_SECONDS') * 1000,
      pendingQuotaBytes: positiveInt(env.UPLOAD_PENDING_QUOTA_MB, 2048, 'UPLOAD_PENDING_QUOTA_MB') * 1024 * 1024,
    },
    intakeTermDays: positiveInt(env.INTAKE_TERM_DAYS, 3, 'INTAKE_TERM_DAYS'),
    personalDataRetentionDays: positiveInt(env.PERSONAL_DATA_RETENTION_DAYS, 30, 'PERSONAL_DATA_RETENTION_DAYS'),
    accessLogRetentionDays: positiveInt(env.ACCESS_LOG_RETENTION_DAYS, 1095, 'ACCESS_LOG_RETENTION_DAYS'),
    consentWithdrawalRetentionDays: nonNegativeInt(
      env.CONSENT_WITHDRAWAL_RETENTION_DAYS,
      30,
      'CONSENT_WITHDRAWAL_RETENTION_DAYS',
    ),
    timeZone: timeZone(env.TZ),
    registry: {
      delayDays: nonNegativeInt(env.REGISTRY_DELAY_DAYS, 0, 'REGISTRY_DELAY_DAYS'),
      licence: env.REGISTRY_LICENCE?.trim() || 'CC BY 4.0',
    },
    appVersion: env.APP_VERSION || readVersion(),
    distDir: env.DIST_DIR ? path.resolve(env.DIST_DIR) : path.join(rootDir, 'dist'),
    s3: loadS3Config(env),
    signatures: loadSignatureConfig(env, production),
    operator: {
      name: env.COMMITTEE_NAME?.trim() || COMMITTEE_NAME,
      address: env.COMMITTEE_ADDRESS?.trim() || (production ? null : DEMO_OPERATOR_ADDRESS),
      email: env.PERSONAL_DATA_EMAIL?.trim() || null,
    },
  };
  // Checked last, so a more specific complaint about the settings above is shown first.
  if (production && !config.publicOrigin) {
    throw new Error(
      'В production нужен PUBLIC_ORIGIN — адрес портала, например https://agr.example.ru: по нему проверяется Origin ' +
        'запросов сессии и строится адрес проверки свидетельства (PUBLIC_ORIGIN is required in production)',
    );
  }
  return config;
}
