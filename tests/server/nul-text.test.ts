// U+0000 in any text a request brings is a 400 naming the field, on SQLite and PostgreSQL alike (PostgreSQL cannot
// store it: the update was a 500, found by tests/server/bad-input.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nulPath } from '../../server/src/plugins/no-nul.ts';
import { demoUsers } from '../../tools/demo.ts';
import { login, startTestPortal, type TestPortal } from './helpers.ts';

let portal: TestPortal;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  portal = await startTestPortal();
  for (const who of ['owner', 'examiner1'] as const) {
    tokens[who] = (await login(portal, demoUsers[who].email)).accessToken;
  }
}, 60_000);
afterAll(async () => {
  await portal.close();
});

describe('nulPath', () => {
  it.each<[unknown, string | null]>([
    [{ a: 'x', b: 'y\u0000' }, 'b'],
    [{ list: [{ deep: '\u0000' }] }, 'list'],
    [['ok', '\u0000'], '1'],
    ['\u0000', ''],
    [{ a: 'текст', n: 1, z: null }, null],
    [undefined, null],
  ])('%j -> %j', (value, expected) => {
    expect(nulPath(value)).toBe(expected);
  });
});

describe('a request with U+0000 in its text', () => {
  it.each([
    ['examiner1', 'PUT', '/api/instance/me', { contactFio: '\u0000', contactPhone: 'Текст' }, 'contactFio'],
    ['owner', 'POST', '/api/statements', { objectName: 'Школа\u0000', prefileIds: [1] }, 'objectName'],
    ['owner', 'POST', '/api/employees', { fio: 'Иван\u0000' }, 'fio'],
  ] as const)('%s %s %s is a 400 naming the field, changing nothing', async (who, method, url, payload, field) => {
    const response = await portal.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: 'validation_error',
      message: 'Текст содержит недопустимый нулевой символ (U+0000)',
      field,
    });
  });

  it('but a download key with one is as missing as any unknown key', async () => {
    const response = await portal.app.inject({
      url: '/api/files?path=abc%00',
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });
});
