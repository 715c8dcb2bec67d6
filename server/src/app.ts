import type { Socket } from 'node:net';
import cookie from '@fastify/cookie';
import responseValidation from '@fastify/response-validation';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onSendHookHandler,
} from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { ApiError, apiError, ERRORS, type ErrorCode } from './errors.ts';
import type { FileStore } from './files/file-store.ts';
import type { Mailer } from './mail/mailer.ts';
import authPlugin from './plugins/auth.ts';
import compressionPlugin from './plugins/compression.ts';
import contextPlugin from './plugins/context.ts';
import databasePlugin from './plugins/database.ts';
import housekeepingPlugin from './plugins/housekeeping.ts';
import loginEmailPlugin from './plugins/login-email.ts';
import mailPlugin from './plugins/mail.ts';
import noNulPlugin from './plugins/no-nul.ts';
import proxyWarningPlugin from './plugins/proxy-warning.ts';
import apiRoutes from './routes/api/index.ts';
import { contractRoute } from './routes/contract-route.ts';
import { SECURITY_HEADERS } from './site/headers.ts';
import { isApiPath, routedPath } from './site/routed-path.ts';
import { deployedVersion } from './site/version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Where file bytes live; a directory under FILES_DIR by default. */
  files?: FileStore;
  now?: () => Date;
  logger?: boolean;
  /** Run scheduled work (removing abandoned uploads); on for a serving process, off in tests. */
  housekeeping?: boolean;
  /** Registered last, e.g. the static site for `npm start`. */
  extra?: (app: FastifyInstance) => Promise<void>;
}

/** Fastify's own request errors, mapped to the contract's codes (their Russian texts are in the catalogue). */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_MAX_PARAM_LENGTH: 'bad_request',
};

/**
 * Errors Fastify answers before any route or hook (a URL that does not decode, a path parameter over the limit): the
 * same headers and the same `{ error, message }` as every other answer, set here because no onSend hook runs for them.
 */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (!mapped) request.log.error({ err: error }, 'framework error');
  const answer = apiError(mapped ?? 'internal_error');
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
  reply
    .code(answer.statusCode)
    .header('Cache-Control', 'no-store')
    .header('Content-Type', 'application/json; charset=utf-8')
    .send(JSON.stringify(answer.body));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a malformed request line or header, headers too
 * large, a request that took too long): a short answer written to the socket, with the security headers and the
 * error schema, instead of Fastify's bare default.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Слишком большие заголовки запроса']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'Запрос не был получен полностью вовремя']
        : [400, 'Bad Request', ERRORS.bad_request.message];
  const body = JSON.stringify({ error: 'bad_request', message });
  const headers = {
    ...SECURITY_HEADERS,
    'Cache-Control': 'no-store',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`);
  socket.destroy(error);
}

/** SECURITY_HEADERS as pairs, listed once rather than on every reply. */
const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

const AJV_OPTIONS = { removeAdditional: false, useDefaults: false, allErrors: false, strict: false } as const;

/**
 * Requests are validated as the contract says: bodies without type coercion (`{"code": 123456}` is not a string);
 * path and query parameters, which are text in a URL, are read as the declared type. One set of Ajv instances per
 * process: Ajv caches what it compiled by schema, and the contract's schemas are loaded once, so a second app (tests,
 * a restart in-process) compiles nothing again.
 */
const validators = (() => {
  const make = (coerceTypes: boolean, allErrors: boolean, formats: 'full' | 'fast') => {
    const ajv = new Ajv({ ...AJV_OPTIONS, coerceTypes, allErrors });
    addFormats.default(ajv, { mode: formats });
    return ajv;
  };
  // Replies are our own output: their formats are checked by pattern only ('fast'), which halves validating the
  // 10,000-statement list (issue 11); types, required and additional properties are checked as strictly as ever.
  return { body: make(false, false, 'full'), url: make(true, false, 'full'), reply: make(false, true, 'fast') };
})();

/** The range of the databases' integer columns (PostgreSQL `integer`): an id beyond it is no id of ours. */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const boundedSchemas = new WeakMap<object, object>();

/**
 * The schema with every `integer` held to the database's range unless the contract says otherwise, so that
 * `/api/statements/99999999999` is a 400 like any other wrong id instead of a PostgreSQL out-of-range error (a 500)
 * found by tests/server/bad-input.test.ts. Memoised per schema object, so Ajv's cache still sees one schema.
 */
function bounded(schema: unknown): object {
  if (schema === null || typeof schema !== 'object') return schema as object;
  const known = boundedSchemas.get(schema);
  if (known) return known;
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy);
    if (node === null || typeof node !== 'object') return node;
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) result[key] = copy(value);
    if (result.type === 'integer') {
      result.minimum ??= INT_MIN;
      result.maximum ??= INT_MAX;
    }
    return result;
  };
  const result = copy(schema) as object;
  boundedSchemas.set(schema, result);
  return result;
}

type UrlValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** An integer as a URL writes it: digits, an optional minus, no leading zeros, spaces, `+`, `0x` or exponent. */
const CANONICAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/**
 * Path and query parameters are read as the declared type (Ajv's coercion), but an integer must be written as one:
 * ` 1`, `1 `, `+1`, `01`, `1e0`, `0x1` and `1.0` are not the id 1 (coercion alone would take each for it).
 */
function strictUrlIntegers(validate: UrlValidator, schema: unknown): UrlValidator {
  const properties = ((schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {}) as Record<
    string,
    { type?: unknown }
  >;
  const integers = Object.keys(properties).filter((name) => properties[name]?.type === 'integer');
  if (integers.length === 0) return validate;
  const strict: UrlValidator = (data) => {
    const values = (data ?? {}) as Record<string, unknown>;
    const wrong = integers.find((name) => typeof values[name] === 'string' && !CANONICAL_INTEGER.test(values[name]));
    if (wrong !== undefined) {
      strict.errors = [
        {
          keyword: 'type',
          instancePath: `/${wrong}`,
          schemaPath: `#/properties/${wrong}/type`,
          params: { type: 'integer' },
          message: 'must be integer',
        },
      ];
      return false;
    }
    const valid = validate(data);
    strict.errors = validate.errors;
    return valid;
  };
  return strict;
}

