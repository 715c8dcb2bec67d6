// The live stream (docs/product.md «Live updates»): GET /api/events on a listening app, read by the site's own
// client (src/lib/api/event-stream.ts) over real HTTP. Each reader learns what they may read and nothing else, within
// a second; a reconnect with Last-Event-ID misses nothing; a removed user's stream ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#domain/contract.ts';
import { openSession } from '../../server/src/auth/session.service.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { requestConclusions } from '../../server/src/conclusions/conclusions.service.ts';
import type { Change } from '../../server/src/events/change-feed.ts';
import { eventFor } from '../../server/src/events/events.service.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import { type EventStream, openEventStream } from '../../src/lib/api/event-stream.ts';
import { demoUsers } from '../../tools/demo.ts';
import { freePort } from '../../tools/free-port.ts';
import { oneRequest, openRequest } from '../../tools/http.ts';
import { groundsFor, login, startTestPortal, type TestPortal, userByEmail } from './helpers.ts';

let portal: TestPortal;
let base: string;
let port: number;
const tokens = new Map<string, string>();
const B_OWNER = 'owner@company-b.example';

beforeAll(async () => {
  portal = await startTestPortal();
  await createCompanyWithOwner(portal.ctx, { email: B_OWNER, legalEntity: 'ООО «Б»' });
  for (const email of [
    demoUsers.owner.email,
    demoUsers.employee.email,
    demoUsers.examiner1.email,
    demoUsers.examiner2.email,
    B_OWNER,
  ]) {
    tokens.set(email, await signAccessToken(portal.config.jwtSecret, (await userByEmail(portal, email)).id));
  }
  port = await freePort();
  await portal.app.listen({ port, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
}, 60_000);
afterAll(async () => {
  await portal.close();
});

const token = (email: string) => tokens.get(email) ?? '';

/** A reader's stream and everything it told, with a wait for a message that passes `test`. */
function listen(email: string, lastEventId?: string) {
  const events: LiveEvent[] = [];
  let ended = false;
  let connected = false;
  const stream: EventStream = openEventStream({
    url: `${base}/api/events`,
    getToken: async () => token(email),
    refresh: async () => false,
    onEvent: (event) => events.push(event),
    onEnd: () => {
      ended = true;
    },
    onConnection: (now) => {
      connected ||= now;
    },
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string>),
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
      }),
  });
  return {
    events,
    stream,
    ended: () => ended,
    connected: async () => expect.poll(() => connected, { timeout: 5000 }).toBe(true),
    async next(test: (event: LiveEvent) => boolean, timeout = 3000): Promise<LiveEvent> {
      await expect.poll(() => events.some(test), { timeout, interval: 20 }).toBe(true);
      return events.find(test) as LiveEvent;
    },
  };
}

