import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistryEntry, RegistryPage } from '../../domain/contract.ts';
import { REGISTRY_FIELDS } from '../../domain/registry.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { refusalGrounds } from '../../server/src/catalogs/catalogs.service.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { nowIso } from '../../server/src/db/database.ts';
import { WorkingCalendar } from '../../server/src/deadlines/calendar.ts';
import {
  STATUS_ADDRESS_LIMIT,
  STATUS_GUESS_LIMIT,
  STATUS_NUMBER_LIMIT,
} from '../../server/src/registry/public-limits.ts';
import { publicationCutoff, publishedAt, registryPage } from '../../server/src/registry/registry.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { refuseAcceptance, takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { withdrawStatement } from '../../server/src/workflow/withdrawal.ts';
import { demoUsers } from '../../tools/demo.ts';
import {
  certificatePrefile,
  groundsFor,
  startTestPortal,
  storedPrefile,
  type TestPortal,
  userByEmail,
} from './helpers.ts';

// The public register of decisions, its open data and the status check (docs/product.md «The public register»).

let portal: TestPortal;
let ctx: ServiceContext;
const users = {} as Record<'owner' | 'examiner1', UserRow>;
let companyInn: string;
let category: { id: number; name: string };
let workType: { id: number; name: string };

/** Every request from its own address, so the per-address limits count only where a test means them to. */
let addressCounter = 0;
function freshAddress(): string {
  addressCounter++;
  return `10.1.${addressCounter >> 8}.${addressCounter & 255}`;
}

function get(url: string, headers: Record<string, string> = {}, remoteAddress = freshAddress()) {
  return portal.app.inject({ url, headers, remoteAddress });
}

