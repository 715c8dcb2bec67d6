import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementListColumns, StatementListDelta, StatementListItem } from '#domain/contract.ts';
import { decodeListColumns, LIST_COLUMNS_TYPE } from '#domain/list-columns.ts';
import { seedBench } from '../../bench/seed.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { findUserByEmail } from '../../server/src/users/users.repository.ts';
import { demoUsers } from '../../tools/demo.ts';
import { startTestPortal, type TestPortal } from './helpers.ts';

// A client that asks for a list's columns (Accept) gets the very list the array form says, column by column
// (docs/decisions.md «Compact list columns»); a client that does not ask gets the array as before; the list cache keeps
// each form apart; a delta (`?since=`) stays JSON.

let portal: TestPortal;
const bearer = {} as Record<'owner' | 'examiner1', string>;

beforeAll(async () => {
  portal = await startTestPortal();
  await seedBench(portal.ctx, { statements: 400, filesDir: null });
  for (const key of ['owner', 'examiner1'] as const) {
    const row = await findUserByEmail(portal.db, demoUsers[key].email);
    if (!row) throw new Error(`no user ${key}`);
    bearer[key] = `Bearer ${await signAccessToken(portal.config.jwtSecret, row.id)}`;
  }
}, 120_000);
afterAll(async () => {
  await portal.close();
});

const COLUMNS = `${LIST_COLUMNS_TYPE}, application/json;q=0.9`;

async function get(who: keyof typeof bearer, url: string, headers: Record<string, string> = {}) {
  const response = await portal.app.inject({ url, headers: { authorization: bearer[who], ...headers } });
  expect(response.statusCode, response.body).toBe(200);
  const text =
    response.headers['content-encoding'] === 'br'
      ? zlib.brotliDecompressSync(response.rawPayload).toString()
      : response.rawPayload.toString();
  return { body: JSON.parse(text) as unknown, headers: response.headers, wire: response.rawPayload.length };
}

const LISTS: Array<[keyof typeof bearer, string]> = [
  ['owner', '/api/statements'],
  ['examiner1', '/api/instance/all/statements'],
  ['examiner1', '/api/instance/all/statements?status=sent'],
  ['examiner1', '/api/instance/me/statements'],
];

describe('list columns', () => {
  it.each(LISTS)('%s %s: the columns decode to the array form, item for item', async (who, url) => {
    for (const encoding of ['identity', 'br']) {
      const array = await get(who, url, { 'accept-encoding': encoding });
      const columns = await get(who, url, { 'accept-encoding': encoding, accept: COLUMNS });
      expect(array.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(columns.headers['content-type']).toBe(`${LIST_COLUMNS_TYPE}; charset=utf-8`);
      expect(columns.headers['x-list-revision']).toBe(array.headers['x-list-revision']);
      expect(columns.headers.vary).toMatch(/\baccept\b/i);
      const items = array.body as StatementListItem[];
      expect(items.length).toBeGreaterThan(0);
      expect(decodeListColumns(columns.body as StatementListColumns)).toEqual(items);
    }
  });

  it('is smaller on the wire than the array, compressed alike', async () => {
    const url = '/api/instance/all/statements';
    const array = await get('examiner1', url, { 'accept-encoding': 'br' });
    const columns = await get('examiner1', url, { 'accept-encoding': 'br', accept: COLUMNS });
    expect(columns.wire).toBeLessThan(array.wire * 0.6);
  });

  it('keeps each form apart in the list cache, both answered from it', async () => {
    const url = '/api/instance/all/statements';
    await get('examiner1', url, { accept: COLUMNS });
    await get('examiner1', url);
    const before = portal.app.listCache.stats();
    const columns = await get('examiner1', url, { accept: COLUMNS });
    const array = await get('examiner1', url);
    expect(portal.app.listCache.stats().hits - before.hits).toBe(2);
    expect(Array.isArray(array.body)).toBe(true);
    expect(columns.headers['content-type']).toBe(`${LIST_COLUMNS_TYPE}; charset=utf-8`);
    expect(decodeListColumns(columns.body as StatementListColumns)).toEqual(array.body);
  });

  it('answers the array to a client that refuses the columns or asks for JSON only', async () => {
    const url = '/api/instance/all/statements';
    for (const accept of [`${LIST_COLUMNS_TYPE};q=0, application/json`, 'application/json', '*/*']) {
      const answer = await get('examiner1', url, { accept });
      expect(Array.isArray(answer.body), accept).toBe(true);
    }
  });

  it('sends a delta (?since=) as JSON, and the whole list in columns when no delta can say it', async () => {
    const url = '/api/instance/all/statements';
    const whole = await get('examiner1', url, { accept: COLUMNS });
    const revision = String(whole.headers['x-list-revision']);
    const delta = await get('examiner1', `${url}?since=${encodeURIComponent(revision)}`, { accept: COLUMNS });
    expect(delta.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(delta.body as StatementListDelta).toMatchObject({ changed: [], removed: [] });
    const again = await get('examiner1', `${url}?since=not-a-revision`, { accept: COLUMNS });
    expect(again.headers['content-type']).toBe(`${LIST_COLUMNS_TYPE}; charset=utf-8`);
    expect(decodeListColumns(again.body as StatementListColumns)).toEqual(
      decodeListColumns(whole.body as StatementListColumns),
    );
  });
});