async function call(email: string, method: string, url: string, payload?: object) {
  const response = await portal.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token(email)}` },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

const takeIntoWork = (id: number) =>
  call(demoUsers.examiner1.email, 'POST', '/api/instance/StartWorkOnStatement', { id });

/**
 * A write every reader's stream tells (lists: true) that changes nothing, the companies' names set to themselves: a
 * marker in the change log. Returns its position, which an event at or past it has told.
 */
async function markLists(): Promise<number> {
  await portal.db
    .updateTable('companies')
    .set((eb) => ({ legal_entity: eb.ref('legal_entity') }))
    .execute();
  const row = await portal.db
    .selectFrom('changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

let made = 0;
/** A statement company A's owner just submitted. */
async function newStatementOfA(): Promise<number> {
  const owner = await userByEmail(portal, demoUsers.owner.email);
  const prefile = await storePrefile(portal.ctx, owner.id, {
    fileName: 'План.pdf',
    contentType: 'application/pdf',
    source: Buffer.from('%PDF-1.4 live'),
  });
  made += 1;
  return (await submitStatement(portal.ctx, owner, { objectName: `Живой объект ${made}`, prefileIds: [prefile.id] }))
    .id;
}

describe('what an outside body’s staff learn', () => {
  it('the statements asked of their body, and no other', async () => {
    const reviewer = await userByEmail(portal, 'transport@demo.example');
    const examiner = await userByEmail(portal, demoUsers.examiner1.email);
    const transport = await portal.db
      .selectFrom('review_bodies')
      .select('id')
      .where('name', '=', 'Департамент транспорта и дорожной инфраструктуры')
      .executeTakeFirstOrThrow();
    const companyA = (await userByEmail(portal, demoUsers.owner.email)).company_id;
    const asked = await newStatementOfA();
    const other = await newStatementOfA();
    await takeIntoWork(asked);
    await requestConclusions(portal.ctx, examiner, asked, { bodyIds: [transport.id], question: 'Согласуете?' });
    const change = (statementId: number): Change => ({
      seq: 1,
      kind: 'statement',
      statementId,
      companyId: companyA,
      userId: null,
    });
    expect((await eventFor(portal.ctx, reviewer, [change(asked), change(other)]))?.event).toMatchObject({
      statements: [asked],
    });
    expect((await eventFor(portal.ctx, reviewer, [change(other)]))?.event).toBeNull();
  });
});

describe('what a change of a company’s data tells (the second attack)', () => {
  it('tells its own users and the examiners that their lists changed, and no other company', async () => {
    const companyA = (await userByEmail(portal, demoUsers.owner.email)).company_id as number;
    const changeOfA: Change = { seq: 1, kind: 'lists', statementId: null, companyId: companyA, userId: null };
    const tellTo = async (email: string) =>
      (await eventFor(portal.ctx, await userByEmail(portal, email), [changeOfA]))?.event;
    expect(await tellTo(demoUsers.owner.email)).toMatchObject({ lists: true });
    expect(await tellTo(demoUsers.examiner2.email)).toMatchObject({ lists: true });
    expect(await tellTo(B_OWNER)).toBeNull();
    // What every list shows (a catalogue) is told to everyone.
    const everyone: Change = { ...changeOfA, companyId: null };
    expect((await eventFor(portal.ctx, await userByEmail(portal, B_OWNER), [everyone]))?.event).toMatchObject({
      lists: true,
    });
  });

  it('is written with the company’s id by the database itself', async () => {
    const companyA = (await userByEmail(portal, demoUsers.owner.email)).company_id as number;
    await portal.db
      .updateTable('companies')
      .set({ contact_phone: '+7 900 000-00-04' })
      .where('id', '=', companyA)
      .execute();
    const last = await portal.db
      .selectFrom('changes')
      .select(['kind', 'company_id'])
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ kind: 'lists', company_id: companyA });
  });
});

describe('the live stream', () => {
  it('tells each reader what they may read: the company its own, every examiner all, another company nothing', async () => {
    const id = await newStatementOfA();
    const ownerA = listen(demoUsers.owner.email);
    const ownerB = listen(B_OWNER);
    const examiner2 = listen(demoUsers.examiner2.email);
    await Promise.all([ownerA.connected(), ownerB.connected(), examiner2.connected()]);

    // How soon it comes is a figure of `npm run bench` (an event through nginx), not of this test.
    await takeIntoWork(id);
    const seenByA = await ownerA.next((event) => event.statements.includes(id));
    await examiner2.next((event) => event.statements.includes(id));
    expect(seenByA).toMatchObject({ lists: false, reset: false });
    // Taking it into work notified company A's users.
    await ownerA.next((event) => event.notifications);
    // Company B learns nothing of it, not even the id; examiner 2 has no notification of it. A marker every reader is
    // told of (a write to a list table) comes after it in the log, and each stream tells the log in order: once both
    // have the marker, whatever they were to learn of the statement has come.
    const marker = await markLists();
    await ownerB.next((event) => event.lists && event.seq >= marker);
    await examiner2.next((event) => event.lists && event.seq >= marker);
    expect(ownerB.events.flatMap((event) => event.statements)).toEqual([]);
    expect(ownerB.events.some((event) => event.notifications)).toBe(false);
    expect(examiner2.events.some((event) => event.notifications)).toBe(false);
    for (const reader of [ownerA, ownerB, examiner2]) reader.stream.close();
  });

  it('sends what changed since Last-Event-ID on reconnect, and reset when that is no longer kept', async () => {
    const first = listen(demoUsers.owner.email);
    await first.connected();
    const id = await newStatementOfA();
    await takeIntoWork(id);
    await first.next((event) => event.statements.includes(id));
    const lastId = first.stream.lastEventId();
    expect(lastId).toMatch(/^\d+$/);
    first.stream.close();

    // While away: the examiner answers.
    await call(demoUsers.examiner1.email, 'POST', `/api/instance/${id}/stages`, {
      status: 'rejected',
      comment: 'Не соответствует ПЗЗ',
      prefileIds: [],
      ...(await groundsFor(portal.ctx, 'rejected')),
    });
    const back = listen(demoUsers.owner.email, lastId ?? undefined);
    const missed = await back.next((event) => event.statements.includes(id));
    expect(missed.reset).toBe(false);
    expect(missed.notifications).toBe(true);
    back.stream.close();

    // The log was trimmed past that id: the client is told to reload whole.
    await portal.db.deleteFrom('changes').execute();
    const late = listen(demoUsers.owner.email, lastId ?? undefined);
    expect(await late.next((event) => event.reset)).toMatchObject({ reset: true, lists: true, notifications: true });
    late.stream.close();
  });

  it('ends a removed employee’s stream at once, and refuses a twenty-first stream of one user', async () => {
    const employee = listen(demoUsers.employee.email);
    await employee.connected();
    const removed = await userByEmail(portal, demoUsers.employee.email);
    await call(demoUsers.owner.email, 'DELETE', `/api/employees/${removed.id}`);
    await expect.poll(employee.ended, { timeout: 3000 }).toBe(true);

    const many = Array.from({ length: portal.config.eventStreamsPerUser }, () => listen(demoUsers.examiner2.email));
    for (const reader of many) await reader.connected();
    // Plain requests of their own connection: fetch's pool would hold the aborted streams' sockets after one more.
    const refused = await oneRequest(port, 'GET', '/api/events', { token: token(demoUsers.examiner2.email) });
    expect(refused.status).toBe(429);
    expect(refused.json<{ message: string }>().message).toContain('слишком много вкладок');
    for (const reader of many) reader.stream.close();
    // Closed streams free their places.
    await expect
      .poll(async () => {
        const { request, answer } = openRequest(port, 'GET', '/api/events', {
          token: token(demoUsers.examiner2.email),
        });
        request.end();
        const status = await new Promise<number>((resolve) =>
          request.on('response', (response) => resolve(response.statusCode ?? 0)),
        );
        request.destroy();
        answer.catch(() => undefined);
        return status;
      })
      .toBe(200);
  });

  it('ends the streams of a login that logs out at once, and no other login’s (the second attack)', async () => {
    const thisDevice = await login(portal, B_OWNER);
    // The same user's login on another device (a family of its own, as a second login by code makes).
    const user = await userByEmail(portal, B_OWNER);
    const otherDevice = await openSession(portal.ctx, user.id);
    tokens.set('this device', thisDevice.accessToken);
    tokens.set('other device', await signAccessToken(portal.config.jwtSecret, user.id, otherDevice.familyId));
    const here = listen('this device');
    const there = listen('other device');
    await Promise.all([here.connected(), there.connected()]);

    const out = await portal.app.inject({
      method: 'POST',
      url: '/api/authentication/logout',
      cookies: { refresh_token: thisDevice.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    await expect.poll(here.ended, { timeout: 3000 }).toBe(true);
    // The other device's login goes on: its stream still tells what changes.
    const marker = await markLists();
    await there.next((event) => event.lists && event.seq >= marker);
    expect(there.ended()).toBe(false);
    there.stream.close();
  });

  it('answers 401 without a token, and is not compressed or cached', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    const response = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${token(demoUsers.owner.email)}`, 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    await response.body?.cancel();
  });
});