async function page(search: string): Promise<RegistryPage> {
  const response = await get(`/api/public/registry?${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Private words that must never leave the register: people, contacts, files, comments and remarks. */
const PRIVATE = [
  'Секретный комментарий заявителя',
  'Внутренний комментарий эксперта',
  'Альбом_реестр.pdf',
  'Свидетельство_реестр.pdf',
  'Замечание эксперта о фасаде',
];

async function submit(objectName: string, address: string) {
  return submitStatement(ctx, users.owner, {
    objectName,
    address,
    cadastralNumber: '78:12:0001234:56',
    categoryObjectId: category.id,
    catalogWorkTypeId: workType.id,
    comment: 'Секретный комментарий заявителя',
    prefileIds: [await storedPrefile(portal, users.owner, 'Альбом_реестр.pdf', '%PDF-1.4 album')],
  });
}

async function approved(objectName: string, address: string): Promise<{ id: number; visibleId: number }> {
  const statement = await submit(objectName, address);
  await takeIntoWork(ctx, users.examiner1, statement.id);
  await replyToStatement(ctx, users.examiner1, statement.id, {
    status: 'approved',
    comment: 'Внутренний комментарий эксперта',
    prefileIds: [await certificatePrefile(portal, users.examiner1, statement.id)],
  });
  return statement;
}

let approval: { id: number; visibleId: number };
let rejection: { id: number; visibleId: number };
let refusal: { id: number; visibleId: number };
let pending: { id: number; visibleId: number };
let withdrawn: { id: number; visibleId: number };
let checkToken: string;

beforeAll(async () => {
  portal = await startTestPortal({ PUBLIC_ORIGIN: 'https://agr.example.ru' });
  ctx = portal.ctx;
  users.owner = await userByEmail(portal, demoUsers.owner.email);
  users.examiner1 = await userByEmail(portal, demoUsers.examiner1.email);
  const company = await ctx.db
    .selectFrom('companies')
    .select(['inn'])
    .where('id', '=', users.owner.company_id as number)
    .executeTakeFirstOrThrow();
  companyInn = company.inn as string;
  category = await ctx.db
    .selectFrom('catalog_object_types')
    .select(['id', 'name'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  workType = await ctx.db
    .selectFrom('catalog_work_types')
    .select(['id', 'name'])
    .orderBy('id')
    .executeTakeFirstOrThrow();

  approval = await approved('Реестровый дом на Фонтанке', 'Санкт-Петербург, наб. реки Фонтанки, 90');
  const bearer = `Bearer ${await signAccessToken(portal.config.jwtSecret, users.examiner1.id)}`;
  const issued = await portal.app.inject({
    method: 'POST',
    url: `/api/instance/statements/${approval.id}/certificate`,
    headers: { authorization: bearer },
  });
  expect(issued.statusCode, issued.body).toBe(200);
  checkToken = issued.json().token;

  rejection = await submit('Реестровый павильон', 'Санкт-Петербург, Садовая ул., 12');
  await takeIntoWork(ctx, users.examiner1, rejection.id);
  await replyToStatement(ctx, users.examiner1, rejection.id, {
    status: 'rejected',
    comment: 'Внутренний комментарий эксперта',
    prefileIds: [],
    ...(await groundsFor(ctx, 'rejected')),
  });

  refusal = await submit('Реестровый склад', 'Санкт-Петербург, Литейный пр., 5');
  const [ground] = await refusalGrounds(ctx, 'intake');
  if (!ground) throw new Error('no intake ground');
  await refuseAcceptance(ctx, users.examiner1, refusal.id, { groundIds: [ground.id], comment: null });

  pending = await submit('Реестровое нерешённое', 'Санкт-Петербург, Гороховая ул., 3');
  withdrawn = await submit('Реестровое отозванное', 'Санкт-Петербург, Моховая ул., 7');
  await withdrawStatement(ctx, users.owner, withdrawn.id, { reason: null });
});

afterAll(async () => {
  await portal?.close();
});

function byNumber(items: readonly RegistryEntry[], visibleId: number): RegistryEntry | undefined {
  return items.find((item) => item.visibleId === visibleId);
}

describe('the register', () => {
  it('lists approvals, refusals and refusals to accept with their snapshot values, nothing else', async () => {
    const { items } = await page(`query=${encodeURIComponent('78:12:0001234:56')}&pageSize=100`);
    const entry = byNumber(items, approval.visibleId);
    expect(entry).toEqual({
      visibleId: approval.visibleId,
      decidedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      outcome: 'approved',
      objectName: 'Реестровый дом на Фонтанке',
      address: 'Санкт-Петербург, наб. реки Фонтанки, 90',
      cadastralNumber: '78:12:0001234:56',
      objectCategory: category.name,
      workType: workType.name,
      companyName: expect.any(String),
      companyInn,
      checkToken,
    });
    expect(byNumber(items, rejection.visibleId)).toMatchObject({ outcome: 'rejected', checkToken: null });
    expect(byNumber(items, refusal.visibleId)).toMatchObject({ outcome: 'not_accepted', checkToken: null });
    expect(byNumber(items, pending.visibleId)).toBeUndefined();
    expect(byNumber(items, withdrawn.visibleId)).toBeUndefined();
  });

  it("lists the demo's approval, found by its street, with the link to its certificate's working check", async () => {
    const street = await page(`query=${encodeURIComponent('гагарина')}`);
    expect(street.total).toBe(1);
    const [demo] = street.items;
    expect(demo).toMatchObject({ outcome: 'approved', address: 'ул. Гагарина, 27', checkToken: expect.any(String) });
    const check = await get(`/api/public/certificates/${demo?.checkToken}`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ visibleId: demo?.visibleId, status: 'approved', address: 'ул. Гагарина, 27' });
  });

  it('never carries people, contacts, files, comments or undecided statements, in the page or either export', async () => {
    const examiner = await ctx.db
      .selectFrom('users')
      .select(['fio', 'email', 'phone'])
      .where('id', '=', users.examiner1.id)
      .executeTakeFirstOrThrow();
    const owner = await ctx.db
      .selectFrom('users')
      .select(['fio', 'email', 'phone'])
      .where('id', '=', users.owner.id)
      .executeTakeFirstOrThrow();
    const secrets = [
      ...PRIVATE,
      examiner.fio,
      examiner.email,
      owner.fio,
      owner.email,
      owner.phone,
      examiner.phone,
      'Реестровое нерешённое',
      'Реестровое отозванное',
    ].filter((value): value is string => Boolean(value));
    const bodies = [
      (await get('/api/public/registry?pageSize=100')).body,
      (await get('/api/public/registry.csv')).body,
      (await get('/api/public/registry.json')).body,
      (await get('/api/public/registry/facets')).body,
    ];
    for (const body of bodies.slice(0, 3)) expect(body).toContain('Реестровый дом на Фонтанке');
    for (const body of bodies) {
      for (const secret of secrets) expect(body, secret).not.toContain(secret);
    }
    const exported: RegistryEntry[] = JSON.parse((await get('/api/public/registry.json')).body);
    for (const item of exported) expect(Object.keys(item).sort()).toEqual(REGISTRY_FIELDS.map((f) => f.name).sort());
  });

  it('keeps the decided company name after the company renames itself', async () => {
    const before = byNumber((await page(`query=${approval.visibleId}&pageSize=100`)).items, approval.visibleId);
    const company = await ctx.db
      .selectFrom('companies')
      .select('legal_entity')
      .where('id', '=', users.owner.company_id as number)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('companies')
      .set({ legal_entity: 'ООО «Переименованная»' })
      .where('id', '=', users.owner.company_id as number)
      .execute();
    try {
      const after = byNumber((await page(`query=${approval.visibleId}&pageSize=100`)).items, approval.visibleId);
      expect(after?.companyName).toBe(company.legal_entity);
      expect(after).toEqual(before);
      expect(
        (await page('query=%D0%9F%D0%B5%D1%80%D0%B5%D0%B8%D0%BC%D0%B5%D0%BD%D0%BE%D0%B2%D0%B0%D0%BD%D0%BD')).total,
      ).toBe(0);
    } finally {
      await ctx.db
        .updateTable('companies')
        .set({ legal_entity: company.legal_entity })
        .where('id', '=', users.owner.company_id as number)
        .execute();
    }
  });

  it('searches number, address, cadastral number, company and ИНН, case-insensitively', async () => {
    expect((await page(`query=${approval.visibleId}`)).items.map((i) => i.visibleId)).toContain(approval.visibleId);
    const street = await page(`query=${encodeURIComponent('ФОНТАНКИ')}`);
    expect(street.items.map((i) => i.visibleId)).toEqual([approval.visibleId]);
    expect(street.total).toBe(1);
    expect((await page(`query=${encodeURIComponent('0001234:56')}&pageSize=100`)).total).toBe(3);
    expect((await page(`query=${companyInn}&pageSize=100`)).items.map((i) => i.visibleId)).toEqual(
      expect.arrayContaining([approval.visibleId, rejection.visibleId, refusal.visibleId]),
    );
    expect((await page(`query=${encodeURIComponent('нет такого адреса')}`)).total).toBe(0);
  });

  it('filters by outcome, year, category and work type, and pages with exact totals in both orders', async () => {
    const all = await page('pageSize=100');
    const approvals = await page('outcome=approved&pageSize=100');
    expect(approvals.items.every((i) => i.outcome === 'approved')).toBe(true);
    const rejections = await page('outcome=rejected&pageSize=100');
    const refusals = await page('outcome=not_accepted&pageSize=100');
    expect(approvals.total + rejections.total + refusals.total).toBe(all.total);
    const year = all.items[0]?.decidedAt.slice(0, 4);
    expect((await page(`year=${year}&pageSize=100`)).total).toBeGreaterThanOrEqual(3);
    expect((await page('year=2001')).total).toBe(0);
    const ours = await page(`categoryId=${category.id}&workTypeId=${workType.id}&pageSize=100`);
    expect(ours.items.map((i) => i.visibleId)).toEqual(
      expect.arrayContaining([approval.visibleId, rejection.visibleId, refusal.visibleId]),
    );
    expect(ours.items.every((i) => i.objectCategory === category.name && i.workType === workType.name)).toBe(true);

    const first = await page('pageSize=2&page=1');
    const second = await page('pageSize=2&page=2');
    expect(first.total).toBe(all.total);
    expect(first.items).toHaveLength(Math.min(2, all.total));
    expect([...first.items, ...second.items]).toEqual(all.items.slice(0, first.items.length + second.items.length));
    const oldest = await page('sort=date_asc&pageSize=100');
    expect(oldest.items.map((i) => i.visibleId)).toEqual([...all.items].reverse().map((i) => i.visibleId));
    const facets = (await get('/api/public/registry/facets')).json();
    expect(facets.total).toBe(all.total);
    expect(facets.years).toContain(Number(year));
    expect(facets.categories).toContainEqual({ id: category.id, name: category.name });
    expect(facets.passport.fields.map((f: { name: string }) => f.name)).toEqual(REGISTRY_FIELDS.map((f) => f.name));
  });

  it('answers 400 in Russian naming the field for bad parameters', async () => {
    for (const [search, field] of [
      ['pageSize=101', 'pageSize'],
      ['page=0', 'page'],
      ['outcome=withdrawn', 'outcome'],
      ['from=2026-13-01', 'from'],
      ['from=2026-05-02&to=2026-05-01', 'to'],
      [`query=${'я'.repeat(201)}`, 'query'],
      // Days the time zone's arithmetic cannot take were 500s: outside 2000–2100 they are the field's 400.
      ['from=0100-01-01', 'from'],
      ['to=9999-12-31', 'to'],
    ] as const) {
      const response = await get(`/api/public/registry?${search}`);
      expect(response.statusCode, search).toBe(400);
      expect(response.body, search).toContain(field);
      expect(response.json().message, search).toMatch(/[а-яё]/iu);
      // An error is never cacheable, though the register's answers are (nginx would keep it for a minute).
      expect(response.headers['cache-control'], search).toBe('no-store');
    }
    expect((await get('/api/public/registry?from=0100-01-01')).json().message).toBe(
      'Дата начала периода должна быть с 2000 по 2100 год',
    );
  });

  it('publishes a decision only once the configured working days have passed', async () => {
    // 2026-01-09 (Friday) is the first working day of the year; the next ones are Monday 12th and Tuesday 13th. On
    // Tuesday a delay of 2 has passed for Friday's decisions (and the weekend's), on Monday only for the holidays'.
    const calendar = new WorkingCalendar([]);
    const zone = 'Europe/Moscow';
    expect(publicationCutoff(calendar, new Date('2026-01-13T09:00:00Z'), zone, 2)).toBe('2026-01-11T21:00:00.000Z');
    expect(publicationCutoff(calendar, new Date('2026-01-12T09:00:00Z'), zone, 2)).toBe('2026-01-08T21:00:00.000Z');
    // Friday's decision was published at Tuesday's start (the time its export's Last-Modified shows), not Friday.
    const tuesday = new Date('2026-01-14T09:00:00Z');
    expect(publishedAt(calendar, '2026-01-09T10:00:00.000Z', tuesday, zone, 2)).toBe('2026-01-12T21:00:00.000Z');
    expect(publishedAt(calendar, '2026-01-09T10:00:00.000Z', tuesday, zone, 0)).toBe('2026-01-09T10:00:00.000Z');
    // Through the service: today's decisions wait for a delay of 1 and appear a working day later.
    const settings = { delayDays: 1, licence: 'CC BY 4.0' };
    const now = ctx.now();
    const delayed = await registryPage(ctx, settings, { query: String(approval.visibleId), pageSize: 100 });
    expect(byNumber(delayed.items, approval.visibleId)).toBeUndefined();
    const later = { ...ctx, now: () => new Date(now.getTime() + 5 * 24 * 3600_000) };
    const published = await registryPage(later, settings, { query: String(approval.visibleId), pageSize: 100 });
    expect(byNumber(published.items, approval.visibleId)).toBeDefined();
    expect(nowIso(now)).toBe(nowIso(ctx.now()));
  });
});

describe('a refusal reversed by an upheld appeal', () => {
  it('leaves the register until decided again, then shows the new decision', async () => {
    const head = await userByEmail(portal, demoUsers.head.email);
    // The exports as a scraper last downloaded them, with the refusal in.
    const exported: Record<string, { etag: string; lastModified: string }> = {};
    for (const url of ['/api/public/registry.csv', '/api/public/registry.json']) {
      const response = await get(url);
      expect(response.body).toContain('Реестровый склад');
      exported[url] = {
        etag: response.headers.etag as string,
        lastModified: response.headers['last-modified'] as string,
      };
    }
    // Last-Modified counts whole seconds: the appeal is decided in a later one.
    portal.clock.advance(2000);
    const as = async (who: UserRow) => `Bearer ${await signAccessToken(portal.config.jwtSecret, who.id)}`;
    const filed = await portal.app.inject({
      method: 'POST',
      url: `/api/statements/${refusal.id}/appeals`,
      headers: { authorization: await as(users.owner) },
      payload: { subject: 'acceptance_refusal', text: 'Документы были полными', prefileIds: [] },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const decided = await portal.app.inject({
      method: 'POST',
      url: `/api/instance/appeals/${filed.json().id}/decision`,
      headers: { authorization: await as(head) },
      payload: { upheld: true, text: 'Приняты', examinerId: users.examiner1.id },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const search = `query=${refusal.visibleId}&pageSize=100`;
    expect(byNumber((await page(search)).items, refusal.visibleId)).toBeUndefined();
    // Both validators of the exports moved: a scraper asking since the last download gets the smaller set.
    for (const url of ['/api/public/registry.csv', '/api/public/registry.json']) {
      const now = await get(url);
      expect(now.headers.etag).not.toBe(exported[url]?.etag);
      expect(Date.parse(now.headers['last-modified'] as string)).toBeGreaterThan(
        Date.parse(exported[url]?.lastModified as string),
      );
      const since = await get(url, { 'if-modified-since': exported[url]?.lastModified as string });
      expect(since.statusCode).toBe(200);
      expect(since.body).not.toContain('Реестровый склад');
    }

    portal.clock.advance(1000);
    await replyToStatement(ctx, users.examiner1, refusal.id, {
      status: 'rejected',
      comment: 'Внутренний комментарий эксперта',
      prefileIds: [],
      ...(await groundsFor(ctx, 'rejected')),
    });
    expect(byNumber((await page(search)).items, refusal.visibleId)).toMatchObject({ outcome: 'rejected' });
  });
});

describe('the open data exports', () => {
  it('streams CSV with BOM, the header and formula-safe cells', async () => {
    const response = await get('/api/public/registry.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.body.startsWith('\uFEFF№') || response.body.startsWith('\uFEFFРегистрационный номер')).toBe(true);
    expect(response.body).toContain(`https://agr.example.ru/check/${checkToken}`);
    expect(response.body.split('\r\n')[0]).toBe(`\uFEFF${REGISTRY_FIELDS.map((f) => f.title).join(';')}`);

    const formula = await approved('=HYPERLINK("http://evil")', '+7 Реестровая формула');
    const csv = (await get('/api/public/registry.csv')).body;
    const line = csv.split('\r\n').find((l) => l.startsWith(`${formula.visibleId};`));
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(line).toContain("'+7 Реестровая формула");
  });

  it('answers 304 to a conditional request until a decision is published or corrected', async () => {
    for (const url of ['/api/public/registry.csv', '/api/public/registry.json']) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      const lastModified = first.headers['last-modified'] as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(lastModified).toBeTruthy();
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    }
    const before = (await get('/api/public/registry.csv')).headers.etag as string;
    portal.clock.advance(2000);
    await approved('Реестровый новый дом', 'Санкт-Петербург, Невский пр., 1');
    const published = await get('/api/public/registry.csv', { 'if-none-match': before });
    expect(published.statusCode).toBe(200);
    expect(published.body).toContain('Реестровый новый дом');
    const after = published.headers.etag as string;
    expect(after).not.toBe(before);

    // A corrected certificate: the register shows the corrected values and the new check token.
    await ctx.db
      .insertInto('corrections')
      .values({
        statement_id: approval.id,
        text: 'Опечатка в адресе',
        status: 'corrected',
        requested_by: users.owner.id,
        requester_name: 'Заявитель',
        requested_at: nowIso(ctx.now()),
        answered_by: users.examiner1.id,
        answered_at: nowIso(ctx.now()),
        check_token: 'corrected-token-of-the-register-test',
        object_name: 'Реестровый дом на Фонтанке',
        address: 'Санкт-Петербург, наб. реки Фонтанки, 92',
        cadastral_number: '78:12:0001234:56',
        company_name: 'ООО «Исправленное»',
        company_inn: companyInn,
      })
      .execute();
    const corrected = await get('/api/public/registry.csv', { 'if-none-match': after });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.headers.etag).not.toBe(after);
    const entry = byNumber((await page(`query=${approval.visibleId}&pageSize=100`)).items, approval.visibleId);
    expect(entry).toMatchObject({
      address: 'Санкт-Петербург, наб. реки Фонтанки, 92',
      companyName: 'ООО «Исправленное»',
      checkToken: 'corrected-token-of-the-register-test',
    });
  });
});

