import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '#domain/contract.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { demoUsers } from '../../tools/demo.ts';
import { certificatePrefile, signedIn, startTestPortal, storedPrefile, type TestPortal } from './helpers.ts';

// An approval carries the certificate made for its statement, 'Свидетельство_{visibleId}.pdf' (docs/product.md
// «Certificate and public check»): without it the reply is refused, the public check calls only an approval with it
// valid, and an approval given before the rule may get it later from its examiner.

let portal: TestPortal;
let ctx: ServiceContext;
type Who = 'owner' | 'examiner1' | 'examiner2';
const users = {} as Record<Who, UserRow>;
const bearer = {} as Record<Who, string>;

beforeAll(async () => {
  portal = await startTestPortal();
  ctx = portal.ctx;
  const people = await signedIn(portal, {
    owner: demoUsers.owner.email,
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
  });
  Object.assign(users, people.users);
  Object.assign(bearer, people.bearer);
});
afterAll(async () => {
  await portal.close();
});

function call(who: Who, method: 'GET' | 'POST', url: string, payload?: object) {
  return portal.app.inject({ method, url, headers: { authorization: bearer[who] }, ...(payload ? { payload } : {}) });
}

/** A statement taken into work by examiner 1, with its check token issued: its id, number and token. */
async function underReview(): Promise<{ id: number; visibleId: number; token: string }> {
  const { id, visibleId } = await submitStatement(ctx, users.owner, {
    objectName: 'Библиотека',
    prefileIds: [await storedPrefile(portal, users.owner, 'Альбом.pdf')],
  });
  await takeIntoWork(ctx, users.examiner1, id);
  const issued = await call('examiner1', 'POST', `/api/instance/statements/${id}/certificate`);
  expect(issued.statusCode, issued.body).toBe(200);
  return { id, visibleId, token: issued.json().token };
}

