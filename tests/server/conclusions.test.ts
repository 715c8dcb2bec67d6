import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitedConclusionsText, CONCLUSION_TEXTS } from '#domain/conclusions.ts';
import type { Conclusion, ConclusionRequests, Remark, ReviewBody, Statement, TeamWorkload } from '#domain/contract.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { remindOverdueConclusions } from '../../server/src/conclusions/conclusions.service.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement, submitNewVersion } from '../../server/src/workflow/review.ts';
import { withdrawStatement } from '../../server/src/workflow/withdrawal.ts';
import { demoUsers } from '../../tools/demo.ts';
import {
  certificatePrefile,
  groundsFor,
  pdfText,
  signedIn,
  startTestPortal,
  storedPrefile,
  type TestPortal,
} from './helpers.ts';

// Conclusions of reviewing bodies (docs/product.md «Conclusions»): the catalogue and its members, requests to several
// bodies at once with their terms, answers by members only and once, the decision waiting for them, a head's override,
// the asking again on a new version, and what an outside body's member may read.

let portal: TestPortal;
let ctx: ServiceContext;
type Who = 'owner' | 'ownerB' | 'examiner1' | 'examiner2' | 'head' | 'heritage' | 'transport' | 'utilities';
const users = {} as Record<Who, UserRow>;
const bearer = {} as Record<Who, string>;
const body = {} as Record<'heritage' | 'transport' | 'utilities', ReviewBody>;

function call(who: Who | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return portal.app.inject({
    method,
    url,
    headers: who ? { authorization: bearer[who] } : {},
    ...(payload ? { payload } : {}),
  });
}

beforeAll(async () => {
  portal = await startTestPortal();
  ctx = portal.ctx;
  await createCompanyWithOwner(ctx, { email: 'owner@conclusions-b.example', legalEntity: 'ООО «Б»' });
  const staff = await signedIn(portal, {
    owner: demoUsers.owner.email,
    ownerB: 'owner@conclusions-b.example',
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
    head: demoUsers.head.email,
  });
  Object.assign(users, staff.users);
  Object.assign(bearer, staff.bearer);
  const make = async (name: string, kind: 'department' | 'external', termDays: number) => {
    const response = await call('head', 'POST', '/api/admin/review-bodies', { name, kind, termDays });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ReviewBody;
  };
  body.heritage = await make('Отдел охраны культурного наследия', 'department', 5);
  body.transport = await make('Департамент транспорта', 'external', 10);
  body.utilities = await make('Водоканал', 'external', 7);
  const member = async (bodyId: number, email: string, fio: string) => {
    const response = await call('head', 'POST', `/api/admin/review-bodies/${bodyId}/members`, { email, fio });
    expect(response.statusCode, response.body).toBe(201);
  };
  await member(body.heritage.id, 'heritage@committee.example', 'Наследова Анна Петровна');
  await member(body.transport.id, 'transport@dept.example', 'Транспортов Иван Ильич');
  await member(body.utilities.id, 'water@vodokanal.example', 'Водов Пётр Сергеевич');
  const members = await signedIn(portal, {
    heritage: 'heritage@committee.example',
    transport: 'transport@dept.example',
    utilities: 'water@vodokanal.example',
  });
  Object.assign(users, members.users);
  Object.assign(bearer, members.bearer);
});
afterAll(async () => {
  await portal.close();
});

/** A statement of the demo company taken into work by examiner 1. */
async function underReview(): Promise<number> {
  const { id } = await submitStatement(ctx, users.owner, {
    objectName: 'Жилой дом у памятника',
    address: 'г. Пример, ул. Старая, 2',
    prefileIds: [await storedPrefile(portal, users.owner, 'Альбом.pdf')],
  });
  await takeIntoWork(ctx, users.examiner1, id);
  return id;
}

const ask = (id: number, bodyIds: number[], who: Who = 'examiner1', extra: object = {}) =>
  call(who, 'POST', `/api/instance/statements/${id}/conclusions`, { bodyIds, question: 'Согласуете?', ...extra });
