// Bad input (SECURITY.md «Input handling»): generated wrong bodies, ids, query strings and headers against every
// operation of openapi.yaml, as the owner, an examiner and an anonymous caller. Every answer must be below 500; every
// refusal a 4xx with the contract's Error body; no stack trace in any answer; none may take longer than
// REQUEST_TIMEOUT_MS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { demoUsers } from '../../tools/demo.ts';
import { login, startTestPortal, type TestPortal } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Generated requests per operation: 36 operations x 200 (about 7,000 requests) take 15-30 s on SQLite. */
const RUNS_PER_OPERATION = 200;
const REQUEST_TIMEOUT_MS = 5000;
/** The server's JSON body limit (app.ts). */
const BODY_LIMIT = 1024 * 1024;

type Json = { [key: string]: unknown };
const contract = parse(readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8')) as Json;

const isErrorBody = (() => {
  const ajv = new Ajv({ strict: false });
  const schemas = (contract.components as Json).schemas as Json;
  for (const [name, schema] of Object.entries(schemas)) ajv.addSchema(schema as object, `#/components/schemas/${name}`);
  return ajv.compile({ $ref: '#/components/schemas/Error' });
})();

function deref(node: unknown): Json {
  let current = node as Json;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Json>((at, part) => at[part] as Json, contract);
  }
  return current ?? {};
}

interface Operation {
  id: string;
  method: string;
  /** The contract's path, e.g. /api/statements/{id}. */
  path: string;
  pathParams: Array<{ name: string; type: string }>;
  queryParams: string[];
  /** The JSON body's schema, when the operation takes one. */
  jsonBody: Json | null;
  multipart: boolean;
  /** Needs a bearer token: an anonymous call is refused whatever else it sends. */
  authenticated: boolean;
}

/** Every operation of openapi.yaml, read here from the YAML itself (not through the server's loader). */
const operations: Operation[] = Object.entries(contract.paths as Json).flatMap(([route, item]) => {
  const pathItem = item as Json;
  const shared = ((pathItem.parameters as unknown[]) ?? []).map(deref);
  return (['get', 'post', 'put', 'delete', 'patch'] as const)
    .filter((method) => pathItem[method])
    .map((method) => {
      const operation = pathItem[method] as Json;
      const parameters = [...shared, ...((operation.parameters as unknown[]) ?? []).map(deref)];
      const content = (deref(operation.requestBody).content ?? {}) as Json;
      const security = (operation.security ?? contract.security ?? []) as Json[];
      return {
        id: String(operation.operationId),
        method: method.toUpperCase(),
        path: route,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: String(p.name), type: String(deref(p.schema).type) })),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => String(p.name)),
        jsonBody: content['application/json'] ? deref((content['application/json'] as Json).schema) : null,
        multipart: Boolean(content['multipart/form-data']),
        // Bearer-only: refresh and logout take an optional cookie instead, and answer a caller without one.
        authenticated: security.length > 0 && security.every((requirement) => 'bearerAuth' in requirement),
      };
    });
});

// ---- generators ---------------------------------------------------------------------------------------------

const unicodeJunk = fc.constantFrom(
  'Привет',
  '\u0000',
  '\u202e\u202d',
  '\ud83d\ude00',
  '\ufeff',
  '\u200b',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'ｆｕｌｌ',
  '\\',
  '"',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text a log4j-style lookup attack sends
  '${jndi:ldap://x}',
  '%00',
  '%',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '..\\..\\windows',
);

/** Path parameter values that are never a valid id of ours. */
const badId = fc
  .oneof(
    fc.integer({ min: -2_147_483_648, max: 0 }).map(String),
    fc.constantFrom('9'.repeat(20), '9007199254740993', '1e3', '0x10', '1.5', '-0', '+1', ' 1', '1 ', 'NaN', 'null'),
    fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }).map(String),
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    unicodeJunk,
    fc.constantFrom('a'.repeat(150), '1'.repeat(120)),
    // A random string may come out as a real id ('4'): a canonical positive integer of the id range is never "bad".
  )
  .filter((id) => !/^[1-9]\d{0,15}$/.test(id) || Number(id) > Number.MAX_SAFE_INTEGER);

