import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementListItem } from '#domain/contract.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { readListRevision } from '../../server/src/db/list-revision.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { demoUsers } from '../../tools/demo.ts';
import { signedIn, startTestPortal, type TestPortal } from './helpers.ts';

// Lists are answered from a cache (docs/decisions.md «Statement lists are loaded whole, and cached on the server»)
// while nothing they show has changed. Every kind of write a list item reflects must reach the next list, through the
// service, the API or plain SQL, and an entry never crosses scopes.

let portal: TestPortal;
const users = {} as Record<'owner' | 'examiner1' | 'examiner2' | 'ownerB', UserRow>;
const bearer = {} as Record<keyof typeof users, string>;

beforeAll(async () => {
  portal = await startTestPortal();
  await createCompanyWithOwner(portal.ctx, { email: 'owner-b@cache.example', legalEntity: 'ООО «Другая»' });
  const people = await signedIn(portal, {
    owner: demoUsers.owner.email,
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
    ownerB: 'owner-b@cache.example',
  });
  Object.assign(users, people.users);
  Object.assign(bearer, people.bearer);
});
afterAll(async () => {
  await portal.close();
});

const cache = () => portal.app.listCache.stats();

async function list(who: keyof typeof users, url: string, encoding = 'identity') {
  const response = await portal.app.inject({
    method: 'GET',
    url,
    headers: { authorization: bearer[who], 'accept-encoding': encoding },
  });
  expect(response.statusCode, response.body).toBe(200);
  const raw = response.rawPayload;
  const used = response.headers['content-encoding'];
  const text =
    used === 'br'
      ? zlib.brotliDecompressSync(raw).toString()
      : used === 'gzip'
        ? zlib.gunzipSync(raw).toString()
        : raw.toString();
  return { items: JSON.parse(text) as StatementListItem[], encoding: used ?? 'identity', headers: response.headers };
}

async function submit(objectName: string) {
  const prefile = await storePrefile(portal.ctx, users.owner.id, {
    fileName: 'Альбом.pdf',
    contentType: 'application/pdf',
    source: '%PDF-1.4 альбом',
  });
  return submitStatement(portal.ctx, users.owner, { objectName, prefileIds: [prefile.id] });
}

const find = (items: StatementListItem[], id: number) => items.find((item) => item.id === id);

