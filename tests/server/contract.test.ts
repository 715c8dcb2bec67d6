import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { rootDir } from '../../server/src/config.ts';
import { loadContract } from '../../server/src/contract/openapi.ts';
import { compileValidatorsAhead, validatorsNotCompiled } from '../../server/src/contract/validation.ts';
import { ERRORS } from '../../server/src/errors.ts';
import { installContractHandling } from '../../server/src/http/contract-handling.ts';
import { contractRoute } from '../../server/src/routes/contract-route.ts';
import { login, startTestPortal, type TestPortal } from './helpers.ts';

let portal: TestPortal;
let ownerToken: string;

beforeAll(async () => {
  portal = await startTestPortal();
  ownerToken = (await login(portal, 'owner@demo.example')).accessToken;
});
afterAll(async () => {
  await portal.close();
});

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  portal.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('requests are validated as the contract says', () => {
  it('refuses values of the wrong type instead of coercing them', async () => {
    const code = await post(
      '/api/authentication/verify-email-login',
      JSON.stringify({ email: 'owner@demo.example', code: 123456 }),
    );
    expect(code.statusCode).toBe(400);
    expect(code.json()).toMatchObject({ error: 'validation_error' });
    expect(code.json().message).toContain('«Код»');

    const email = await post('/api/authentication/start-email-login', JSON.stringify({ email: ['a@b.c'] }));
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ error: 'validation_error' });
  });

  it('maps Fastify’s own request errors to documented codes with Russian messages', async () => {
    const cases = [
      {
        response: await post('/api/authentication/start-email-login', '{"email":'),
        status: 400,
        error: 'invalid_json',
      },
      { response: await post('/api/authentication/start-email-login', ''), status: 400, error: 'empty_body' },
      {
        response: await post('/api/authentication/start-email-login', JSON.stringify({ email: 'x'.repeat(2_000_000) })),
        status: 413,
        error: 'payload_too_large',
      },
      {
        response: await portal.app.inject({
          method: 'POST',
          url: '/api/authentication/start-email-login',
          payload: '<email>a@b.c</email>',
          headers: { 'content-type': 'application/xml' },
        }),
        status: 415,
        error: 'unsupported_media_type',
      },
    ];
    for (const { response, status, error } of cases) {
      expect(response.statusCode, error).toBe(status);
      const body = response.json();
      expect(body.error).toBe(error);
      expect(body.message).toMatch(/[а-яё]/i);
    }
  });

  it('answers 400 validation_error for an id that is not a positive integer', async () => {
    for (const id of ['abc', '0', '1.5']) {
      const response = await portal.app.inject({
        method: 'GET',
        url: `/api/statements/${id}`,
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
  });

  it('holds company stages and examiner replies to their own schemas', async () => {
    const company = loadContract().find((op) => op.operationId === 'addStatementStage');
    const examiner = loadContract().find((op) => op.operationId === 'addInstanceStage');
    expect(company?.schema.body?.properties).toMatchObject({
      status: { enum: ['under_review'] },
      prefileIds: { minItems: 1 },
      isInstance: { enum: [false] },
    });
    expect(examiner?.schema.body?.properties).toMatchObject({
      status: { enum: ['has_comments', 'approved', 'rejected'] },
    });
    // A company user answering with an examiner's status is refused by validation, before any rule runs.
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/statements/1/stages',
      headers: { authorization: `Bearer ${ownerToken}` },
      payload: { prefileIds: [1], status: 'approved' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_error');
    const empty = await portal.app.inject({
      method: 'POST',
      url: '/api/statements/1/stages',
      headers: { authorization: `Bearer ${ownerToken}` },
      payload: { prefileIds: [], status: 'under_review' },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('the contract’s validators', () => {
  it('are compiled at their first call, and every one compiles when a listening server compiles the rest', async () => {
    // A portal's app makes a request and a reply validator for each operation; the tests above called a few.
    expect(validatorsNotCompiled()).toBeGreaterThan(100);
    await compileValidatorsAhead();
    expect(validatorsNotCompiled()).toBe(0);
    // Compiled ahead, they still refuse what the contract refuses.
    const code = await post(
      '/api/authentication/verify-email-login',
      JSON.stringify({ email: 'owner@demo.example', code: 123456 }),
    );
    expect(code.json()).toMatchObject({ error: 'validation_error' });
  });

  it('are all compiled when one schema does not compile, and the failure says how many', async () => {
    const app = Fastify();
    await installContractHandling(app);
    app.post('/broken', { schema: { body: { type: 'no-such-type' } } }, async () => ({}));
    app.post(
      '/fine',
      { schema: { body: { type: 'object', properties: { a: { type: 'integer' } } } } },
      async () => ({}),
    );
    await app.ready();
    expect(validatorsNotCompiled()).toBe(2);
    await expect(compileValidatorsAhead()).rejects.toThrow('1 contract schemas do not compile');
    expect(validatorsNotCompiled()).toBe(0);
    const fine = await app.inject({ method: 'POST', url: '/fine', payload: { a: 'x' } });
    expect(fine.statusCode).toBe(400);
    await app.close();
  });
});

describe('the error catalogue', () => {
  it('is exactly the contract’s ErrorCode enum, each code with a Russian message', () => {
    expect(Object.keys(ERRORS).sort()).toEqual([...contractErrorCodes()].sort());
    for (const [code, { message }] of Object.entries(ERRORS)) expect(message, code).toMatch(/[а-яё]/i);
  });

  it('declares 400 and a default error on every operation that takes an id', () => {
    const document = contractDocument();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'parameters') continue;
        const responses = Object.keys((operation as { responses: object }).responses);
        expect(responses, `${method} ${path}`).toContain('default');
        // A certificate check token is any text: a malformed one is the same 404 as an unknown one, never a 400.
        if (path.includes('{') && !path.includes('{token}')) expect(responses, `${method} ${path}`).toContain('400');
      }
    }
  });
});

describe('replies are checked against the contract', () => {
  it('turns a reply with a leaking column or a 0/1 boolean into a 500 that tells the client nothing', async () => {
    const app = Fastify();
    await installContractHandling(app);
    const user = {
      id: 1,
      fio: 'Иванов',
      email: 'a@b.example',
      role: 'owner',
      isOwner: true,
      isHead: false,
      company: null,
      instance: null,
      consentRequired: false,
    };
    let reply: object = user;
    contractRoute(app, 'getCurrentUser', {}, async () => reply as never);
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);

    reply = { ...user, code_hash: 'secret' };
    const leak = await app.inject({ method: 'GET', url: '/api/users/me' });
    expect(leak.statusCode).toBe(500);
    expect(leak.json()).toEqual({ error: 'internal_error', message: ERRORS.internal_error.message });
    expect(leak.body).not.toContain('secret');

    reply = { ...user, isOwner: 1 };
    expect((await app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(500);
    await app.close();
  });
});

interface Document {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: { ErrorCode: { enum: string[] } } };
}

function contractDocument(): Document {
  return parse(readFileSync(path.join(rootDir, 'openapi.yaml'), 'utf8')) as Document;
}

function contractErrorCodes(): string[] {
  return contractDocument().components.schemas.ErrorCode.enum;
}