/** A value of the wrong JSON type (or a pathological one) for any field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308),
  fc.string({ maxLength: 40 }),
  unicodeJunk,
  fc.constantFrom('x'.repeat(100_000), 'ы'.repeat(50_000)),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 5 }),
  fc.constantFrom(
    [1e9, -1],
    ['1'],
    [null],
    [1.5],
    Array.from({ length: 2000 }, (_, i) => i + 1),
  ),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 4 }),
  fc.constantFrom({ __proto__: { admin: true } }, JSON.parse('{"__proto__": {"polluted": 1}}'), { constructor: {} }),
);

/** A plausible body for a schema, used as the base that one wrong change is made to. */
function plausible(schema: Json): Json {
  const body: Json = {};
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Json)) {
    const field = deref(property);
    const type = field.type;
    if (field.enum) body[name] = (field.enum as unknown[])[0];
    else if (type === 'integer' || type === 'number') body[name] = 1;
    else if (type === 'boolean') body[name] = true;
    else if (type === 'array') body[name] = [1];
    else if (field.format === 'email') body[name] = 'someone@example.org';
    else if (field.pattern === '^[0-9]{6}$') body[name] = '123456';
    else body[name] = 'Текст';
  }
  return body;
}

/** Bodies that are wrong for the schema: a wrong type in one field, an extra field, a missing one, or not an object. */
function wrongBody(schema: Json): fc.Arbitrary<{ body: unknown; certainlyWrong: boolean }> {
  const base = plausible(schema);
  const names = Object.keys(base);
  const required = (schema.required ?? []) as string[];
  const choices: Array<fc.Arbitrary<{ body: unknown; certainlyWrong: boolean }>> = [
    // Not an object at all.
    fc
      .oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 20 }), fc.array(fc.anything({ maxDepth: 1 })))
      .map((body) => ({ body, certainlyWrong: true })),
    // An extra property (every input schema is additionalProperties: false).
    fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !names.includes(key)),
        wrongValue,
      )
      .map(([key, value]) => ({ body: { ...base, [key]: value }, certainlyWrong: true })),
    // Anything at all.
    fc.anything({ maxDepth: 3 }).map((body) => ({ body, certainlyWrong: false })),
  ];
  if (names.length > 0) {
    // One field with a value of any type (often wrong, sometimes acceptable).
    choices.push(
      fc
        .tuple(fc.constantFrom(...names), wrongValue)
        .map(([name, value]) => ({ body: { ...base, [name]: value }, certainlyWrong: false })),
    );
  }
  if (required.length > 0) {
    choices.push(
      fc.constantFrom(...required).map((name) => {
        const { [name]: _dropped, ...rest } = base;
        return { body: rest, certainlyWrong: true };
      }),
    );
  }
  return fc.oneof(...choices);
}

const junkHeaderValue = fc.oneof(
  fc.string({ maxLength: 60 }).map((text) => text.replace(/[^\t\x20-\x7e]/g, '')),
  fc.constantFrom('x'.repeat(4000), '\t', '', '*/*', 'bytes=0-0,-1', 'bytes=999999999-'),
);

/** Headers a client may send wrong: a broken token, odd content types, an Origin, ranges, a forged client address. */
const junkHeaders = fc.record(
  {
    authorization: fc.oneof(
      fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Bearer x.y.z',
        'Basic dXNlcjpwYXNz',
        'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIn0.',
        `Bearer ${'a'.repeat(3000)}`,
      ),
      junkHeaderValue.map((value) => `Bearer ${value}`),
    ),
    accept: junkHeaderValue,
    origin: junkHeaderValue,
    range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=5-1', 'bytes=0-0,1-1,2-2', 'lines=1-2'),
    'if-none-match': junkHeaderValue,
    'accept-encoding': fc.constantFrom('br', 'gzip, deflate', 'identity;q=0', '*;q=0', 'x'),
    'x-real-ip': junkHeaderValue,
    'x-forwarded-for': junkHeaderValue,
    cookie: junkHeaderValue,
    'sec-fetch-site': fc.constantFrom('cross-site', 'same-origin', 'none'),
  },
  { requiredKeys: [] },
);