/**
 * The contract's side of every route: requests validated without coercion, replies validated against openapi.yaml
 * (a mismatch is a logged 500), and every error answered as the contract's `Error` with a code of the catalogue.
 */
export async function installContractHandling(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body'
      ? validators.body.compile(bounded(schema))
      : strictUrlIntegers(validators.url.compile(bounded(schema)), schema),
  );
  // Replies are validated against the contract before they are sent, so plain JSON.stringify writes them: a
  // schema-driven serializer would silently drop a leaking column instead of letting the check see it.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.code(error.statusCode).send(error.body);
    }
    // A reply that does not match the contract is our bug: log it, tell the client nothing.
    if (error.code === 'FST_RESPONSE_VALIDATION_FAILED_VALIDATION') {
      request.log.error({ err: error, url: request.url }, 'reply does not match openapi.yaml');
      const internal = apiError('internal_error');
      return reply.code(internal.statusCode).send(internal.body);
    }
    if (error.validation) {
      const field = fieldOf(error.validation[0]);
      const invalid = new ApiError('validation_error', {
        message: describeValidation(error.validation),
        extra: field ? { field } : {},
      });
      return reply.code(invalid.statusCode).send(invalid.body);
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      const known = apiError(mapped);
      return reply.code(known.statusCode).send(known.body);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    const fallback = apiError(status === 500 ? 'internal_error' : 'bad_request');
    return reply.code(status).send(fallback.body);
  });

  await app.register(responseValidation, { ajv: validators.reply });
}

