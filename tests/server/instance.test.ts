import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { findUserByEmail } from '../../server/src/users/users.repository.ts';
import { demoUsers } from '../../tools/demo.ts';
import { certificatePrefile, groundsFor, login, startTestPortal, type TestPortal, userByEmail } from './helpers.ts';

let portal: TestPortal;
const tokens: Record<string, string> = {};
const examiner1 = demoUsers.examiner1.email;
const examiner2 = demoUsers.examiner2.email;
const owner = demoUsers.owner.email;

beforeAll(async () => {
  portal = await startTestPortal();
  for (const email of [owner, examiner1, examiner2]) tokens[email] = (await login(portal, email)).accessToken;
}, 60_000);
afterAll(async () => {
  await portal.close();
});

function call(as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return portal.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function user(email: string): Promise<UserRow> {
  const row = await findUserByEmail(portal.db, email);
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** A new `sent` statement of the demo company, submitted by its owner. */
async function newStatement(objectName = 'Детский сад'): Promise<number> {
  const applicant = await user(owner);
  const file = await storePrefile(portal.ctx, applicant.id, {
    fileName: 'Альбом.pdf',
    contentType: 'application/pdf',
    source: '%PDF-1.4',
  });
  return (await submitStatement(portal.ctx, applicant, { objectName, prefileIds: [file.id] })).id;
}

async function examinerFile(as: string, name: string): Promise<number> {
  const examiner = await user(as);
  return (await storePrefile(portal.ctx, examiner.id, { fileName: name, contentType: 'application/pdf', source: name }))
    .id;
}

describe('taking statements into work', () => {
  it('gives a statement to exactly one of 20 examiners’ parallel attempts; the rest get a clear 409', async () => {
    const id = await newStatement();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(index % 2 ? examiner2 : examiner1, 'POST', '/api/instance/StartWorkOnStatement', { id }),
      ),
    );
    const won = responses.filter((response) => response.statusCode === 200);
    expect(won).toHaveLength(1);
    const lost = responses.filter((response) => response.statusCode === 409);
    expect(lost).toHaveLength(19);
    expect(lost[0]?.json()).toEqual({ error: 'invalid_transition', message: 'Заявление уже взято в работу' });
    const statement = won[0]?.json();
    expect(statement).toMatchObject({ status: 'under_review', examinerId: expect.any(Number) });
    expect(statement.examiner).toMatchObject({ governmentAgency: expect.any(String) });
  });

  it('lists every statement for examiners and the caller’s own in “me”', async () => {
    const id = await newStatement('Бассейн');
    const all = (await call(examiner1, 'GET', '/api/instance/all/statements')).json();
    const item = all.find((candidate: { id: number }) => candidate.id === id);
    expect(item).toMatchObject({ status: 'sent', title: 'Бассейн', examinerId: null, governmentAgencyName: null });
    // A list item carries what lists show and search; the detail carries the rest.
    expect(item).not.toHaveProperty('stages');
    expect(item).not.toHaveProperty('history');
    expect(item).not.toHaveProperty('companyInn');
    await call(examiner2, 'POST', '/api/instance/StartWorkOnStatement', { id });
    const mine1 = (await call(examiner1, 'GET', '/api/instance/me/statements')).json();
    const mine2 = (await call(examiner2, 'GET', '/api/instance/me/statements')).json();
    expect(mine1.map((item: { id: number }) => item.id)).not.toContain(id);
    expect(mine2.map((item: { id: number }) => item.id)).toContain(id);
    const examiner2Id = (await user(examiner2)).id;
    expect(mine2.every((item: { examinerId: number }) => item.examinerId === examiner2Id)).toBe(true);
  });
});

describe('answering', () => {
  it('lets only the assigned examiner answer, only under review, and nothing after a decision', async () => {
    const id = await newStatement('Стадион');
    const rework = { prefileIds: [], status: 'has_comments', isInstance: true, comment: 'Доработайте' };
    const early = await call(examiner1, 'POST', `/api/instance/${id}/stages`, rework);
    expect(early.statusCode).toBe(409);
    await call(examiner1, 'POST', '/api/instance/StartWorkOnStatement', { id });
    const other = await call(examiner2, 'POST', `/api/instance/${id}/stages`, rework);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/[а-я]/);
    const wrongStatus = await call(examiner1, 'POST', `/api/instance/${id}/stages`, { ...rework, status: 'sent' });
    expect(wrongStatus.statusCode).toBe(400);
    const company = await call(owner, 'POST', `/api/instance/${id}/stages`, rework);
    expect(company.statusCode).toBe(403);

    const replied = await call(examiner1, 'POST', `/api/instance/${id}/stages`, {
      ...rework,
      prefileIds: [await examinerFile(examiner1, 'Замечания.pdf')],
    });
    expect(replied.statusCode).toBe(201);
    const stage = replied.json().stages.at(-1);
    expect(stage).toMatchObject({
      n: 2,
      status: 'has_comments',
      isGovernmentAgency: true,
      comment: 'Доработайте',
      applicant: demoUsers.examiner1.fio,
      files: [{ fileName: 'Замечания.pdf' }],
    });
    const subject = `Заявление № ${replied.json().visibleId} «Стадион» возвращено на доработку`;
    await expect
      .poll(() => portal.mailbox.messagesTo(demoUsers.employee.email).some((mail) => mail.subject === subject))
      .toBe(true);

    expect((await call(examiner1, 'POST', `/api/instance/${id}/stages`, rework)).statusCode).toBe(409);
  });

  it('closes a statement for good once approved or rejected', async () => {
    for (const decision of ['approved', 'rejected'] as const) {
      const id = await newStatement(`Решение ${decision}`);
      await call(examiner1, 'POST', '/api/instance/StartWorkOnStatement', { id });
      const examiner = await userByEmail(portal, demoUsers.examiner1.email);
      const decided = await call(examiner1, 'POST', `/api/instance/${id}/stages`, {
        prefileIds: decision === 'approved' ? [await certificatePrefile(portal, examiner, id)] : [],
        status: decision,
        isInstance: true,
        ...(await groundsFor(portal.ctx, decision)),
      });
      expect(decided.json().status).toBe(decision);
      for (const status of ['has_comments', 'approved', 'rejected']) {
        const again = await call(examiner1, 'POST', `/api/instance/${id}/stages`, {
          prefileIds: [],
          status,
          ...(await groundsFor(portal.ctx, status)),
        });
        expect(again.statusCode, `${decision} -> ${status}`).toBe(409);
      }
    }
  });
});

describe('the examiner’s own details', () => {
  it('reads and saves the contact name (required after trimming) and phone (empty stored as null)', async () => {
    const me = (await call(examiner2, 'GET', '/api/instance/me')).json();
    expect(me).toEqual({
      id: (await user(examiner2)).id,
      contactFio: demoUsers.examiner2.fio,
      contactPhone: expect.any(String),
    });
    const blank = await call(examiner2, 'PUT', '/api/instance/me', { contactFio: '   ', contactPhone: null });
    expect(blank.statusCode).toBe(400);
    const saved = await call(examiner2, 'PUT', '/api/instance/me', {
      contactFio: '  Кузнецова Мария  ',
      contactPhone: ' ',
    });
    expect(saved.json()).toEqual({ id: me.id, contactFio: 'Кузнецова Мария', contactPhone: null });
    expect((await call(examiner2, 'GET', '/api/users/me')).json().fio).toBe('Кузнецова Мария');
    expect((await call(owner, 'GET', '/api/instance/me')).statusCode).toBe(403);
  });
});
