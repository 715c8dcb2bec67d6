import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_HISTORY_LABEL, APPEAL_TEXTS } from '#domain/appeals.ts';
import type { Appeal, AppealFiled, AppealsRegister, Statement, StatementCounters } from '#domain/contract.ts';
import { refusalGrounds } from '../../server/src/catalogs/catalogs.service.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { decideCorrection, requestCorrection } from '../../server/src/corrections/corrections.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { refuseAcceptance, takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { demoUsers } from '../../tools/demo.ts';
import {
  certificatePrefile,
  groundsFor,
  pdfText,
  signedIn,
  startTestPortal,
  storedPrefile,
  type TestPortal,
  userByEmail,
} from './helpers.ts';

// Pre-trial appeals (docs/product.md «Appeals»): who may file what and when, the answer's term on the production
// calendar, the head's decision and what it changes, the answer letter, who is told.

let portal: TestPortal;
let ctx: ServiceContext;
type Who = 'owner' | 'employee' | 'examiner1' | 'examiner2' | 'head' | 'ownerB';
const users = {} as Record<Who, UserRow>;
const bearer = {} as Record<Who, string>;
const B_OWNER = 'owner@appeals-b.example';
const dir = mkdtempSync(join(tmpdir(), 'appeals-test-'));

beforeAll(async () => {
  // This file files far more appeals for one company in a day than its limit allows (petition-flood.test.ts tests it).
  portal = await startTestPortal({
    PUBLIC_ORIGIN: 'https://agr.example.ru',
    METRICS_PORT: '9464',
    PETITIONS_PER_COMPANY_PER_DAY: '1000',
  });
  ctx = portal.ctx;
  await createCompanyWithOwner(ctx, { email: B_OWNER, legalEntity: 'ООО «Б»' });
  const people = await signedIn(portal, {
    owner: demoUsers.owner.email,
    employee: demoUsers.employee.email,
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
    head: demoUsers.head.email,
    ownerB: B_OWNER,
  } satisfies Record<Who, string>);
  Object.assign(users, people.users);
  Object.assign(bearer, people.bearer);
});
afterAll(async () => {
  await portal.close();
  rmSync(dir, { recursive: true, force: true });
});

function call(who: Who | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return portal.app.inject({
    method,
    url,
    headers: who ? { authorization: bearer[who] } : {},
    ...(payload ? { payload } : {}),
  });
}

const file = (id: number, body: object, who: Who = 'owner') =>
  call(who, 'POST', `/api/statements/${id}/appeals`, { prefileIds: [], ...body });
const decide = (appealId: number, body: object, who: Who = 'head') =>
  call(who, 'POST', `/api/instance/appeals/${appealId}/decision`, body);
const companyDetail = async (id: number, who: Who = 'owner') =>
  (await call(who, 'GET', `/api/statements/${id}`)).json() as Statement;
const examinerDetail = async (id: number, who: Who = 'examiner1') =>
  (await call(who, 'GET', `/api/instance/statements/${id}`)).json() as Statement;

/** A statement taken into work by examiner 1. */
async function underReview(): Promise<number> {
  const { id } = await submitStatement(ctx, users.owner, {
    objectName: 'Торговый центр',
    address: 'г. Пример, ул. Заводская, 4',
    prefileIds: [await storedPrefile(portal, users.owner, 'Альбом.pdf')],
  });
  await takeIntoWork(ctx, users.examiner1, id);
  return id;
}

/** A statement examiner 1 refused to approve. */
async function rejected(): Promise<number> {
  const id = await underReview();
  await replyToStatement(ctx, users.examiner1, id, {
    status: 'rejected',
    comment: 'Нет фасадов',
    prefileIds: [],
    ...(await groundsFor(ctx, 'rejected')),
  });
  return id;
}

/** A statement examiner 1 refused to accept. */
async function notAccepted(): Promise<number> {
  const { id } = await submitStatement(ctx, users.owner, {
    objectName: 'Склад',
    prefileIds: [await storedPrefile(portal, users.owner, 'Альбом.pdf')],
  });
  const [ground] = await refusalGrounds(ctx, 'intake');
  if (!ground) throw new Error('no intake ground');
  await refuseAcceptance(ctx, users.examiner1, id, { groundIds: [ground.id], comment: null });
  return id;
}

/** An approved statement whose correction examiner 1 declined: the statement's id and the correction's. */
async function correctionDeclined(): Promise<{ id: number; correctionId: number }> {
  const id = await underReview();
  await replyToStatement(ctx, users.examiner1, id, {
    status: 'approved',
    comment: null,
    prefileIds: [await certificatePrefile(portal, users.examiner1, id)],
  });
  await requestCorrection(ctx, users.owner, id, { text: 'Опечатка в адресе' });
  const correctionId = (await companyDetail(id)).corrections[0]?.id ?? 0;
  await decideCorrection(ctx, users.examiner1, correctionId, { accept: false, note: 'Опечатки нет', prefileIds: [] });
  return { id, correctionId };
}

async function download(who: Who, key: string): Promise<Buffer> {
  const response = await call(who, 'GET', `/api/files?path=${encodeURIComponent(key)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

describe('filing an appeal', () => {
  it('files one against a refusal with a file, answers its 15-working-day due date, and tells every head', async () => {
    const id = await rejected();
    const before = await companyDetail(id, 'employee');
    expect(before.appealSubjects).toEqual(['decision_refusal', 'other']);
    expect((await examinerDetail(id)).appealSubjects).toEqual([]);
    const prefile = await storedPrefile(portal, users.employee, 'Обоснование.pdf');
    const response = await file(
      id,
      { subject: 'decision_refusal', text: 'Фасады были в альбоме', prefileIds: [prefile] },
      'employee',
    );
    expect(response.statusCode, response.body).toBe(201);
    const filed = response.json() as AppealFiled;
    expect(filed.status).toBe('filed');
    expect(filed.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const seen of [await companyDetail(id), await examinerDetail(id, 'head')]) {
      expect(seen.appeals).toEqual([
        expect.objectContaining({
          id: filed.id,
          subject: 'decision_refusal',
          text: 'Фасады были в альбоме',
          filedBy: demoUsers.employee.fio,
          dueDate: filed.dueDate,
          overdue: false,
          status: 'filed',
          decision: null,
          files: [expect.objectContaining({ fileName: 'Обоснование.pdf' })],
        }),
      ]);
      // The appeal's file shows with the appeal, not in the statement's rounds.
      expect(seen.stages.flatMap((stage) => stage.files.map((f) => f.fileName))).not.toContain('Обоснование.pdf');
    }
    // The subject with an open appeal is no longer offered; 'Иное' still is.
    expect((await companyDetail(id)).appealSubjects).toEqual(['other']);
    const key = (await companyDetail(id)).appeals[0]?.files[0]?.url ?? '';
    expect((await download('head', key)).toString()).toContain('Обоснование.pdf');
    const messages = async (who: Who) =>
      ((await call(who, 'GET', '/api/notifications')).json() as { message: string }[]).map((n) => n.message);
    const told = `Жалоба по заявлению № ${before.visibleId} «Торговый центр»: Отказ в согласовании`;
    expect(await messages('head')).toContain(told);
    expect(await messages('examiner1')).not.toContain(told);
    await expect
      .poll(() =>
        portal.mailbox
          .messagesTo(demoUsers.head.email)
          .some((mail) => /Жалоба по заявлению/.test(mail.subject) && mail.text.includes('Фасады были в альбоме')),
      )
      .toBe(true);
  });

  it('refuses a second open appeal on the same subject with 409, another company with 404, an examiner with 403', async () => {
    const id = await rejected();
    expect((await file(id, { subject: 'decision_refusal', text: 'Первая' })).statusCode).toBe(201);
    const second = await file(id, { subject: 'decision_refusal', text: 'Вторая' }, 'employee');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(APPEAL_TEXTS.alreadyOpen);
    expect((await file(id, { subject: 'decision_refusal', text: 'Чужая' }, 'ownerB')).statusCode).toBe(404);
    expect((await file(id, { subject: 'decision_refusal', text: 'Эксперт' }, 'examiner1')).statusCode).toBe(403);
    expect(
      (
        await call(null, 'POST', `/api/statements/${id}/appeals`, {
          subject: 'other',
          text: 'Без входа',
          prefileIds: [],
        })
      ).statusCode,
    ).toBe(401);
    // 'Иное' is another subject: allowed while the refusal stands.
    expect((await file(id, { subject: 'other', text: 'И ещё' })).statusCode).toBe(201);
    expect((await companyDetail(id)).appeals).toHaveLength(2);
  });

  it('refuses a subject the statement gives no ground for, naming `subject`, and a blank or long text naming `text`', async () => {
    const reviewing = await underReview();
    expect((await companyDetail(reviewing)).appealSubjects).toEqual([]);
    for (const subject of ['decision_refusal', 'acceptance_refusal', 'missed_term', 'correction_refusal', 'other']) {
      const response = await file(reviewing, { subject, text: 'Жалоба' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'subject', message: APPEAL_TEXTS.subjectNotAllowed });
    }
    const refused = await rejected();
    const wrong = await file(refused, { subject: 'acceptance_refusal', text: 'Жалоба' });
    expect(wrong.json()).toMatchObject({ field: 'subject' });
    const blank = await file(refused, { subject: 'decision_refusal', text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ field: 'text', message: APPEAL_TEXTS.textRequired });
    const long = await file(refused, { subject: 'decision_refusal', text: 'я'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    const someoneElses = await storedPrefile(portal, users.ownerB, 'Чужой.pdf');
    const foreign = await file(refused, { subject: 'decision_refusal', text: 'Жалоба', prefileIds: [someoneElses] });
    expect(foreign.statusCode).toBe(400);
    // Nothing of the refused ones was stored.
    expect((await companyDetail(refused)).appeals).toEqual([]);
  });

  it('allows each subject exactly on its ground: a refusal to accept, a declined correction, a missed term', async () => {
    const intake = await notAccepted();
    expect((await companyDetail(intake)).appealSubjects).toEqual(['acceptance_refusal', 'other']);
    const { id: corrected } = await correctionDeclined();
    expect((await companyDetail(corrected)).appealSubjects).toEqual(['correction_refusal', 'other']);
    // A review term overdue now: taken into work, then 30 days pass.
    const late = await underReview();
    portal.clock.advance(30 * 24 * 3600 * 1000);
    try {
      expect((await companyDetail(late)).appealSubjects).toEqual(['missed_term', 'other']);
      // Decided after its term: the history's outcome keeps the missed term appealable.
      await replyToStatement(ctx, users.examiner1, late, {
        status: 'rejected',
        comment: null,
        prefileIds: [],
        ...(await groundsFor(ctx, 'rejected')),
      });
    } finally {
      portal.clock.now = Date.now();
    }
    expect((await companyDetail(late)).appealSubjects).toEqual(['decision_refusal', 'missed_term', 'other']);
  });
});

describe('the live portal', () => {
  it('counts filing and deciding as changes of the statement, so both details, the register and its counter follow', async () => {
    const id = await rejected();
    const changes = async () =>
      (
        await portal.db
          .selectFrom('changes')
          .select('seq')
          .where('kind', '=', 'statement')
          .where('statement_id', '=', id)
          .execute()
      ).length;
    const before = await changes();
    const { id: appealId } = (await file(id, { subject: 'other', text: 'Жалоба' })).json() as AppealFiled;
    const filed = await changes();
    expect(filed).toBeGreaterThan(before);
    expect((await decide(appealId, { upheld: false, text: 'Нет оснований' })).statusCode).toBe(200);
    expect(await changes()).toBeGreaterThan(filed);
  });
});

describe('the answer term on the production calendar', () => {
  it('runs past the New Year holidays for an appeal filed on 30.12.2026: 15 working days, 5 against a refusal to accept', async () => {
    const refused = await rejected();
    const intake = await notAccepted();
    // 30.12.2026 is a Wednesday; 31.12.2026 and 1–8.01.2027 are not worked, nor the weekends 2–3 and 9–10.01.2027.
    // The first working day after the filing is Monday 11.01.2027: 15 working days end on Friday 29.01.2027
    // (11–15, 18–22, 25–29 January), 5 on Friday 15.01.2027.
    portal.clock.now = Date.parse('2026-12-30T09:00:00Z');
    try {
      const fifteen = (await file(refused, { subject: 'decision_refusal', text: 'Жалоба' })).json() as AppealFiled;
      expect(fifteen.dueDate).toBe('2027-01-29');
      const five = (await file(intake, { subject: 'acceptance_refusal', text: 'Жалоба' })).json() as AppealFiled;
      expect(five.dueDate).toBe('2027-01-15');
      // The day after 15.01.2027 the short one is overdue, the long one not.
      portal.clock.now = Date.parse('2027-01-18T09:00:00Z');
      const appeals = ((await call('head', 'GET', '/api/instance/appeals')).json() as AppealsRegister).items;
      expect(appeals.find((item) => item.id === five.id)?.overdue).toBe(true);
      expect(appeals.find((item) => item.id === fifteen.id)?.overdue).toBe(false);
      const scraped = await portal.app.metrics.registry.metrics();
      expect(scraped.split('\n').find((line) => line.startsWith('portal_appeals_overdue '))).toMatch(/ [1-9]\d*$/);
    } finally {
      portal.clock.now = Date.now();
    }
  });
});

describe("the head's decision", () => {
  it('upholds an appeal against a refusal: back to under_review with examiner 2 and a new term, the letter for both sides', async () => {
    const id = await rejected();
    const { id: appealId } = (
      await file(id, { subject: 'decision_refusal', text: 'Фасады были' })
    ).json() as AppealFiled;
    expect((await decide(appealId, { upheld: true, text: 'Ок' }, 'examiner1')).statusCode).toBe(403);
    expect((await decide(appealId, { upheld: true, text: 'Ок' }, 'owner')).statusCode).toBe(403);
    const blank = await decide(appealId, { upheld: true, text: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ field: 'text', message: APPEAL_TEXTS.answerRequired });
    const response = await decide(appealId, {
      upheld: true,
      text: 'Раздел с фасадами в альбоме есть',
      examinerId: users.examiner2.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const appeal = response.json() as Appeal;
    expect(appeal).toMatchObject({ status: 'upheld', overdue: false });
    expect(appeal.decision).toMatchObject({
      upheld: true,
      text: 'Раздел с фасадами в альбоме есть',
      decidedBy: demoUsers.head.fio,
      letter: { fileName: expect.stringMatching(/^Ответ_на_жалобу_\d+-\d+\.pdf$/) },
    });
    const statement = await companyDetail(id);
    expect(statement.status).toBe('under_review');
    expect(statement.examinerId).toBe(users.examiner2.id);
    expect(statement.reviewDeadline?.workingDaysLeft).toBeGreaterThan(0);
    expect(statement.refusalGrounds).toEqual([]);
    expect(statement.history.at(-1)).toMatchObject({
      status: 'under_review',
      actor: demoUsers.head.fio,
      byCommittee: true,
      appeal: { appealId, examiner: demoUsers.examiner2.fio },
    });
    expect(statement.history.at(-1)).not.toHaveProperty('assignment');
    expect(APPEAL_HISTORY_LABEL).toBe('Решение отменено по жалобе');
    // The same bytes for both sides, every time; the letter reads back.
    const key = appeal.decision?.letter.url ?? '';
    const forCompany = await download('owner', key);
    expect((await download('head', key)).equals(forCompany)).toBe(true);
    expect((await download('employee', key)).equals(forCompany)).toBe(true);
    expect((await call('ownerB', 'GET', `/api/files?path=${encodeURIComponent(key)}`)).statusCode).toBe(404);
    const text = pdfText(forCompany);
    for (const expected of [
      'Ответ на жалобу',
      `по заявлению № ${statement.visibleId}`,
      'Жалоба от',
      'Отказ в согласовании',
      'Решение: жалоба удовлетворена.',
      'Обоснование: Раздел с фасадами в альбоме есть',
      'Руководитель отдела: Орлова Елена Викторовна',
    ]) {
      expect(text).toContain(expected);
    }
    // A decided appeal is not decided again.
    const again = await decide(appealId, { upheld: false, text: 'Передумала' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(APPEAL_TEXTS.alreadyDecided);
    // Examiner 2 reviews it and may refuse again (the cancelled refusal's grounds are gone).
    const messages = async (who: Who) =>
      ((await call(who, 'GET', '/api/notifications')).json() as { message: string }[]).map((n) => n.message);
    const what = `№ ${statement.visibleId} «Торговый центр»`;
    expect(await messages('examiner2')).toContain(`Заявление ${what} возвращено на рассмотрение по жалобе`);
    expect(await messages('owner')).toContain(`Жалоба по заявлению ${what} удовлетворена`);
    expect(await messages('examiner1')).not.toContain(`Заявление ${what} возвращено на рассмотрение по жалобе`);
    await expect
      .poll(() =>
        portal.mailbox
          .messagesTo(demoUsers.employee.email)
          .some((mail) => /удовлетворена/.test(mail.subject) && mail.text.includes('Ответ на жалобу приложен')),
      )
      .toBe(true);
    await replyToStatement(ctx, users.examiner2, id, {
      status: 'rejected',
      comment: null,
      prefileIds: [],
      ...(await groundsFor(ctx, 'rejected')),
    });
    expect((await companyDetail(id)).status).toBe('rejected');
  });

  it('upholds one against a refusal to accept without naming an examiner: the examiner who refused reviews it', async () => {
    const id = await notAccepted();
    const { id: appealId } = (
      await file(id, { subject: 'acceptance_refusal', text: 'Всё приложено' })
    ).json() as AppealFiled;
    const unknown = await decide(appealId, { upheld: true, text: 'Да', examinerId: users.owner.id });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'examinerId' });
    expect((await decide(appealId, { upheld: true, text: 'Приложено' })).statusCode).toBe(200);
    const statement = await examinerDetail(id);
    expect(statement.status).toBe('under_review');
    expect(statement.examinerId).toBe(users.examiner1.id);
    expect(statement.history.at(-1)?.appeal).toEqual({ appealId, examiner: demoUsers.examiner1.fio });
  });

  it('reopens a declined correction when upheld', async () => {
    const { id, correctionId } = await correctionDeclined();
    const { id: appealId } = (
      await file(id, { subject: 'correction_refusal', text: 'Опечатка есть' })
    ).json() as AppealFiled;
    expect((await decide(appealId, { upheld: true, text: 'Опечатка подтверждена' })).statusCode).toBe(200);
    const statement = await companyDetail(id);
    expect(statement.status).toBe('approved');
    expect(statement.corrections.find((c) => c.id === correctionId)).toMatchObject({
      status: 'requested',
      answer: null,
    });
    expect(statement.appealSubjects).toEqual([]);
  });

  it('records an upheld missed term and a dismissal, and the statement stays where it is', async () => {
    const late = await underReview();
    portal.clock.advance(30 * 24 * 3600 * 1000);
    let appealId = 0;
    try {
      appealId = ((await file(late, { subject: 'missed_term', text: 'Срок прошёл' })).json() as AppealFiled).id;
    } finally {
      portal.clock.now = Date.now();
    }
    expect((await decide(appealId, { upheld: true, text: 'Срок нарушен' })).statusCode).toBe(200);
    expect((await companyDetail(late)).status).toBe('under_review');
    const id = await rejected();
    const { id: other } = (await file(id, { subject: 'decision_refusal', text: 'Не согласны' })).json() as AppealFiled;
    const dismissed = (await decide(other, { upheld: false, text: 'Основание подтверждено' })).json() as Appeal;
    expect(dismissed).toMatchObject({ status: 'dismissed', decision: { upheld: false } });
    expect((await companyDetail(id)).status).toBe('rejected');
    const text = pdfText(await download('owner', dismissed.decision?.letter.url ?? ''));
    expect(text).toContain('Решение: в удовлетворении жалобы отказано.');
    // The subject may be appealed again once the first is decided.
    expect((await companyDetail(id)).appealSubjects).toEqual(['decision_refusal', 'other']);
  });

  it("lists every appeal in the head's register with its statement, company and counts; others get 403", async () => {
    const id = await rejected();
    const { id: appealId } = (await file(id, { subject: 'other', text: 'Иное' })).json() as AppealFiled;
    const response = await call('head', 'GET', '/api/instance/appeals');
    expect(response.statusCode).toBe(200);
    const register = response.json() as AppealsRegister;
    const item = register.items.find((one) => one.id === appealId);
    expect(item).toMatchObject({
      statementId: id,
      subject: 'other',
      status: 'filed',
      companyName: 'ООО «СтройПроект»',
    });
    expect(register.open).toBe(register.items.filter((one) => one.status === 'filed').length);
    expect(register.items[0]?.status).toBe('filed');
    expect(register.items.at(-1)?.status).not.toBe('filed');
    expect((await call('examiner1', 'GET', '/api/instance/appeals')).statusCode).toBe(403);
    expect((await call('owner', 'GET', '/api/instance/appeals')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/instance/appeals')).statusCode).toBe(401);
  });

  it("gives the head's sidebar the appeals waiting for an answer with the other counters; nobody else", async () => {
    const counters = async (who: 'head' | 'examiner1' | 'owner') => {
      const response = await call(who, 'GET', '/api/users/me/counters');
      expect(response.statusCode).toBe(200);
      return response.json() as StatementCounters;
    };
    const before = (await counters('head')).openAppeals;
    const register = (await call('head', 'GET', '/api/instance/appeals')).json() as AppealsRegister;
    expect(before).toBe(register.open);
    const id = await rejected();
    const { id: appealId } = (await file(id, { subject: 'other', text: 'Иное' })).json() as AppealFiled;
    expect((await counters('head')).openAppeals).toBe((before ?? 0) + 1);
    expect((await decide(appealId, { upheld: false, text: 'Оснований нет' })).statusCode).toBe(200);
    expect((await counters('head')).openAppeals).toBe(before);
    expect(await counters('examiner1')).not.toHaveProperty('openAppeals');
    expect(await counters('owner')).not.toHaveProperty('openAppeals');
  });

  it('lets exactly one of two heads deciding at once win; the other gets 409', async () => {
    await portal.db.updateTable('users').set({ is_head: true }).where('id', '=', users.examiner2.id).execute();
    users.examiner2 = await userByEmail(portal, demoUsers.examiner2.email);
    try {
      for (const upheld of [true, false]) {
        const id = await rejected();
        const { id: appealId } = (await file(id, { subject: 'decision_refusal', text: 'Гонка' })).json() as AppealFiled;
        const answers = await Promise.all([
          decide(appealId, { upheld, text: 'Первая' }, 'head'),
          decide(appealId, { upheld, text: 'Вторая' }, 'examiner2'),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const statement = await companyDetail(id);
        expect(statement.appeals[0]?.status).toBe(upheld ? 'upheld' : 'dismissed');
        expect(statement.status).toBe(upheld ? 'under_review' : 'rejected');
        expect(statement.history.filter((entry) => entry.appeal)).toHaveLength(upheld ? 1 : 0);
        const letters = await portal.db.selectFrom('files').select('id').where('appeal_id', '=', appealId).execute();
        expect(letters).toHaveLength(1);
      }
    } finally {
      await portal.db.updateTable('users').set({ is_head: false }).where('id', '=', users.examiner2.id).execute();
    }
  });
});

describe('the demo', () => {
  it('has an appeal filed, one upheld and one dismissed, each decided one with its letter', async () => {
    const register = (await call('head', 'GET', '/api/instance/appeals')).json() as AppealsRegister;
    const demo = register.items.filter((item) =>
      ['Административное здание', 'Многоквартирный жилой дом на ул. Заречной'].includes(item.objectName),
    );
    expect(demo.map((item) => `${item.subject} ${item.status}`).sort()).toEqual([
      'acceptance_refusal filed',
      'decision_refusal dismissed',
      'other upheld',
    ]);
    const refused = demo.find((item) => item.status === 'dismissed')?.statementId ?? 0;
    const statement = await companyDetail(refused);
    expect(statement.status).toBe('rejected');
    // Each answer downloads under its own name: the statement's number and which of its appeals it answers.
    const names = statement.appeals.map((appeal) => appeal.decision?.letter.fileName);
    expect(names).toEqual([
      `Ответ_на_жалобу_${statement.visibleId}-1.pdf`,
      `Ответ_на_жалобу_${statement.visibleId}-2.pdf`,
    ]);
  });
});

describe('due dates after a calendar import', () => {
  it('moves the due dates of an open appeal and an open correction when an imported year changes their days', async () => {
    const refused = await rejected();
    const approvedId = await underReview();
    await replyToStatement(ctx, users.examiner1, approvedId, {
      status: 'approved',
      comment: null,
      prefileIds: [await certificatePrefile(portal, users.examiner1, approvedId)],
    });
    // Filed on Wednesday 30.12.2026: on the statutory 2027 the terms run from Monday 11.01.2027, 15 working days to
    // 29.01 and 5 to 15.01. The decree's 2027 makes 11.01 a day off: 01.02 and 18.01.
    portal.clock.now = Date.parse('2026-12-30T09:00:00Z');
    try {
      const appeal = (await file(refused, { subject: 'decision_refusal', text: 'Жалоба' })).json() as AppealFiled;
      expect(appeal.dueDate).toBe('2027-01-29');
      await requestCorrection(ctx, users.owner, approvedId, { text: 'Опечатка в адресе' });
      expect((await companyDetail(approvedId)).corrections[0]?.dueDate).toBe('2027-01-15');

      const imported = await call('head', 'POST', '/api/admin/calendar/2027', {
        text: [
          'нерабочие: 2027-01-01..2027-01-08, 2027-01-11',
          'нерабочие: 2027-02-22, 2027-02-23, 2027-03-08, 2027-05-03, 2027-05-10, 2027-06-14, 2027-11-04',
          'рабочие: 2027-11-06',
        ].join('\n'),
      });
      expect(imported.statusCode, imported.body).toBe(200);

      const register = (await call('head', 'GET', '/api/instance/appeals')).json() as AppealsRegister;
      expect(register.items.find((item) => item.id === appeal.id)?.dueDate).toBe('2027-02-01');
      const detail = await companyDetail(refused);
      expect(detail.appeals.find((item) => item.id === appeal.id)?.dueDate).toBe('2027-02-01');
      const [correction] = (await examinerDetail(approvedId)).corrections;
      expect(correction?.dueDate).toBe('2027-01-18');
      // The due date shown and the term's own agree.
      expect(correction?.deadline?.dueDate).toBe('2027-01-18');
    } finally {
      portal.clock.now = Date.now();
    }
  });
});