async function check(token: string) {
  const response = await portal.app.inject({ url: `/api/public/certificates/${token}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const approve = (id: number, prefileIds: number[]) =>
  call('examiner1', 'POST', `/api/instance/${id}/stages`, { status: 'approved', comment: null, prefileIds });

/** The approving round's file names as the reader sees them. */
function approvalFiles(statement: Statement): string[] {
  const approval = statement.stages.findLast((stage) => stage.isGovernmentAgency && stage.status === 'approved');
  return approval?.files.map((file) => file.fileName) ?? [];
}

/**
 * An approval as one given before the certificate was required left it: approved, its round without the certificate
 * (its row removed from the database, where the old reply never put it).
 */
async function approvedWithoutCertificate() {
  const statement = await underReview();
  const letter = await storedPrefile(portal, users.examiner1, 'Сопроводительное письмо.pdf');
  expect(
    (await approve(statement.id, [letter, await certificatePrefile(portal, users.examiner1, statement.id)])).statusCode,
  ).toBe(201);
  await portal.db
    .deleteFrom('files')
    .where('file_name', '=', `Свидетельство_${statement.visibleId}.pdf`)
    .where('stage_id', 'in', (eb) => eb.selectFrom('stages').select('id').where('statement_id', '=', statement.id))
    .execute();
  return statement;
}

describe('the demo seed', () => {
  it('approves with the certificate: every seeded approval carries its statement’s', async () => {
    const approved = await portal.db
      .selectFrom('statements')
      .select(['id', 'visible_id'])
      .where('status', '=', 'approved')
      .execute();
    expect(approved.length).toBeGreaterThan(0);
    for (const row of approved) {
      const statement: Statement = (await call('examiner1', 'GET', `/api/instance/statements/${row.id}`)).json();
      expect(approvalFiles(statement), `№ ${row.visible_id}`).toContain(`Свидетельство_${row.visible_id}.pdf`);
    }
  });
});

describe('an approval and its certificate', () => {
  it('is refused without the certificate made for the statement (400), and the statement stays under review', async () => {
    const { id, visibleId, token } = await underReview();
    for (const files of [
      [],
      [await storedPrefile(portal, users.examiner1, 'Свидетельство.pdf')],
      [await storedPrefile(portal, users.examiner1, `Свидетельство_${visibleId + 1}.pdf`)],
    ]) {
      const refused = await approve(id, files);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        error: 'validation_error',
        message: 'Приложите свидетельство о согласовании',
      });
    }
    expect((await call('examiner1', 'GET', `/api/instance/statements/${id}`)).json().status).toBe('under_review');
    expect(await check(token)).toMatchObject({ status: 'under_review', certificateAttached: false });
    // Another examiner is still told that the statement is not theirs, not what it lacks.
    const other = await call('examiner2', 'POST', `/api/instance/${id}/stages`, { status: 'approved', prefileIds: [] });
    expect(other.statusCode).toBe(403);
  });

  it('goes through with it: both details carry it in the approving round, and the check calls it valid', async () => {
    const { id, visibleId, token } = await underReview();
    const approved = await approve(id, [await certificatePrefile(portal, users.examiner1, id)]);
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json().status).toBe('approved');
    const company: Statement = (await call('owner', 'GET', `/api/statements/${id}`)).json();
    expect(approvalFiles(company)).toEqual([`Свидетельство_${visibleId}.pdf`]);
    expect(await check(token)).toMatchObject({ status: 'approved', certificateAttached: true });
  });

  it('is missing from an approval given before the rule: the check does not call it valid', async () => {
    const { token } = await approvedWithoutCertificate();
    expect(await check(token)).toMatchObject({ status: 'approved', certificateAttached: false });
  });

  it('is what a correction corrects: without it the company’s request is refused (409) and nobody is told', async () => {
    const { id } = await approvedWithoutCertificate();
    const before = await portal.db.selectFrom('notifications').select('id').execute();
    const asked = await call('owner', 'POST', `/api/statements/${id}/corrections`, { text: 'Опечатка в адресе' });
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toMatchObject({ error: 'invalid_transition', message: 'Свидетельство не приложено' });
    expect(await portal.db.selectFrom('corrections').select('id').where('statement_id', '=', id).execute()).toEqual([]);
    expect(await portal.db.selectFrom('notifications').select('id').execute()).toHaveLength(before.length);
  });
});

describe('attaching the certificate later', () => {
  const attach = (who: Who, id: number, prefileId: number) =>
    call(who, 'POST', `/api/instance/statements/${id}/certificate/file`, { prefileId });

  it('takes only the approving examiner’s PDF named after the statement, once, and records it in the history', async () => {
    const { id, visibleId, token } = await approvedWithoutCertificate();
    const name = `Свидетельство_${visibleId}.pdf`;

    const misnamed = await attach('examiner1', id, await storedPrefile(portal, users.examiner1, 'Свидетельство.pdf'));
    expect(misnamed.statusCode, misnamed.body).toBe(400);
    expect(misnamed.json()).toMatchObject({ error: 'validation_error', field: 'prefileId' });
    expect(misnamed.json().message).toContain(name);
    const notPdf = await attach('examiner1', id, await storedPrefile(portal, users.examiner1, name, 'GIF89a picture'));
    expect(notPdf.statusCode, notPdf.body).toBe(400);
    expect((await attach('examiner2', id, await storedPrefile(portal, users.examiner2, name))).statusCode).toBe(403);
    expect((await attach('owner', id, await storedPrefile(portal, users.owner, name))).statusCode).toBe(403);
    expect(await check(token)).toMatchObject({ certificateAttached: false });

    portal.clock.advance(60_000);
    const attached = await attach('examiner1', id, await certificatePrefile(portal, users.examiner1, id));
    expect(attached.statusCode, attached.body).toBe(200);
    const examinerSees: Statement = attached.json();
    expect(examinerSees.status).toBe('approved');
    expect(approvalFiles(examinerSees)).toEqual(['Сопроводительное письмо.pdf', name]);
    expect(examinerSees.history.at(-1)).toMatchObject({
      status: 'approved',
      actor: demoUsers.examiner1.fio,
      byCommittee: true,
      certificate: { fileName: name },
    });
    const companySees: Statement = (await call('owner', 'GET', `/api/statements/${id}`)).json();
    expect(approvalFiles(companySees)).toContain(name);
    expect(companySees.history.at(-1)).toMatchObject({ certificate: { fileName: name } });
    expect(await check(token)).toMatchObject({ status: 'approved', certificateAttached: true });

    // Once it carries one, there is nothing to attach.
    const again = await attach('examiner1', id, await certificatePrefile(portal, users.examiner1, id));
    expect(again.statusCode, again.body).toBe(409);
  });

  it('is refused before an approval, and an approval given with its certificate records no attachment', async () => {
    const { id } = await underReview();
    const early = await attach('examiner1', id, await certificatePrefile(portal, users.examiner1, id));
    expect(early.statusCode, early.body).toBe(409);
    await replyToStatement(ctx, users.examiner1, id, {
      status: 'approved',
      prefileIds: [await certificatePrefile(portal, users.examiner1, id)],
    });
    const statement: Statement = (await call('examiner1', 'GET', `/api/instance/statements/${id}`)).json();
    expect(statement.history.some((entry) => entry.certificate)).toBe(false);
  });
});
