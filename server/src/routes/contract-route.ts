import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendHookHandler,
} from 'fastify';
import type { operations } from '#domain/api-schema.d.ts';
import { contractOperation } from '../contract/openapi.ts';

/** An operation of openapi.yaml, by its operationId. */
export type OperationId = keyof operations;
type Operation<O extends OperationId> = operations[O];

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Defined<T> = Exclude<T, undefined>;

/** The JSON request body of an operation (undefined when it takes none). */
export type RequestBody<O extends OperationId> =
  Operation<O> extends { requestBody: infer R } ? JsonContent<Defined<R>> : undefined;
/** Path parameters of an operation. */
export type PathParams<O extends OperationId> = Defined<Operation<O>['parameters']['path']>;
/** Query parameters of an operation. */
export type QueryParams<O extends OperationId> = Defined<Operation<O>['parameters']['query']>;

type SuccessStatus = 200 | 201;
/** The JSON body of an operation's success reply (200 or 201). */
export type SuccessBody<O extends OperationId> = {
  [S in keyof Operation<O>['responses'] & SuccessStatus]: JsonContent<Operation<O>['responses'][S]>;
}[keyof Operation<O>['responses'] & SuccessStatus];

export type ContractRequest<O extends OperationId> = FastifyRequest<{
  Body: RequestBody<O>;
  Params: PathParams<O>;
  Querystring: QueryParams<O>;
}>;

/** A handler returns the success body, or sends the reply itself (204, files) and returns it. */
export type ContractHandler<O extends OperationId> = (
  request: ContractRequest<O>,
  reply: FastifyReply,
) => Promise<SuccessBody<O> | FastifyReply>;

export interface ContractRouteOptions {
  /** Extra onRequest hooks, after the scope's own (e.g. the owner guard on one route of a company scope). */
  onRequest?: onRequestAsyncHookHandler[];
  /** Status of the success reply when it is not 200 (201 for creations). */
  status?: 201;
  /** A route onSend hook, run after the app's (so it sees the reply as sent, compressed): the list cache's. */
  onSend?: onSendHookHandler;
}

/**
 * The one way to register an API route: method, URL and the request and reply schemas come from openapi.yaml by
 * operationId; the handler is typed from the generated contract. Replies are validated against the contract (see
 * http/contract-handling.ts), so a leaking column or a SQLite 0/1 boolean is a 500 in tests instead of reaching a client.
 */
export function contractRoute<O extends OperationId>(
  app: FastifyInstance,
  operationId: O,
  options: ContractRouteOptions,
  handler: ContractHandler<O>,
): void {
  const operation = contractOperation(operationId);
  app.route<{ Body: RequestBody<O>; Params: PathParams<O>; Querystring: QueryParams<O> }>({
    method: operation.method,
    url: operation.url,
    schema: operation.schema,
    onRequest: options.onRequest,
    onSend: options.onSend,
    handler: async (request, reply) => {
      const result = await handler(request, reply);
      if (result === reply) return reply;
      if (options.status) reply.code(options.status);
      return result;
    },
  });
}
