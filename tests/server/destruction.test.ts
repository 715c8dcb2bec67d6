// The destruction of personal data past its term (docs/product.md «Personal data»): a removed employee's and a
// deactivated examiner's contact data and login history go, the examiner's name stays where their decisions name
// them, the access log keeps only the id, and the run writes an act with the extract of the event log. A person who
// withdraws their consent (in the profile, or on paper recorded by a head) is closed at once and destroyed after the
// withdrawal's own term, the act naming the cause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLogPage, ConsentWithdrawal, DestructionAct } from '#domain/contract.ts';
import { destroyExpiredPersonalData } from '../../server/src/personal-data/destruction.ts';
import { demoUsers } from '../../tools/demo.ts';
import { login, pdfText, signedIn, startTestPortal, type TestPortal } from './helpers.ts';

let portal: TestPortal;
let bearer: Record<'head' | 'owner' | 'examiner' | 'examiner2' | 'employee', string>;
let examinerId: number;
let employeeId: number;
let headId: number;
beforeAll(async () => {
  portal = await startTestPortal();
  const signed = await signedIn(portal, {
    head: demoUsers.head.email,
    owner: demoUsers.owner.email,
    examiner: demoUsers.examiner1.email,
    employee: demoUsers.employee.email,
    examiner2: demoUsers.examiner2.email,
  });
  bearer = signed.bearer;
  examinerId = signed.users.examiner.id;
  employeeId = signed.users.employee.id;
  headId = signed.users.head.id;
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

// Each read's access-log entry is written just after its answer (server/src/plugins/access-log.ts): settled here.
const call = async (
  as: keyof typeof bearer | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const answer = await portal.app.inject({
    method,
    url,
    headers: as === null ? {} : { authorization: bearer[as] },
    ...(payload === undefined ? {} : { payload }),
  });
  await portal.app.accessLogSettled();
  return answer;
};
const account = (id: number) =>
  portal.db
    .selectFrom('users')
    .select(['fio', 'email', 'phone', 'position'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const DAY = 24 * 60 * 60 * 1000;

describe('a destruction run', () => {
  it('clears what it should after the term, keeps what it must, and writes the act', async () => {
    const created = await call('owner', 'POST', '/api/employees', {
      email: 'leaving@demo.example',
      fio: 'Уходящий Пётр Петрович',
      phone: '+7 (900) 111-22-33',
      position: 'Инженер',
    });
    expect(created.statusCode).toBe(201);
    const employeeId = created.json<{ id: number }>().id;
    // The examiner reads a statement (the access log names him), then is deactivated; the employee is removed.
    const statement = await portal.db
      .selectFrom('status_history')
      .select('statement_id')
      .where('user_id', '=', examinerId)
      .where('to_status', 'in', ['approved', 'rejected', 'not_accepted'])
      .executeTakeFirstOrThrow();
    expect((await call('examiner', 'GET', `/api/instance/statements/${statement.statement_id}`)).statusCode).toBe(200);
    expect((await call('head', 'POST', `/api/admin/examiners/${examinerId}/deactivate`)).statusCode).toBe(200);
    expect((await call('owner', 'DELETE', `/api/employees/${employeeId}`)).statusCode).toBeLessThan(300);

    // Before the term nothing is due.
    expect(await destroyExpiredPersonalData(portal.ctx)).toBeNull();
    expect((await account(employeeId)).email).toBe('leaving@demo.example');

    portal.clock.advance((portal.config.personalDataRetentionDays + 1) * DAY);
    const actId = await destroyExpiredPersonalData(portal.ctx);
    expect(actId).not.toBeNull();

    expect(await account(employeeId)).toEqual({ fio: null, email: null, phone: null, position: null });
    // The examiner's decisions name him: his name stays, his phone and e-mail go.
    expect(await account(examinerId)).toMatchObject({ fio: demoUsers.examiner1.fio, email: null, phone: null });
    const decision = await call('head', 'GET', `/api/instance/statements/${statement.statement_id}`);
    expect(decision.body).toContain(demoUsers.examiner1.fio);
    expect(
      await portal.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', examinerId).execute(),
    ).toEqual([]);
    const reads = await portal.db
      .selectFrom('personal_data_access')
      .select(['user_id', 'user_name', 'address'])
      .where('user_id', '=', examinerId)
      .execute();
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((read) => read.user_name === null && read.address === null)).toBe(true);

    const acts = (await call('head', 'GET', '/api/admin/destruction-acts')).json<DestructionAct[]>();
    expect(acts[0]).toMatchObject({ id: actId, accounts: 2, names: 1 });
    expect(acts[0]?.accessAnonymized).toBeGreaterThan(0);
    const pdf = await call('head', 'GET', `/api/admin/destruction-acts/${actId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Акт об уничтожении персональных данных');
    expect(text).toContain('Выписка из журнала событий');
    expect(text).toContain(`Учётная запись #${employeeId}`);
    expect(text).toContain('ФИО сохранено');

    // A second run finds nothing more to destroy.
    expect(await destroyExpiredPersonalData(portal.ctx)).toBeNull();
  });
});

describe('a withdrawal of consent', () => {
  const withdraw = (as: keyof typeof bearer | null, confirm = true) =>
    call(as, 'POST', '/api/users/me/consent/withdrawal', { confirm });
  const record = (as: keyof typeof bearer | null, id: number, payload: object = { via: 'post' }) =>
    call(as, 'POST', `/api/admin/users/${id}/consent-withdrawal`, payload);
  const withdrawal = (id: number) =>
    portal.db
      .selectFrom('users')
      .select(['removed_at', 'consent_withdrawn_at', 'consent_withdrawal_via'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('is refused to whom it is not for, and to the owner of a company with other employees', async () => {
    expect((await withdraw(null)).statusCode).toBe(401);
    expect((await record(null, employeeId)).statusCode).toBe(401);
    // The committee's staff process personal data under their employment: there is no consent to withdraw.
    expect((await withdraw('examiner2')).statusCode).toBe(403);
    expect((await withdraw('head')).statusCode).toBe(403);
    // Only a head records one that came on paper.
    expect((await record('examiner2', employeeId)).statusCode).toBe(403);
    expect((await record('owner', employeeId)).statusCode).toBe(403);
    expect((await record('employee', employeeId)).statusCode).toBe(403);
    expect((await record('head', 999_999)).statusCode).toBe(404);
    const staff = await record('head', headId);
    expect(staff.statusCode).toBe(409);
    expect(staff.json<{ message: string }>().message).toContain('Сотрудники комитета');
    const future = await record('head', employeeId, { via: 'post', receivedOn: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ field: 'receivedOn' });
    // Unconfirmed: nothing happens.
    const unconfirmed = await withdraw('employee', false);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ field: 'confirm' });
    // The owner's company has the employee: without an owner nobody would manage them.
    const owner = await withdraw('owner');
    expect(owner.statusCode).toBe(409);
    expect(owner.json<{ message: string }>().message).toContain('владелец компании');
    expect((await call('owner', 'GET', '/api/users/me')).statusCode).toBe(200);
    expect((await withdrawal(employeeId)).consent_withdrawn_at).toBeNull();
  });

  it("closes the account at once, and after its term destroys the person's data with an act naming the cause", async () => {
    const paper = await call('owner', 'POST', '/api/employees', {
      email: 'paper@demo.example',
      fio: 'Бумажный Олег Олегович',
      phone: '+7 (900) 444-55-66',
    });
    expect(paper.statusCode).toBe(201);
    const paperId = paper.json<{ id: number }>().id;
    // The employee has logged in (login history) and then withdraws in the profile: signed out at once.
    await login(portal, demoUsers.employee.email);
    expect((await withdraw('employee')).statusCode).toBe(204);
    expect((await call('employee', 'GET', '/api/users/me')).statusCode).toBe(401);
    expect(await withdrawal(employeeId)).toMatchObject({ consent_withdrawal_via: 'portal' });
    expect((await withdrawal(employeeId)).removed_at).not.toBeNull();
    const tokens = await portal.db
      .selectFrom('refresh_tokens')
      .select('revoked_at')
      .where('user_id', '=', employeeId)
      .execute();
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((token) => token.revoked_at !== null)).toBe(true);

    // A head records the other's withdrawal that came by post; the administration's log says so.
    const recorded = await record('head', paperId, { via: 'post' });
    expect(recorded.statusCode).toBe(200);
    const answer = recorded.json<ConsentWithdrawal>();
    expect(answer).toMatchObject({ personId: paperId, fio: 'Бумажный Олег Олегович', via: 'post' });
    const term = portal.config.consentWithdrawalRetentionDays * DAY;
    expect(Date.parse(answer.destroyAfter) - Date.parse(answer.withdrawnAt)).toBe(term);
    expect((await record('head', paperId)).statusCode).toBe(409);
    expect((await record('head', employeeId)).statusCode).toBe(409);
    const log = (await call('head', 'GET', '/api/admin/log')).json<AdminLogPage>();
    expect(log.entries[0]).toMatchObject({ action: 'consent_withdrawn', subject: 'Бумажный Олег Олегович' });
    expect(log.entries[0]?.description).toContain('почтой');
    // A person's request shows the withdrawal.
    const found = await call('head', 'GET', '/api/admin/subject-requests/people?query=paper%40demo.example');
    expect(found.json()).toEqual([expect.objectContaining({ personId: paperId, companyUser: true })]);
    expect(found.json<Array<{ consentWithdrawnAt: string | null }>>()[0]?.consentWithdrawnAt).not.toBeNull();

    // Before the term nothing is due.
    portal.clock.advance(term - DAY);
    expect(await destroyExpiredPersonalData(portal.ctx)).toBeNull();
    expect((await account(employeeId)).email).toBe(demoUsers.employee.email);

    portal.clock.advance(2 * DAY);
    const actId = await destroyExpiredPersonalData(portal.ctx);
    expect(actId).not.toBeNull();
    // The employee submitted statements decided since: her name stays on them; her contacts and logins go.
    expect(await account(employeeId)).toEqual({
      fio: demoUsers.employee.fio,
      email: null,
      phone: null,
      position: null,
    });
    expect(await account(paperId)).toEqual({ fio: null, email: null, phone: null, position: null });
    expect(
      await portal.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', employeeId).execute(),
    ).toEqual([]);
    expect(await portal.db.selectFrom('login_codes').select('id').where('user_id', '=', employeeId).execute()).toEqual(
      [],
    );
    const decided = await portal.db
      .selectFrom('stages')
      .innerJoin('statements', 'statements.id', 'stages.statement_id')
      .select('stages.applicant_name')
      .where('stages.applicant_id', '=', employeeId)
      .where('statements.status', 'in', ['approved', 'rejected', 'not_accepted'])
      .execute();
    expect(decided.length).toBeGreaterThan(0);
    expect(decided.every((stage) => stage.applicant_name === demoUsers.employee.fio)).toBe(true);

    const acts = (await call('head', 'GET', '/api/admin/destruction-acts')).json<DestructionAct[]>();
    expect(acts[0]).toMatchObject({ id: actId, accounts: 2, withdrawals: 2, names: 1 });
    const text = pdfText((await call('head', 'GET', `/api/admin/destruction-acts/${actId}/pdf`)).rawPayload);
    expect(text).toContain('отзыв согласия на обработку персональных данных');
    expect(text).toContain(`Учётная запись #${employeeId} (отзыв согласия)`);
    expect(text).toContain(`Учётная запись #${paperId} (отзыв согласия)`);
  });

  it('lets the owner withdraw once nobody else is left in the company', async () => {
    expect((await withdraw('owner')).statusCode).toBe(204);
    expect((await call('owner', 'GET', '/api/users/me')).statusCode).toBe(401);
  });
});
