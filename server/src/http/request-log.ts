import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** What the parent must answer besides FastifyBaseLogger: pino's level check. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger whose pino child is made only when a line is written. Every line names the request's id, its
 * route template and, once `authenticate` has found them, the user (docs/operations.md); a pino child per request
 * with those bindings cost a tenth of a small request's CPU, and almost no request writes a line.
 * Fastify makes it (`childLoggerFactory`) before the request exists; `attach` gives it the request.
 */
export class RequestLog implements FastifyBaseLogger {
  readonly #parent: ParentLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #request: FastifyRequest | null = null;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent as ParentLogger;
    this.#bindings = bindings;
    this.#options = options;
  }

  attach(request: FastifyRequest): void {
    this.#request = request;
  }

  /** A pino child with the request's bindings as they are now (the user is known only after `authenticate`). */
  #child(): FastifyBaseLogger {
    const request = this.#request;
    const bindings: Bindings = { ...this.#bindings };
    if (request) {
      bindings.route = request.routeOptions.url ?? 'unmatched';
      if (request.user) bindings.userId = request.user.id;
    }
    return this.#parent.child(bindings, this.#options);
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#parent.isLevelEnabled(level)) return;
    const child = this.#child();
    (child[level] as (...args: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#options.level ?? this.#parent.level;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made lazily. */
export function requestLogFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLog(logger, bindings, options);
}

/** Gives the request's logger its request (a no-op when the app runs without a logger). */
export function attachRequestLog(request: FastifyRequest): void {
  if (request.log instanceof RequestLog) request.log.attach(request);
}
