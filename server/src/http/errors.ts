import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '#domain/contract.ts';
import { validationError } from '../contract/validation.ts';
import { ApiError, apiError, ERRORS } from '../errors.ts';
import { SECURITY_HEADERS } from '../site/headers.ts';

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
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
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
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
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

/** The app's error handler: every error a route or hook throws, answered as the contract's `Error` with a code of the catalogue. */
export function answerError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  // An error is never kept by a cache, whatever the route set before it failed (the register's 60 s, nginx's cache).
  reply.header('Cache-Control', 'no-store');
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
    const invalid = validationError(error.validation);
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
}
