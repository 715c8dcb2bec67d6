import cookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { loadContract } from './contract/openapi.ts';
import type { Db } from './db/database.ts';
import { ApiError } from './errors.ts';
import type { Mailer } from './mail/mailer.ts';
import authPlugin from './plugins/auth.ts';
import databasePlugin from './plugins/database.ts';
import mailPlugin from './plugins/mail.ts';
import authenticationRoutes from './routes/api/authentication/index.ts';
import catalogRoutes from './routes/api/catalogs/index.ts';
import userRoutes from './routes/api/users/index.ts';
import { registerNotImplemented } from './routes/contract-stubs.ts';
import { SECURITY_HEADERS } from './site/headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  now?: () => Date;
  logger?: boolean;
  /** Registered last, e.g. the static site for `npm start`. */
  extra?: (app: FastifyInstance) => Promise<void>;
}

/** Builds the API: external plugins, then our plugins, then routes (fastify/demo's order). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ? { level: config.production ? 'info' : 'warn' } : false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false, allErrors: false, strict: false } },
  });
  const contract = loadContract();

  // Every route the contract knows validates its request against the contract; every route is listed for the access test.
  const registered: Array<{ method: string; url: string }> = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') registered.push({ method, url: route.url });
    const operation = contract.find((op) => methods.includes(op.method) && op.url === route.url);
    if (operation && !route.schema) route.schema = operation.schema;
  });

  app.addHook('onSend', async (request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.code(error.statusCode).send({ error: error.code, message: error.message, ...error.extra });
    }
    if (error.validation) {
      return reply.code(400).send({ error: 'validation_failed', message: describeValidation(error.validation) });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ error: 'internal_error', message: 'Внутренняя ошибка сервера. Попробуйте позже.' });
    }
    const messages: Record<number, string> = {
      413: 'Слишком большой запрос',
      415: 'Неподдерживаемый формат запроса',
    };
    return reply
      .code(status)
      .send({ error: error.code?.toLowerCase() ?? 'bad_request', message: messages[status] ?? 'Некорректный запрос' });
  });

  await app.register(cookie);
  await app.register(databasePlugin, { db: options.db, destroyOnClose: false });
  await app.register(mailPlugin, { mailer: options.mailer });
  await app.register(authPlugin, { jwtSecret: config.jwtSecret });

  app.get('/version.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { version: config.appVersion };
  });

  await app.register(authenticationRoutes, { config, now });

  // Data endpoints: deny by default, anonymous callers get 401 before anything else.
  await app.register(async (scope) => {
    scope.addHook('onRequest', scope.authenticate);
    await scope.register(userRoutes);
    await scope.register(catalogRoutes);
    registerNotImplemented(
      scope,
      contract.filter((op) => op.authenticated),
    );
  });

  if (options.extra) await options.extra(app);
  else {
    app.setNotFoundHandler(async (_request, reply) =>
      reply.code(404).send({ error: 'not_found', message: 'Не найдено' }),
    );
  }
  return app;
}

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** Ajv's findings in Russian: the field and what is wrong with it. */
function describeValidation(issues: ValidationIssue[]): string {
  const texts = issues.map((issue) => {
    const params = issue.params as Record<string, unknown>;
    const field = String(
      params.missingProperty ?? params.additionalProperty ?? issue.instancePath.replace(/^\//, '') ?? '',
    );
    switch (issue.keyword) {
      case 'required':
        return `не заполнено поле «${field}»`;
      case 'additionalProperties':
        return `лишнее поле «${field}»`;
      case 'format':
        return params.format === 'email' ? 'некорректный адрес электронной почты' : `неверный формат поля «${field}»`;
      case 'type':
        return `неверный тип поля «${field}»`;
      default:
        return `некорректное значение поля «${field}»`;
    }
  });
  return `Некорректные данные запроса: ${texts.join('; ')}`;
}