const junkQuery = fc.dictionary(
  fc.oneof(fc.string({ minLength: 1, maxLength: 10 }), fc.constantFrom('path', 'id', 'status', '__proto__', 'page')),
  fc.oneof(fc.string({ maxLength: 40 }), unicodeJunk, badId, fc.constantFrom('x'.repeat(5000))),
  { maxKeys: 4 },
);

type Role = 'anonymous' | 'owner' | 'examiner' | 'head';

interface Generated {
  role: Role;
  kind: 'body' | 'content-type' | 'id' | 'query' | 'headers';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The request is wrong whatever the caller may do: it must be refused with a 4xx. */
  mustRefuse: boolean;
}

function urlFor(operation: Operation, ids: Record<string, string>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(ids[name] ?? '1'));
}

const validIds = (operation: Operation) =>
  Object.fromEntries(
    operation.pathParams.map((p) => [p.name, p.type === 'integer' ? '1' : 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']),
  );

function generated(operation: Operation): fc.Arbitrary<Generated> {
  const role = fc.constantFrom<Role>('anonymous', 'owner', 'examiner');
  const kinds: Array<fc.Arbitrary<Omit<Generated, 'role'>>> = [];
  const json = { 'content-type': 'application/json' };
  if (operation.jsonBody) {
    kinds.push(
      wrongBody(operation.jsonBody).map(({ body, certainlyWrong }) => ({
        kind: 'body' as const,
        url: urlFor(operation, validIds(operation)),
        headers: json,
        payload: JSON.stringify(body) ?? 'null',
        mustRefuse: certainlyWrong,
      })),
    );
  }
  if (operation.jsonBody || operation.multipart || operation.method !== 'GET') {
    kinds.push(
      fc
        .oneof(
          fc.record({
            type: fc.constantFrom(
              'text/plain',
              'application/xml',
              'application/x-www-form-urlencoded',
              'multipart/form-data',
              'multipart/form-data; boundary=x',
              'application/json; charset=utf-16',
              'application/octet-stream',
              'image/svg+xml',
              '',
            ),
            payload: fc.oneof(
              fc.string({ maxLength: 200 }),
              fc.constantFrom(
                '{"a":',
                '{}}',
                '\u0000\u0001',
                '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
              ),
            ),
          }),
          fc.record({
            type: fc.constant('application/json'),
            payload: fc.constantFrom('{"a":', '{}}', "{'a':1}", '\u0000', 'NaN', '[1,]', '{"a":1}{"b":2}', ' '),
          }),
        )
        .map(({ type, payload }) => ({
          kind: 'content-type' as const,
          url: urlFor(operation, validIds(operation)),
          headers: (type ? { 'content-type': type } : {}) as Record<string, string>,
          payload,
          // A JSON operation must refuse every one of these; a body-less one may ignore what it is sent.
          mustRefuse: Boolean(operation.jsonBody) && !(type === 'application/json' && payload.trim() === ''),
        })),
    );
  }
  if (operation.pathParams.length > 0) {
    kinds.push(
      badId.map((id) => ({
        kind: 'id' as const,
        url: urlFor(operation, Object.fromEntries(operation.pathParams.map((p) => [p.name, id]))),
        headers: operation.jsonBody ? json : {},
        payload: operation.jsonBody ? JSON.stringify(plausible(operation.jsonBody)) : undefined,
        // An integer id that is not one is refused; a token or key that is not ours is at most 404.
        mustRefuse: true,
      })),
    );
  }
  kinds.push(
    junkQuery.map((query) => ({
      kind: 'query' as const,
      url: `${urlFor(operation, validIds(operation))}?${new URLSearchParams(query as Record<string, string>)}`,
      headers: operation.jsonBody ? json : {},
      payload: operation.jsonBody ? JSON.stringify(plausible(operation.jsonBody)) : undefined,
      mustRefuse: false,
    })),
    junkHeaders.map((headers) => ({
      kind: 'headers' as const,
      url: urlFor(operation, validIds(operation)),
      headers: { ...(operation.jsonBody ? json : {}), ...headers },
      payload: operation.jsonBody ? JSON.stringify(plausible(operation.jsonBody)) : undefined,
      mustRefuse: false,
    })),
  );
  return fc.tuple(role, fc.oneof(...kinds)).map(([who, request]) => {
    const value: Generated = { role: who, ...request };
    // fast-check prints a failing input: keep that readable when it holds 100 000 characters.
    return Object.assign(value, { [fc.toStringMethod]: () => describe_(value) });
  });
}

/** A failing request in one line, long values cut. */
function describe_(request: Generated): string {
  const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…(${text.length} chars)` : text);
  const payload = request.payload === undefined ? '' : cut(String(request.payload));
  return `${request.role} ${request.kind} ${cut(request.url)} ${cut(JSON.stringify(request.headers))} ${payload}`;
}

// ---- the run ------------------------------------------------------------------------------------------------

let portal: TestPortal;
const tokens: Record<Role, string | null> = { anonymous: null, owner: null, examiner: null, head: null };
let sent = 0;

beforeAll(async () => {
  portal = await startTestPortal({ LOGIN_IP_LIMIT: '100000', LOGIN_EMAIL_LIMIT: '100000' });
  tokens.owner = (await login(portal, demoUsers.owner.email)).accessToken;
  tokens.examiner = (await login(portal, demoUsers.examiner1.email)).accessToken;
  tokens.head = (await login(portal, demoUsers.head.email)).accessToken;
}, 60_000);
afterAll(async () => {
  console.log(`bad input: ${sent} generated requests sent to ${operations.length} operations`);
  await portal?.close();
});

async function send(operation: Operation, request: Generated): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...request.headers };
  const token = tokens[request.role];
  // The role's token, unless the generated headers bring a broken one of their own.
  if (token && headers.authorization === undefined) headers.authorization = `Bearer ${token}`;
  sent++;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
  });
  try {
    // The event stream stays open once accepted: its status is what counts, then it is dropped.
    const streaming = operation.path === '/api/events';
    const answer = await Promise.race([
      portal.app.inject({
        method: operation.method as 'GET',
        url: request.url,
        headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
        ...(streaming ? { payloadAsStream: true } : {}),
      }),
      timeout,
    ]);
    if (!streaming) return answer;
    const stream = answer.stream();
    let body = '';
    if (answer.statusCode < 400) stream.destroy();
    else for await (const chunk of stream) body += String(chunk);
    return Object.assign(Object.create(answer) as LightMyRequestResponse, {
      body,
      json: () => JSON.parse(body) as unknown,
    });
  } finally {
    clearTimeout(timer);
  }
}

const STACK_TRACE = /\n\s+at |node_modules|\.ts:\d+|\.js:\d+:\d+|FST_ERR|TypeError|SyntaxError|SQLITE_|syntax error/;

function checkAnswer(operation: Operation, request: Generated, answer: LightMyRequestResponse): void {
  const what = `${operation.id} ${describe_(request)}\n-> ${answer.statusCode} ${answer.body.slice(0, 300)}`;
  expect(answer.statusCode, what).toBeLessThan(500);
  expect(answer.body, what).not.toMatch(STACK_TRACE);
  if (request.mustRefuse || (operation.authenticated && request.role === 'anonymous')) {
    expect(answer.statusCode, what).toBeGreaterThanOrEqual(400);
  }
  if (answer.statusCode >= 400) {
    let body: unknown;
    try {
      body = answer.json();
    } catch {
      throw new Error(`not JSON: ${what}`);
    }
    expect(isErrorBody(body), `${what}\n${JSON.stringify(isErrorBody.errors)}`).toBe(true);
  }
}

/**
 * Locally every run draws new inputs (and prints its seed when one fails); CI replays one seed, so a submission's
 * result does not depend on the draw. `FC_SEED=<seed>` replays a failure anywhere.
 */
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.CI ? 20_261_122 : undefined;

describe('bad input to every operation of openapi.yaml', () => {
  it('reads the operations from the contract', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
  });

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s: generated wrong bodies, ids, query strings and headers get a 4xx with the error schema, never a 5xx',
    async (_name, operation) => {
      await fc.assert(
        fc.asyncProperty(generated(operation), async (request) => {
          checkAnswer(operation, request, await send(operation, request));
        }),
        { numRuns: RUNS_PER_OPERATION, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
  );

  // What the generators found first (each was a 200 for the wrong id, or a PostgreSQL out-of-range 500).
  it.each([' 1', '1 ', '+1', '01', '1e0', '0x1', '1.0', '2147483648', '-2147483649', '99999999999999999999'])(
    'refuses the id %j as not an id of ours, with a 400 naming the field',
    async (id) => {
      for (const [role, url] of [
        ['owner', `/api/statements/${encodeURIComponent(id)}`],
        ['owner', `/api/employees/${encodeURIComponent(id)}`],
        ['examiner', `/api/instance/statements/${encodeURIComponent(id)}`],
      ] as const) {
        const answer = await portal.app.inject({ url, headers: { authorization: `Bearer ${tokens[role]}` } });
        expect(answer.statusCode, url).toBe(400);
        expect(answer.json(), url).toMatchObject({ error: 'validation_error', field: 'id' });
      }
    },
  );

  it('refuses integers beyond the database range inside JSON bodies with a 400', async () => {
    const examiner = { authorization: `Bearer ${tokens.examiner}` };
    const owner = { authorization: `Bearer ${tokens.owner}` };
    const cases = [
      { url: '/api/instance/StartWorkOnStatement', headers: examiner, payload: { id: 2 ** 31 } },
      { url: '/api/instance/StartWorkOnStatement', headers: examiner, payload: { id: 2 ** 53 + 2 } },
      { url: '/api/statements', headers: owner, payload: { objectName: 'Дом', prefileIds: [2 ** 40] } },
      // A nullable id (`[integer, 'null']`) is held to the range too.
      {
        url: '/api/instance/remark-templates',
        headers: examiner,
        payload: { text: 'Текст', severity: 'required', workTypeId: 2 ** 40 },
      },
    ];
    for (const { url, headers, payload } of cases) {
      const answer = await portal.app.inject({ method: 'POST', url, headers, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().error).toBe('validation_error');
    }
  });

  it.each(operations.filter((operation) => operation.jsonBody).map((operation) => [operation.id, operation] as const))(
    '%s refuses a JSON body over the limit with 413 and the error schema',
    async (_name, operation) => {
      const statuses: number[] = [];
      // The head too: the administration's routes turn every other caller away before the body is read.
      for (const role of ['anonymous', 'owner', 'examiner', 'head'] as const) {
        const payload = JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT) });
        const request: Generated = {
          role,
          kind: 'body',
          url: urlFor(operation, validIds(operation)),
          headers: { 'content-type': 'application/json' },
          payload,
          mustRefuse: true,
        };
        const answer = await send(operation, request);
        statuses.push(answer.statusCode);
        // A caller the route's guard refuses (no token, another role) is turned away before the body is read.
        if (answer.statusCode === 401 || answer.statusCode === 403) continue;
        expect(answer.statusCode, `${operation.id} ${role}`).toBe(413);
        expect(answer.json()).toEqual({ error: 'payload_too_large', message: 'Слишком большой запрос' });
      }
      expect(statuses, operation.id).toContain(413);
    },
  );
});