describe('the status check without logging in', () => {
  const post = (body: unknown, remoteAddress = freshAddress()) =>
    portal.app.inject({ method: 'POST', url: '/api/public/statement-status', payload: body as object, remoteAddress });

  it('tells the status, the submission and the running term to whoever knows the number and the ИНН', async () => {
    const response = await post({ visibleId: pending.visibleId, inn: companyInn });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['dueDate', 'overdue', 'status', 'statusLabel', 'submittedAt']);
    expect(body).toMatchObject({ status: 'sent', statusLabel: 'Отправлено', overdue: false });
    expect(body.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const decided = (await post({ visibleId: approval.visibleId, inn: companyInn })).json();
    expect(decided).toMatchObject({ status: 'approved', statusLabel: 'Согласовано', dueDate: null, overdue: false });
  });

  it('answers a wrong ИНН and an absent number with one identical 404', async () => {
    const wrong = await post({ visibleId: pending.visibleId, inn: '7700000000' });
    const absent = await post({ visibleId: 987654321, inn: companyInn });
    expect(wrong.statusCode).toBe(404);
    expect(absent.statusCode).toBe(404);
    expect(wrong.body).toBe(absent.body);
    const strip = (headers: Record<string, unknown>) => {
      const { date: _date, 'x-request-id': _id, ...rest } = headers;
      return rest;
    };
    expect(strip(wrong.headers)).toEqual(strip(absent.headers));
    const malformed = await post({ visibleId: pending.visibleId, inn: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('ИНН — 10 или 12 цифр');
  });

  const limitKeys = async (visibleId: number) =>
    (await portal.db.selectFrom('rate_limits').select('key').where('key', 'like', `statement-status-%`).execute())
      .map((row) => row.key)
      .filter((key) => key.split(':')[1] === String(visibleId));

  it('limits checks per address; an address over its limit and absent numbers leave nothing on a number', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < STATUS_ADDRESS_LIMIT.limit; i++) {
      const visibleId = 800_000 + i;
      expect((await post({ visibleId, inn: companyInn }, address)).statusCode, `check ${i}`).toBe(404);
    }
    expect(await limitKeys(800_000)).toEqual([]);
    const blocked = await post({ visibleId: approval.visibleId, inn: '7700000000' }, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await limitKeys(approval.visibleId)).toEqual([]);
    expect((await post({ visibleId: pending.visibleId, inn: companyInn })).statusCode).toBe(200);
  });

  it("stops one address's guesses of a number's ИНН, its right one included, and still answers the holder", async () => {
    const guesser = '10.9.8.1';
    for (let i = 0; i < STATUS_GUESS_LIMIT.limit; i++) {
      const inn = `77000000${String(i).padStart(2, '0')}`;
      expect((await post({ visibleId: rejection.visibleId, inn }, guesser)).statusCode, `guess ${i}`).toBe(404);
    }
    const refused = await post({ visibleId: rejection.visibleId, inn: companyInn }, guesser);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post({ visibleId: rejection.visibleId, inn: companyInn })).statusCode).toBe(200);
    // The guesser's other numbers are not its business with this one.
    expect((await post({ visibleId: refusal.visibleId, inn: companyInn }, guesser)).statusCode).toBe(200);
  });

  it('once a number drew ten wrong guesses from anywhere, each guessing address gets no second try; the holder is answered', async () => {
    const guessers = Array.from({ length: STATUS_NUMBER_LIMIT.limit }, (_, i) => `10.9.7.${i + 1}`);
    for (const [i, address] of guessers.entries()) {
      const inn = `77000001${String(i).padStart(2, '0')}`;
      expect((await post({ visibleId: refusal.visibleId, inn }, address)).statusCode, `guess ${i}`).toBe(404);
    }
    // The first guesser had tries left before the number drew ten; now it has none, whatever it sends.
    expect((await post({ visibleId: refusal.visibleId, inn: companyInn }, guessers[0])).statusCode).toBe(429);
    // A new address is answered once more, right or wrong, and its wrong answer is its last.
    expect((await post({ visibleId: refusal.visibleId, inn: '7700000299' }, '10.9.6.1')).statusCode).toBe(404);
    expect((await post({ visibleId: refusal.visibleId, inn: companyInn }, '10.9.6.1')).statusCode).toBe(429);
    // The holder, who never guessed wrong, is answered whatever others did.
    expect((await post({ visibleId: refusal.visibleId, inn: companyInn }, '10.9.5.1')).statusCode).toBe(200);
    expect((await limitKeys(refusal.visibleId)).length).toBe(STATUS_NUMBER_LIMIT.limit + 2);
  });
});