/** Builds the API: external plugins, then our plugins, then routes (fastify/demo's order). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ? { level: config.production ? 'info' : 'warn' } : false,
    // Requests are logged by nginx (log_format portal: time, upstream, upstream time); the API logs what went wrong,
    // not two lines per request (issue 11: they cost every request in production).
    disableRequestLogging: true,
    bodyLimit: 1024 * 1024,
    // Graceful shutdown: close() stops accepting, answers 503 to requests arriving on open connections, closes idle
    // keep-alive sockets at once and waits for requests in flight (an upload in progress completes).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  // Every route is listed for the access test, which fails on a route the authorization matrix lacks.
  const registered: Array<{ method: string; url: string }> = [];
  app.decorate('registeredRoutes', registered);
  // API answers are not stored unless a route says otherwise. Decided on the routed path: `/%61pi/users/me` is the API
  // as much as `/api/users/me` is. For a route, once when it is registered (its pattern is its routed path, and
  // reading `request.routeOptions` builds an object on every request, issue 11); for a request no route matched, on
  // its decoded path (below).
  const noStore: onSendHookHandler = (_request, reply, payload, done) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') registered.push({ method, url: route.url });
    if (isApiPath(route.url)) {
      const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
      route.onSend = [...own, noStore];
    }
  });

  // Callback hooks, not async ones: synchronous, and every request passes them (issue 11).
  app.addHook('onSend', (request, reply, payload, done) => {
    for (let i = 0; i < SECURITY_HEADER_ENTRIES.length; i++) {
      const [name, value] = SECURITY_HEADER_ENTRIES[i] as [string, string];
      reply.header(name, value);
    }
    if (request.is404 && isApiPath(routedPath(request)) && !reply.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });

  await installContractHandling(app);
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(databasePlugin, { db: options.db, destroyOnClose: false });
  await app.register(mailPlugin, { mailer: options.mailer });
  await app.register(contextPlugin, { config, now, files: options.files });
  await app.register(authPlugin, { jwtSecret: config.jwtSecret });
  await app.register(proxyWarningPlugin, { trustProxy: config.trustProxy });
  await app.register(loginEmailPlugin);
  await app.register(noNulPlugin);
  if (options.housekeeping) await app.register(housekeepingPlugin);

  contractRoute(app, 'getVersion', {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { version: await deployedVersion(config) };
  });

  await app.register(apiRoutes, { config });

  if (options.extra) await options.extra(app);
  else {
    app.setNotFoundHandler(async (_request, reply) => {
      const missing = apiError('not_found');
      return reply.code(missing.statusCode).send(missing.body);
    });
  }
  return app;
}

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** The names people know the contract's fields by. */
const FIELD_LABELS: Record<string, string> = {
  email: 'Электронная почта',
  code: 'Код',
  fio: 'ФИО',
  phone: 'Телефон',
  position: 'Должность',
  legalEntity: 'Юридическое лицо',
  legalAddress: 'Юридический адрес',
  inn: 'ИНН',
  kpp: 'КПП',
  ogrn: 'ОГРН',
  contactFio: 'ФИО',
  contactPhone: 'Телефон',
  objectName: 'Наименование объекта',
  cipher: 'Шифр проекта',
  address: 'Адрес объекта',
  comment: 'Комментарий',
  prefileIds: 'Документы',
  status: 'Статус',
  id: 'Номер',
};

/** The top-level request field an Ajv finding is about ('' for the body as a whole). */
function fieldOf(issue: ValidationIssue | undefined): string {
  if (!issue) return '';
  const params = issue.params as Record<string, unknown>;
  const path = String(params.missingProperty ?? params.additionalProperty ?? issue.instancePath.replace(/^\//, ''));
  return path.split('/')[0] ?? '';
}

/** Ajv's findings in Russian: the field and what is wrong with it. */
function describeValidation(issues: ValidationIssue[]): string {
  const texts = issues.map((issue) => {
    const params = issue.params as Record<string, unknown>;
    const path = fieldOf(issue);
    const field = FIELD_LABELS[path] ?? path;
    switch (issue.keyword) {
      case 'required':
        return `не заполнено поле «${field}»`;
      case 'additionalProperties':
        return `лишнее поле «${field}»`;
      case 'format':
        return params.format === 'email' ? 'некорректный адрес электронной почты' : `неверный формат поля «${field}»`;
      case 'type':
        return field ? `неверный тип поля «${field}»` : 'неверный тип данных';
      case 'enum':
        return `недопустимое значение поля «${field}»`;
      case 'minItems':
        return `в поле «${field}» не хватает элементов`;
      default:
        return `некорректное значение поля «${field}»`;
    }
  });
  return `Некорректные данные запроса: ${texts.join('; ')}`;
}
