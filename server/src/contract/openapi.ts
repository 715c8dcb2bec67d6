import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { rootDir } from '../config.ts';

type JsonObject = { [key: string]: unknown };

/** The route scopes an operation's `x-scope` names (server/src/routes/api/index.ts). */
export const ROUTE_SCOPES = ['public', 'signed-in', 'company', 'examiner', 'head'] as const;
export type RouteScope = (typeof ROUTE_SCOPES)[number];

export interface ContractOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path as the contract writes it: /api/statements/{id} */
  path: string;
  /** Path as Fastify routes it: /api/statements/:id */
  url: string;
  operationId: string;
  /** The contract's tag: the capability the operation belongs to. */
  tags: string[];
  /** Who may call it (`x-scope`): the route scope that registers it and its 501 until it has a handler. */
  scope: RouteScope;
  /** False for operations with `security: []` (the authentication calls, /version.json). */
  authenticated: boolean;
  schema: {
    body?: JsonObject;
    params?: JsonObject;
    querystring?: JsonObject;
    /** JSON reply schemas by status code (and `default`), validated before they are sent. */
    response?: Record<string, JsonObject>;
  };
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
// Ajv (through ajv-formats) knows these; OpenAPI's int32/int64/binary are documentation only.
const VALIDATED_FORMATS = new Set(['email', 'date-time', 'date', 'uri', 'uuid']);
const ANNOTATIONS = new Set([
  'example',
  'examples',
  'xml',
  'externalDocs',
  'discriminator',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

function resolve(document: JsonObject, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $ref is supported: ${ref}`);
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) node = (node as JsonObject)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`Unresolved $ref ${ref}`);
  return node;
}

/** Inlines local $refs and drops OpenAPI-only keywords so Fastify's Ajv can compile the schema. */
function toJsonSchema(document: JsonObject, node: unknown, depth = 0): unknown {
  if (depth > 50) throw new Error('Schema too deep (recursive $ref?)');
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(document, item, depth + 1));
  if (node === null || typeof node !== 'object') return node;
  const object = node as JsonObject;
  if (typeof object.$ref === 'string') return toJsonSchema(document, resolve(document, object.$ref), depth + 1);
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (ANNOTATIONS.has(key)) continue;
    if (key === 'format' && !VALIDATED_FORMATS.has(String(value))) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      result.properties = Object.fromEntries(
        Object.entries(value as JsonObject).map(([name, schema]) => [name, toJsonSchema(document, schema, depth + 1)]),
      );
      continue;
    }
    result[key] = toJsonSchema(document, value, depth + 1);
  }
  return result;
}

function parametersSchema(
  document: JsonObject,
  parameters: unknown[],
  where: 'path' | 'query',
  closed = false,
): JsonObject | undefined {
  const selected = parameters
    .map(
      (parameter) =>
        (typeof (parameter as JsonObject).$ref === 'string'
          ? resolve(document, (parameter as JsonObject).$ref as string)
          : parameter) as JsonObject,
    )
    .filter((parameter) => parameter.in === where);
  if (selected.length === 0)
    return closed ? { type: 'object', properties: {}, additionalProperties: false } : undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(selected.map((p) => [p.name as string, toJsonSchema(document, p.schema ?? {})])),
    required: selected.filter((p) => p.required || where === 'path').map((p) => p.name as string),
    ...(closed ? { additionalProperties: false } : {}),
  };
}

function responseSchemas(document: JsonObject, responses: JsonObject): Record<string, JsonObject> {
  const result: Record<string, JsonObject> = {};
  for (const [status, item] of Object.entries(responses)) {
    const response = (
      typeof (item as JsonObject).$ref === 'string' ? resolve(document, (item as JsonObject).$ref as string) : item
    ) as JsonObject;
    const content = (response.content ?? {}) as JsonObject;
    const json = content['application/json'] as JsonObject | undefined;
    const types = Object.entries(content).filter(([, media]) => (media as JsonObject).schema);
    // More than one media type (a list's columns beside its array): each reply is checked by its Content-Type.
    if (types.length > 1) {
      result[status] = {
        content: Object.fromEntries(
          types.map(([type, media]) => [type, { schema: toJsonSchema(document, (media as JsonObject).schema ?? {}) }]),
        ),
      };
    } else if (json?.schema) result[status] = toJsonSchema(document, json.schema) as JsonObject;
  }
  return result;
}

let cached: ContractOperation[] | null = null;

/** Every operation of openapi.yaml, with the request schemas the server validates against. */
export function loadContract(file = path.join(rootDir, 'openapi.yaml')): ContractOperation[] {
  if (cached && file === path.join(rootDir, 'openapi.yaml')) return cached;
  // js-yaml with YAML 1.2's core schema (what `yaml` reads too: no timestamps): a third of `yaml`'s time, at every start.
  const document = load(readFileSync(file, 'utf8'), { schema: CORE_SCHEMA }) as JsonObject;
  const globalSecurity = (document.security as unknown[] | undefined) ?? [];
  const operations: ContractOperation[] = [];
  for (const [contractPath, item] of Object.entries(document.paths as JsonObject)) {
    const pathItem = item as JsonObject;
    const shared = (pathItem.parameters as unknown[] | undefined) ?? [];
    for (const method of METHODS) {
      const operation = pathItem[method] as JsonObject | undefined;
      if (!operation) continue;
      const parameters = [...shared, ...((operation.parameters as unknown[] | undefined) ?? [])];
      const security = (operation.security as unknown[] | undefined) ?? globalSecurity;
      const schema: ContractOperation['schema'] = {};
      const params = parametersSchema(document, parameters, 'path');
      // What anyone may call takes only the query parameters it names: an unknown one is a 400, so a made-up
      // parameter cannot make every request new to nginx's cache (and to the API behind it).
      const querystring = parametersSchema(document, parameters, 'query', operation['x-scope'] === 'public');
      if (params) schema.params = params;
      if (querystring) schema.querystring = querystring;
      const content = ((operation.requestBody as JsonObject | undefined)?.content ?? {}) as JsonObject;
      const json = content['application/json'] as JsonObject | undefined;
      if (json?.schema) schema.body = toJsonSchema(document, json.schema) as JsonObject;
      const response = responseSchemas(document, (operation.responses ?? {}) as JsonObject);
      if (Object.keys(response).length > 0) schema.response = response;
      operations.push({
        method: method.toUpperCase() as ContractOperation['method'],
        path: contractPath,
        url: contractPath.replace(/\{([^}]+)\}/g, ':$1'),
        operationId: String(operation.operationId),
        tags: (operation.tags as string[] | undefined) ?? [],
        scope: routeScope(operation),
        authenticated: security.length > 0 && !security.every((s) => Object.keys(s as JsonObject).length === 0),
        schema,
      });
    }
  }
  cached = operations;
  return operations;
}

/** An operation's `x-scope`; a contract without one (or with another word) does not load. */
function routeScope(operation: JsonObject): RouteScope {
  const scope = operation['x-scope'];
  if (!ROUTE_SCOPES.includes(scope as RouteScope)) {
    throw new Error(`openapi.yaml: ${String(operation.operationId)} has no valid x-scope (${String(scope)})`);
  }
  return scope as RouteScope;
}

/** The operation with this operationId; throws when the contract lacks it, so routes never drift from it. */
export function contractOperation(operationId: string): ContractOperation {
  const found = loadContract().find((op) => op.operationId === operationId);
  if (!found) throw new Error(`openapi.yaml has no operation ${operationId}`);
  return found;
}