describe('the list cache', () => {
  it('answers the same list again from the cache, in each encoding, with the same headers', async () => {
    const before = cache();
    const first = await list('examiner1', '/api/instance/all/statements', 'br');
    const again = await list('examiner1', '/api/instance/all/statements', 'br');
    expect(cache().misses - before.misses).toBe(1);
    expect(cache().hits - before.hits).toBe(1);
    expect(again.items).toEqual(first.items);
    expect(again.encoding).toBe('br');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers.vary).toMatch(/accept-encoding/i);
    expect(again.headers['cache-control']).toBe('no-store');
    // Another examiner asks for the same "all" list: the same entry serves them.
    expect((await list('examiner2', '/api/instance/all/statements', 'br')).items).toEqual(first.items);
    for (const encoding of ['gzip', 'identity']) {
      const plain = await list('examiner1', '/api/instance/all/statements', encoding);
      expect(plain.encoding).toBe(encoding);
      expect(plain.items).toEqual(first.items);
    }
  });

  it('never crosses scopes: another company, an examiner’s own list, a company user on an examiner list', async () => {
    const mine = await list('owner', '/api/statements');
    expect(mine.items.length).toBeGreaterThan(0);
    expect((await list('ownerB', '/api/statements')).items).toEqual([]);
    expect((await list('examiner2', '/api/instance/me/statements')).items).not.toEqual(
      (await list('examiner1', '/api/instance/all/statements')).items,
    );
    const refused = await portal.app.inject({
      url: '/api/instance/all/statements',
      headers: { authorization: bearer.owner },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('shows a submission and a status change at once, in every list they belong to', async () => {
    await list('owner', '/api/statements');
    await list('examiner1', '/api/instance/all/statements');
    const { id } = await submit('Кэшируемый объект');
    expect(find((await list('owner', '/api/statements')).items, id)?.status).toBe('sent');
    expect(find((await list('examiner1', '/api/instance/all/statements')).items, id)?.status).toBe('sent');
    expect(find((await list('examiner1', '/api/instance/me/statements')).items, id)).toBeUndefined();
    await takeIntoWork(portal.ctx, users.examiner1, id);
    expect(find((await list('owner', '/api/statements')).items, id)?.status).toBe('under_review');
    expect(find((await list('examiner1', '/api/instance/me/statements')).items, id)?.examinerId).toBe(
      users.examiner1.id,
    );
  });

  it('shows a company renamed through the API in the examiner’s list', async () => {
    const { id } = await submit('Объект переименованной компании');
    await list('examiner1', '/api/instance/all/statements');
    const renamed = await portal.app.inject({
      method: 'PUT',
      url: '/api/companies/me',
      headers: { authorization: bearer.owner },
      payload: { legalEntity: 'ООО «СтройПроект Кэш»', contactFio: 'Иванов Иван Иванович' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(find((await list('examiner1', '/api/instance/all/statements')).items, id)?.companyName).toBe(
      'ООО «СтройПроект Кэш»',
    );
  });

  it('shows changes made by plain SQL (another tool) to statements, catalogues and instances', async () => {
    const { id } = await submit('Объект для правки SQL');
    await takeIntoWork(portal.ctx, users.examiner1, id);
    const read = async () => find((await list('examiner1', '/api/instance/all/statements')).items, id);
    await read();
    await sql`update statements set cipher = ${'ШИФР-SQL'} where id = ${id}`.execute(portal.db);
    expect((await read())?.cipher).toBe('ШИФР-SQL');
    await sql`update catalog_work_types set name = name`.execute(portal.db);
    await sql`update instances set name = ${'Комитет (переименован)'}`.execute(portal.db);
    expect((await read())?.governmentAgencyName).toBe('Комитет (переименован)');
    const revision = await readListRevision(portal.db);
    await sql`insert into calendar_years (year, imported_at) values (2031, ${'2026-11-22T00:00:00Z'})`.execute(
      portal.db,
    );
    expect(await readListRevision(portal.db)).not.toBe(revision);
  });

  it('counts the working days left anew on the next day without any write', async () => {
    portal.clock.now = Date.parse('2026-11-23T10:00:00+03:00'); // a Monday
    const { id } = await submit('Объект на завтра');
    const left = async () =>
      find((await list('examiner1', '/api/instance/all/statements')).items, id)?.reviewDeadline?.workingDaysLeft;
    expect(await left()).toBe(10);
    portal.clock.advance(24 * 60 * 60 * 1000);
    expect(await left()).toBe(9);
  });

  it('keeps only the current revision', async () => {
    await list('examiner1', '/api/instance/all/statements', 'br');
    await submit('Ещё один объект');
    await list('examiner1', '/api/instance/all/statements', 'br');
    const revision = await readListRevision(portal.db);
    expect(cache().entries).toBeGreaterThan(0);
    // Every entry left belongs to the current revision: a list of the old one can no longer be asked for.
    await list('owner', '/api/statements', 'br');
    expect(await readListRevision(portal.db)).toBe(revision);
    expect(cache().entries).toBeLessThanOrEqual(4);
  });
});

describe('the list cache and HEAD', () => {
  it('a HEAD request never leaves an empty list for the GETs after it', async () => {
    await submit('Объект для HEAD');
    const head = await portal.app.inject({
      method: 'HEAD',
      url: '/api/instance/all/statements',
      headers: { authorization: bearer.examiner1, 'accept-encoding': 'identity' },
    });
    expect(head.statusCode).toBe(200);
    const listed = await list('examiner1', '/api/instance/all/statements');
    expect(listed.items.length).toBeGreaterThan(0);
  });
});

describe('the examiner’s news: GET /api/instance/all/statements?status=sent', () => {
  it('holds exactly the sent statements of the whole list, cached apart from it', async () => {
    const { id } = await submit('Новое заявление для новостей');
    const all = (await list('examiner1', '/api/instance/all/statements', 'br')).items;
    const sent = (await list('examiner1', '/api/instance/all/statements?status=sent', 'br')).items;
    expect(sent.map((item) => item.id)).toEqual(all.filter((item) => item.status === 'sent').map((item) => item.id));
    expect(sent.map((item) => item.id)).toContain(id);
    expect(all.length).toBeGreaterThan(sent.length);
    // Taken into work, it leaves the news at once.
    await takeIntoWork(portal.ctx, users.examiner2, id);
    const after = (await list('examiner1', '/api/instance/all/statements?status=sent', 'br')).items;
    expect(after.map((item) => item.id)).not.toContain(id);
  });

  it('refuses a status outside the contract in Russian, naming the parameter', async () => {
    const response = await portal.app.inject({
      url: '/api/instance/all/statements?status=archived',
      headers: { authorization: bearer.examiner1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_error', field: 'status' });
  });
});