const answer = (conclusionId: number, who: Who, payload: object) =>
  call(who, 'POST', `/api/instance/conclusions/${conclusionId}/answer`, { prefileIds: [], ...payload });
const examinerDetail = async (id: number) =>
  (await call('examiner1', 'GET', `/api/instance/statements/${id}`)).json() as Statement;
const approve = async (id: number, extra: object = {}, who: Who = 'examiner1') => {
  const prefileIds = [await certificatePrefile(portal, users[who], id)];
  return call(who, 'POST', `/api/instance/${id}/stages`, { status: 'approved', prefileIds, ...extra });
};

describe('the catalogue', () => {
  it('is the head’s: other examiners and company users are refused, a name is unique, members are listed', async () => {
    expect((await call('examiner1', 'GET', '/api/admin/review-bodies')).statusCode).toBe(403);
    expect((await call('owner', 'GET', '/api/admin/review-bodies')).statusCode).toBe(403);
    const again = await call('head', 'POST', '/api/admin/review-bodies', {
      name: 'Водоканал',
      kind: 'external',
      termDays: 3,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: CONCLUSION_TEXTS.bodyNameTaken, field: 'name' });
    const list = (await call('head', 'GET', '/api/admin/review-bodies')).json() as ReviewBody[];
    expect(list.find((row) => row.id === body.transport.id)?.members.map((m) => m.email)).toEqual([
      'transport@dept.example',
    ]);
    // A new outside body's member is a reviewer of that body; a department's is an examiner of the committee.
    expect(users.transport.role).toBe('reviewer');
    expect(users.heritage.role).toBe('examiner');
    // The sidebar's 'Запросы на заключение' is for members only.
    const me = async (who: Who) => (await call(who, 'GET', '/api/users/me')).json() as { reviewBodyMember?: boolean };
    expect((await me('transport')).reviewBodyMember).toBe(true);
    expect((await me('heritage')).reviewBodyMember).toBe(true);
    expect((await me('examiner1')).reviewBodyMember).toBe(false);
    expect((await me('owner')).reviewBodyMember).toBeUndefined();
    const taken = await call('head', 'POST', `/api/admin/review-bodies/${body.transport.id}/members`, {
      email: demoUsers.owner.email,
      fio: 'Владелец',
    });
    expect(taken.statusCode).toBe(409);
    // An outside body's staff read its name as their organisation, renamed with it.
    const meInstance = async () =>
      ((await call('transport', 'GET', '/api/users/me')).json() as { instance: { name: string } | null }).instance;
    expect(await meInstance()).toMatchObject({ name: 'Департамент транспорта' });
    const renamed = await call('head', 'PATCH', `/api/admin/review-bodies/${body.transport.id}`, {
      name: 'Департамент транспорта и дорог',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await meInstance()).toMatchObject({ name: 'Департамент транспорта и дорог' });
    await call('head', 'PATCH', `/api/admin/review-bodies/${body.transport.id}`, { name: 'Департамент транспорта' });
    expect(await meInstance()).toMatchObject({ name: 'Департамент транспорта' });
    // The active ones come by name (the demo's own bodies among them).
    const active = (await call('examiner2', 'GET', '/api/instance/review-bodies')).json() as { name: string }[];
    const ours = new Set([body.heritage.name, body.transport.name, body.utilities.name]);
    expect(active.filter((row) => ours.has(row.name)).map((row) => row.name)).toEqual([
      'Водоканал',
      'Департамент транспорта',
      'Отдел охраны культурного наследия',
    ]);
  });
});

describe('requests and answers', () => {
  it('asks three bodies at once with their terms, refuses a second open request, and waits for all before deciding', async () => {
    const id = await underReview();
    expect((await ask(id, [body.heritage.id], 'examiner2')).statusCode).toBe(403);
    expect((await ask(id, [], 'examiner1')).statusCode).toBe(400);
    const asked = await ask(id, [body.heritage.id, body.transport.id, body.utilities.id], 'examiner1', {
      dueDays: null,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requests = asked.json() as Conclusion[];
    expect(requests.map((row) => [row.body.name, row.status])).toEqual([
      ['Водоканал', 'requested'],
      ['Департамент транспорта', 'requested'],
      ['Отдел охраны культурного наследия', 'requested'],
    ]);
    // Each term is the body's own, in working days on the production calendar: a longer term ends no earlier.
    const due = Object.fromEntries(requests.map((row) => [row.body.id, row.dueDate]));
    expect(String(due[body.transport.id]) > String(due[body.utilities.id])).toBe(true);
    expect(String(due[body.utilities.id]) > String(due[body.heritage.id])).toBe(true);
    expect((await ask(id, [body.transport.id])).statusCode).toBe(409);

    // The decision waits, naming the silent bodies; a rework does not.
    const refused = await approve(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      awaitedConclusionsText(['Водоканал', 'Департамент транспорта', 'Отдел охраны культурного наследия']),
    );

    const of = (bodyId: number) => requests.find((row) => row.body.id === bodyId) as Conclusion;
    const [heritage, transport, utilities] = [of(body.heritage.id), of(body.transport.id), of(body.utilities.id)];
    // Only the body's members answer: another body's member 403, a company user 404, an examiner outside it 403.
    expect((await answer(transport.id, 'utilities', { verdict: 'agreed' })).statusCode).toBe(403);
    expect((await answer(transport.id, 'owner', { verdict: 'agreed' })).statusCode).toBe(404);
    expect((await answer(transport.id, 'examiner2', { verdict: 'agreed' })).statusCode).toBe(403);
    // The text is required unless agreed.
    const bare = await answer(transport.id, 'transport', { verdict: 'not_agreed' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ field: 'text', message: CONCLUSION_TEXTS.textRequired });

    // Two answers at once: exactly one is kept.
    const race = await Promise.all([
      answer(heritage.id, 'heritage', { verdict: 'agreed' }),
      answer(heritage.id, 'heritage', { verdict: 'agreed_with_remarks', text: 'Сохранить ограду' }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await answer(heritage.id, 'heritage', { verdict: 'agreed' })).json().message).toBe(
      CONCLUSION_TEXTS.alreadyAnswered,
    );

    const letter = await storedPrefile(portal, users.transport, 'Заключение_транспорт.pdf');
    const given = await answer(transport.id, 'transport', {
      verdict: 'not_agreed',
      text: 'Нет разворотной площадки',
      prefileIds: [letter],
    });
    expect(given.statusCode, given.body).toBe(200);
    expect((given.json() as Conclusion).files.map((f) => f.fileName)).toEqual(['Заключение_транспорт.pdf']);

    // The examiner is told.
    const told = (await call('examiner1', 'GET', '/api/notifications')).json() as { message: string }[];
    expect(told.some((n) => n.message.includes('Департамент транспорта — Не согласовано'))).toBe(true);

    // Still one silent body: the examiner is refused; a head deciding needs the reason, and it is kept in the history.
    expect((await approve(id)).json().message).toBe(awaitedConclusionsText(['Водоканал']));
    await answer(utilities.id, 'utilities', { verdict: 'agreed' });
    // Over a 'Не согласовано', an approval needs the examiner's reason.
    const unreasoned = await approve(id);
    expect(unreasoned.statusCode).toBe(400);
    expect(unreasoned.json()).toMatchObject({ field: 'disagreementReason' });
    const approved = await approve(id, { disagreementReason: 'Площадка предусмотрена в соседнем квартале' });
    expect(approved.statusCode, approved.body).toBe(201);
    const detail = await examinerDetail(id);
    expect(detail.status).toBe('approved');
    expect(detail.history.at(-1)?.conclusionsNote).toEqual({
      kind: 'disagreement',
      text: 'Площадка предусмотрена в соседнем квартале',
    });
    // The heritage department's verdict is whichever of its two racing answers won.
    expect(detail.conclusions.map((row) => row.verdict)).toEqual([
      'agreed',
      'not_agreed',
      expect.stringMatching(/^agreed(_with_remarks)?$/),
    ]);
    expect(detail.conclusions.map((row) => row.body.name)).toEqual([
      'Водоканал',
      'Департамент транспорта',
      'Отдел охраны культурного наследия',
    ]);
    // The company never sees the conclusions nor the note.
    const company = (await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement;
    expect(company.conclusions).toEqual([]);
    expect(company.history.some((entry) => entry.conclusionsNote)).toBe(false);
  });

  it('lets a head decide with a written reason while a body is silent', async () => {
    const id = await underReview();
    await ask(id, [body.utilities.id]);
    // The head decides as the statement's examiner: handed over by the head's own reassignment.
    const handed = await call('head', 'POST', `/api/instance/statements/${id}/assign`, {
      examinerId: users.head.id,
      comment: 'Решу сам',
    });
    expect(handed.statusCode, handed.body).toBeLessThan(300);
    expect((await approve(id, {}, 'head')).statusCode).toBe(409);
    const decided = await approve(id, { overrideReason: 'Срок согласования истекает' }, 'head');
    expect(decided.statusCode, decided.body).toBe(201);
    const detail = await examinerDetail(id);
    expect(detail.history.at(-1)?.conclusionsNote).toEqual({ kind: 'override', text: 'Срок согласования истекает' });
    // The silent body's request is closed with the review, and its member is told: nothing is left to answer.
    const closed = detail.conclusions.find((row) => row.body.id === body.utilities.id);
    expect(closed).toMatchObject({
      status: 'withdrawn',
      withdrawnReason: CONCLUSION_TEXTS.closedWithReview.approved,
      overdue: false,
    });
    const late = await answer(closed?.id ?? 0, 'utilities', { verdict: 'agreed' });
    expect(late.json().message).toBe(CONCLUSION_TEXTS.withdrawn);
    const told = (await call('utilities', 'GET', '/api/notifications')).json() as { message: string }[];
    expect(told.map((n) => n.message)).toContain(`Запрос на заключение по заявлению № ${detail.visibleId} закрыт`);
  });

  it('closes the requests still awaited when the applicant withdraws the statement; answered ones stay', async () => {
    const id = await underReview();
    const asked = (await ask(id, [body.heritage.id, body.transport.id])).json() as Conclusion[];
    const heritage = asked.find((row) => row.body.id === body.heritage.id);
    await answer(heritage?.id ?? 0, 'heritage', { verdict: 'agreed' });
    await withdrawStatement(ctx, users.owner, id, { reason: null });
    const after = (await examinerDetail(id)).conclusions;
    const states = after.map((row) => [row.body.name, row.status, row.withdrawnReason]);
    expect(states.sort()).toEqual([
      ['Департамент транспорта', 'withdrawn', CONCLUSION_TEXTS.closedWithReview.withdrawn],
      ['Отдел охраны культурного наследия', 'answered', null],
    ]);
    const open = (await call('transport', 'GET', '/api/instance/conclusions')).json() as ConclusionRequests;
    expect(
      open.items.filter((item) => item.conclusion.statementId === id && item.conclusion.status === 'requested'),
    ).toEqual([]);
  });

  it('asks again on a new version only the bodies that did not agree; a withdrawal needs its reason', async () => {
    const id = await underReview();
    const asked = (await ask(id, [body.heritage.id, body.transport.id])).json() as Conclusion[];
    const heritage = asked.find((row) => row.body.id === body.heritage.id);
    const transport = asked.find((row) => row.body.id === body.transport.id);
    await answer(heritage?.id ?? 0, 'heritage', { verdict: 'agreed' });
    await answer(transport?.id ?? 0, 'transport', { verdict: 'agreed_with_remarks', text: 'Уточнить съезд' });
    await replyToStatement(ctx, users.examiner1, id, {
      status: 'has_comments',
      comment: 'Доработайте',
      prefileIds: [],
    });
    await submitNewVersion(ctx, users.owner, id, {
      status: 'under_review',
      prefileIds: [await storedPrefile(portal, users.owner, 'Альбом_2.pdf')],
    });
    const after = (await examinerDetail(id)).conclusions;
    expect(after.filter((row) => row.status === 'requested').map((row) => row.body.name)).toEqual([
      'Департамент транспорта',
    ]);
    const reasked = after.find((row) => row.status === 'requested');
    expect(reasked?.round).toBe(3);
    const bare = await call('examiner1', 'POST', `/api/instance/conclusions/${reasked?.id}/withdraw`, { reason: ' ' });
    expect(bare.statusCode).toBe(400);
    const withdrawn = await call('examiner1', 'POST', `/api/instance/conclusions/${reasked?.id}/withdraw`, {
      reason: 'Вопрос снят',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await answer(reasked?.id ?? 0, 'transport', { verdict: 'agreed' })).json().message).toBe(
      CONCLUSION_TEXTS.withdrawn,
    );
    expect((await approve(id)).statusCode).toBe(201);
  });
});

describe('terms', () => {
  it('marks a request overdue after its working days and counts it per body for ops', async () => {
    const id = await underReview();
    const [asked] = (await ask(id, [body.utilities.id], 'examiner1', { dueDays: 2 })).json() as Conclusion[];
    expect(asked?.overdue).toBe(false);
    const overdue = async () => {
      const scraped = await portal.app.metrics.registry.metrics();
      const line = scraped.split('\n').find((row) => row.startsWith('portal_conclusions_overdue{body="Водоканал"}'));
      return Number(line?.split(' ').at(-1));
    };
    const before = await overdue();
    // Two working days later the term has run out: past the due date, whatever the weekends in between.
    portal.clock.advance(10 * 24 * 60 * 60 * 1000);
    try {
      const later = (await examinerDetail(id)).conclusions.find((row) => row.id === asked?.id);
      expect(later?.overdue).toBe(true);
      expect(later?.dueDate).toBe(asked?.dueDate);
      expect(await overdue()).toBe(before + 1);
      const requests = (await call('utilities', 'GET', '/api/instance/conclusions')).json() as ConclusionRequests;
      expect(requests.overdue).toBeGreaterThanOrEqual(1);
      await answer(asked?.id ?? 0, 'utilities', { verdict: 'agreed' });
      expect(await overdue()).toBe(before);
    } finally {
      portal.clock.advance(-10 * 24 * 60 * 60 * 1000);
    }
  });
});

describe('overdue reminders', () => {
  it('tell the examiner and the body’s members once, by notification and mail, when a request passes its term', async () => {
    const id = await underReview();
    const [asked] = (await ask(id, [body.transport.id], 'examiner1', { dueDays: 1 })).json() as Conclusion[];
    const visibleId = (await examinerDetail(id)).visibleId;
    const told = `Просрочено заключение по заявлению № ${visibleId}: Департамент транспорта`;
    const messages = async (who: Who) =>
      ((await call(who, 'GET', '/api/notifications')).json() as { message: string }[]).map((n) => n.message);
    // Within its term nobody is told.
    await remindOverdueConclusions(ctx);
    expect(await messages('examiner1')).not.toContain(told);
    portal.clock.advance(10 * 24 * 60 * 60 * 1000);
    try {
      // Two processes at once: each request is told of once.
      await Promise.all([remindOverdueConclusions(ctx), remindOverdueConclusions(ctx)]);
      await remindOverdueConclusions(ctx);
      expect((await messages('examiner1')).filter((message) => message === told)).toHaveLength(1);
      expect((await messages('transport')).filter((message) => message === told)).toHaveLength(1);
      expect(await messages('examiner2')).not.toContain(told);
      await expect
        .poll(() =>
          portal.mailbox
            .messagesTo(demoUsers.examiner1.email)
            .filter((mail) => mail.text.includes(told) && mail.text.includes(CONCLUSION_TEXTS.overdueHint)),
        )
        .toHaveLength(1);
      await expect
        .poll(() => portal.mailbox.messagesTo('transport@dept.example').filter((mail) => mail.text.includes(told)))
        .toHaveLength(1);
      // Answered, so no request of this test stays open for the others.
      await answer(asked?.id ?? 0, 'transport', { verdict: 'agreed' });
    } finally {
      portal.clock.advance(-10 * 24 * 60 * 60 * 1000);
    }
  });
});

describe("the head's workload", () => {
  it('counts each active body’s waiting requests, those overdue, and its answers this month', async () => {
    const rowOf = async () => {
      const team = (await call('head', 'GET', '/api/instance/team')).json() as TeamWorkload;
      return team.bodies.find((row) => row.bodyId === body.utilities.id);
    };
    const before = await rowOf();
    expect(before).toMatchObject({ name: 'Водоканал', kind: 'external' });
    const id = await underReview();
    const [asked] = (await ask(id, [body.utilities.id], 'examiner1', { dueDays: 1 })).json() as Conclusion[];
    expect(await rowOf()).toMatchObject({ waiting: (before?.waiting ?? 0) + 1, overdue: before?.overdue });
    portal.clock.advance(10 * 24 * 60 * 60 * 1000);
    try {
      // Past its one working day: overdue now (older silent requests of the body may have passed theirs too).
      const late = await rowOf();
      expect(late?.overdue).toBeGreaterThanOrEqual((before?.overdue ?? 0) + 1);
      const answeredBefore = late?.answeredThisMonth ?? 0;
      await answer(asked?.id ?? 0, 'utilities', { verdict: 'agreed' });
      expect(await rowOf()).toMatchObject({
        waiting: (late?.waiting ?? 0) - 1,
        overdue: (late?.overdue ?? 0) - 1,
        answeredThisMonth: answeredBefore + 1,
      });
    } finally {
      portal.clock.advance(-10 * 24 * 60 * 60 * 1000);
    }
  });
});

describe('the refusal letter', () => {
  it('lists the conclusions received with their verdicts and dates', async () => {
    const id = await underReview();
    const [asked] = (await ask(id, [body.transport.id])).json() as Conclusion[];
    await answer(asked?.id ?? 0, 'transport', { verdict: 'not_agreed', text: 'Нет разворотной площадки' });
    const refused = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'rejected',
      prefileIds: [],
      ...(await groundsFor(ctx, 'rejected')),
    });
    expect(refused.statusCode, refused.body).toBe(201);
    const letter = (await examinerDetail(id)).stages.at(-1)?.files[0];
    const bytes = (await call('owner', 'GET', `/api/files?path=${encodeURIComponent(letter?.url ?? '')}`)).rawPayload;
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain('Заключения согласующих подразделений и органов:');
    expect(text).toMatch(/Департамент транспорта — Не согласовано, \d\d\.\d\d\.\d{4}/);
    // Never the conclusion's text: the company reads the examiner's own explanation.
    expect(text).not.toContain('разворотной');
  });
});

describe('remarks a body proposes', () => {
  it('are the committee’s until the examiner includes or drops them; the company sees only what the rework sent', async () => {
    const id = await underReview();
    const asked = (await ask(id, [body.transport.id, body.heritage.id])).json() as Conclusion[];
    const request = asked.find((row) => row.body.id === body.transport.id)?.id ?? 0;
    const propose = (who: Who, text: string, on = request) =>
      call(who, 'POST', `/api/instance/conclusions/${on}/remarks`, { text, severity: 'required', pin: null });
    // Only the request's body: another body's member and a committee examiner 403, a company user 404.
    expect((await propose('utilities', 'Чужое')).statusCode).toBe(403);
    expect((await propose('examiner2', 'Не член органа')).statusCode).toBe(403);
    expect((await propose('owner', 'Компания')).statusCode).toBe(404);
    expect((await propose('transport', ' ')).statusCode).toBe(400);
    const made: Remark[] = [];
    for (const text of ['Съезд с ул. Старой не согласован', 'Уточните число парковочных мест', 'Нет схемы движения']) {
      const response = await propose('transport', text);
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json() as Remark);
    }
    const [kept, dropped, left] = made as [Remark, Remark, Remark];
    expect(kept).toMatchObject({
      status: 'proposed',
      number: null,
      author: 'Транспортов Иван Ильич',
      proposedBy: { conclusionId: request, body: 'Департамент транспорта' },
    });
    // The body's members read them on their request; the committee on the statement; the company never.
    const members = (await call('transport', 'GET', `/api/instance/conclusions/${request}/remarks`)).json() as Remark[];
    expect(members.map((remark) => remark.id)).toEqual(made.map((remark) => remark.id));
    expect((await call('utilities', 'GET', `/api/instance/conclusions/${request}/remarks`)).statusCode).toBe(403);
    const examiner = (await call('examiner1', 'GET', `/api/instance/statements/${id}/remarks`)).json() as Remark[];
    expect(examiner.filter((remark) => remark.status === 'proposed')).toHaveLength(3);
    expect((await examinerDetail(id)).remarks.filter((remark) => remark.status === 'proposed')).toHaveLength(3);
    const company = (await call('owner', 'GET', `/api/statements/${id}/remarks`)).json() as Remark[];
    expect(company).toEqual([]);
    // The examiner includes one (theirs now, the body kept) and drops another; the member takes neither back after.
    expect((await call('examiner2', 'POST', `/api/instance/remarks/${kept.id}/adoption`)).statusCode).toBe(403);
    const adopted = await call('examiner1', 'POST', `/api/instance/remarks/${kept.id}/adoption`);
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(adopted.json()).toMatchObject({
      status: 'draft',
      author: users.examiner1.fio,
      proposedBy: { body: 'Департамент транспорта' },
    });
    expect((await call('examiner1', 'POST', `/api/instance/remarks/${kept.id}/adoption`)).statusCode).toBe(409);
    expect((await call('examiner1', 'DELETE', `/api/instance/remarks/${dropped.id}`)).statusCode).toBe(204);
    const takeBack = await call('transport', 'DELETE', `/api/instance/conclusions/${request}/remarks/${kept.id}`);
    expect(takeBack.statusCode).toBe(409);
    // The rework publishes the included one, numbered, without which body proposed it for the company.
    await replyToStatement(ctx, users.examiner1, id, {
      status: 'has_comments',
      comment: 'Доработайте',
      prefileIds: [],
    });
    const published = (await call('owner', 'GET', `/api/statements/${id}/remarks`)).json() as Remark[];
    expect(published.map((remark) => [remark.number, remark.text, remark.status])).toEqual([
      [1, 'Съезд с ул. Старой не согласован', 'open'],
    ]);
    expect(published[0]).not.toHaveProperty('proposedBy');
    const committee = (await examinerDetail(id)).remarks;
    expect(committee.find((remark) => remark.id === left.id)?.status).toBe('proposed');
    // Once the body answered, it proposes no more.
    await answer(request, 'transport', { verdict: 'agreed' });
    expect((await propose('transport', 'После ответа')).statusCode).toBe(409);
  });
});

describe('what an outside body’s member sees', () => {
  it('lists only their body’s requests with the round’s documents, reads those files, and nothing else', async () => {
    const id = await underReview();
    const other = await underReview();
    await ask(id, [body.transport.id]);
    const list = (await call('transport', 'GET', '/api/instance/conclusions')).json() as ConclusionRequests;
    const mine = list.items.filter((item) => item.statement.id === id);
    expect(mine).toHaveLength(1);
    expect(list.items.some((item) => item.statement.id === other)).toBe(false);
    expect(list.open).toBeGreaterThanOrEqual(1);
    const document = mine[0]?.statement.documents[0];
    expect(document?.fileName).toBe('Альбом.pdf');
    const read = await call('transport', 'GET', `/api/files?path=${encodeURIComponent(document?.url ?? '')}`);
    expect(read.statusCode).toBe(200);
    // The other statement's files, its detail, the lists and company data: all closed.
    const otherFile = (await examinerDetail(other)).stages[0]?.files[0]?.url ?? '';
    expect((await call('transport', 'GET', `/api/files?path=${encodeURIComponent(otherFile)}`)).statusCode).toBe(404);
    expect((await call('transport', 'GET', `/api/instance/statements/${id}`)).statusCode).toBe(403);
    expect((await call('transport', 'GET', '/api/instance/all/statements')).statusCode).toBe(403);
    expect((await call('transport', 'GET', `/api/statements/${id}`)).statusCode).toBe(403);
    // Company users have no requests page.
    expect((await call('owner', 'GET', '/api/instance/conclusions')).statusCode).toBe(403);
  });
});
