import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAIL_SUBJECT } from '../../server/src/auth/login.service.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { createEmployee, removeEmployee } from '../../server/src/employees/employees.service.ts';
import { ApiError } from '../../server/src/errors.ts';
import type { deferredMailer } from '../../server/src/mail/outbox.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { listCompanyUsers } from '../../server/src/users/users.repository.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement, submitNewVersion } from '../../server/src/workflow/review.ts';
import { listHistory, listStages, listStatementRefusalGrounds } from '../../server/src/workflow/workflow.repository.ts';
import { demoUsers } from '../../tools/demo.ts';
import {
  certificatePrefile,
  groundsFor,
  login,
  refreshLogin,
  startLogin,
  startTestPortal,
  storedPrefile,
  type TestPortal,
  userByEmail,
} from './helpers.ts';

let portal: TestPortal;
let ctx: ServiceContext;
const users: Record<'owner' | 'employee' | 'examiner1' | 'examiner2' | 'ownerB', UserRow> = {} as never;

const user = (email: string) => userByEmail(portal, email);

/**
 * Waits until every mail the app has queued has reached the sink: the outbox's flush settles with each delivery, and
 * the sink keeps a message before it accepts it. What an answer queued is queued before the answer.
 */
const mailDelivered = () => (portal.app.mailer as ReturnType<typeof deferredMailer>).flush();

beforeAll(async () => {
  portal = await startTestPortal();
  ctx = portal.ctx;
  await createCompanyWithOwner(ctx, { email: 'owner@company-b.example', legalEntity: 'ООО «Б»', fio: 'Борисов Б. Б.' });
  users.owner = await user(demoUsers.owner.email);
  users.employee = await user(demoUsers.employee.email);
  users.examiner1 = await user(demoUsers.examiner1.email);
  users.examiner2 = await user(demoUsers.examiner2.email);
  users.ownerB = await user('owner@company-b.example');
});
afterAll(async () => {
  await portal.close();
});

const upload = (by: UserRow, name = 'Альбом.pdf') => storedPrefile(portal, by, name);

async function submit(by: UserRow = users.owner) {
  return submitStatement(ctx, by, {
    objectName: 'Дом культуры',
    comment: 'На согласование',
    prefileIds: [await upload(by)],
  });
}

/** The API error a promise rejected with, as `status code`. */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return `${error.statusCode} ${error.code}`;
    throw error;
  }
  return 'no error';
}

describe('statement numbers', () => {
  it('are distinct and increasing when statements are created in parallel', async () => {
    const authors = Array.from({ length: 20 }, (_, index) => (index % 2 ? users.employee : users.owner));
    const prefiles = await Promise.all(authors.map((author) => upload(author)));
    const created = await Promise.all(
      authors.map((author, index) =>
        submitStatement(ctx, author, { objectName: `Объект ${index}`, prefileIds: [prefiles[index] ?? 0] }),
      ),
    );
    const numbers = created.map((statement) => statement.visibleId);
    expect(new Set(numbers).size).toBe(20);
    const byId = [...created].sort((a, b) => a.id - b.id).map((statement) => statement.visibleId);
    expect(byId).toEqual([...byId].sort((a, b) => a - b));
    const first = Math.min(...numbers);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => first + index));
  });
});

describe('transitions', () => {
  it('lets exactly one of two examiners pressing at once take a statement into work', async () => {
    const { id } = await submit();
    const results = await Promise.allSettled([
      takeIntoWork(ctx, users.examiner1, id),
      takeIntoWork(ctx, users.examiner2, id),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ statusCode: 409, code: 'invalid_transition' });
    const history = await listHistory(portal.db, id);
    expect(history.map((entry) => entry.to_status)).toEqual(['sent', 'under_review']);
  });

  it('allows only the product’s status moves, by the right people', async () => {
    const { id } = await submit();
    const version = { status: 'under_review' as const, prefileIds: [await upload(users.owner)] };
    expect(await failure(submitNewVersion(ctx, users.owner, id, version))).toBe('409 invalid_transition');
    expect(await failure(replyToStatement(ctx, users.examiner1, id, { status: 'approved', prefileIds: [] }))).toBe(
      '409 invalid_transition',
    );
    expect(await failure(takeIntoWork(ctx, users.owner, id))).toBe('403 forbidden');

    await takeIntoWork(ctx, users.examiner1, id);
    const grounds = await groundsFor(ctx, 'rejected');
    expect(
      await failure(replyToStatement(ctx, users.examiner2, id, { status: 'rejected', prefileIds: [], ...grounds })),
    ).toBe('403 forbidden');
    await replyToStatement(ctx, users.examiner1, id, { status: 'has_comments', comment: 'Уточните', prefileIds: [] });
    // Another company's statement does not exist for it.
    expect(
      await failure(
        submitNewVersion(ctx, users.ownerB, id, { status: 'under_review', prefileIds: [await upload(users.ownerB)] }),
      ),
    ).toBe('404 not_found');
    await submitNewVersion(ctx, users.employee, id, {
      status: 'under_review',
      prefileIds: [await upload(users.employee)],
    });
    await replyToStatement(ctx, users.examiner1, id, {
      status: 'approved',
      prefileIds: [await certificatePrefile(portal, users.examiner1, id)],
    });
    expect(
      await failure(replyToStatement(ctx, users.examiner1, id, { status: 'rejected', prefileIds: [], ...grounds })),
    ).toBe('409 invalid_transition');

    const history = await listHistory(portal.db, id);
    expect(history.map((entry) => `${entry.from_status ?? '—'}>${entry.to_status} ${entry.actor_name}`)).toEqual([
      `—>sent ${users.owner.fio}`,
      `sent>under_review ${users.examiner1.fio}`,
      `under_review>has_comments ${users.examiner1.fio}`,
      `has_comments>under_review ${users.employee.fio}`,
      `under_review>approved ${users.examiner1.fio}`,
    ]);
    const stages = await listStages(portal.db, id);
    expect(stages.map((stage) => [stage.n, stage.status, Boolean(stage.is_government_agency)])).toEqual([
      [1, 'sent', false],
      [2, 'has_comments', true],
      [3, 'under_review', false],
      [4, 'approved', true],
    ]);
  });

  it('attaches a prefile at most once, and only its uploader’s', async () => {
    const prefileId = await upload(users.owner);
    await submitStatement(ctx, users.owner, { objectName: 'Первый', prefileIds: [prefileId] });
    expect(await failure(submitStatement(ctx, users.owner, { objectName: 'Второй', prefileIds: [prefileId] }))).toBe(
      '400 invalid_prefiles',
    );
    const foreign = await upload(users.employee);
    expect(await failure(submitStatement(ctx, users.owner, { objectName: 'Чужой', prefileIds: [foreign] }))).toBe(
      '400 invalid_prefiles',
    );
  });

  it('refuses an object name of spaces with the product’s text', async () => {
    const error = await submitStatement(ctx, users.owner, {
      objectName: '   ',
      prefileIds: [await upload(users.owner)],
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'validation_error', message: 'Укажите наименование объекта' });
  });
});

describe('people', () => {
  it('keeps a stage’s author as they were when the stage was made', async () => {
    const { id } = await submit(users.employee);
    await portal.db
      .updateTable('users')
      .set({ fio: 'Сидорова Анна Сергеевна', phone: '+7 000', position: 'Директор', email: 'anna@new.example' })
      .where('id', '=', users.employee.id)
      .execute();
    const [first] = await listStages(portal.db, id);
    expect(first).toMatchObject({
      applicant_id: users.employee.id,
      applicant_name: 'Петрова Анна Сергеевна',
      applicant_phone: '+7 (916) 555-12-34',
      applicant_position: 'Главный архитектор проекта',
      applicant_mail: 'employee@demo.example',
      comment: 'На согласование',
    });
    await portal.db
      .updateTable('users')
      .set({
        fio: users.employee.fio,
        phone: users.employee.phone,
        position: users.employee.position,
        email: users.employee.email,
      })
      .where('id', '=', users.employee.id)
      .execute();
  });

  it('lists an employee without an e-mail, who cannot log in', async () => {
    const companyId = users.owner.company_id ?? 0;
    const { id } = await createEmployee(ctx, users.owner, {
      fio: 'Без Почты Иван',
      email: '  ',
      phone: '',
      position: null,
    });
    const listed = (await listCompanyUsers(portal.db, companyId)).find((row) => row.id === id);
    expect(listed).toMatchObject({ email: null, phone: null, position: null, is_verify: expect.anything() });
    expect(Boolean(listed?.is_verify)).toBe(false);
    // Two people without an e-mail do not collide; a taken e-mail does.
    await createEmployee(ctx, users.owner, { fio: 'Без Почты Пётр' });
    expect(await failure(createEmployee(ctx, users.owner, { fio: 'Дубль', email: 'EMPLOYEE@demo.example ' }))).toBe(
      '409 email_taken',
    );
  });

  it('removes an employee softly: sessions end at once, login is refused, their work keeps their name', async () => {
    const companyId = users.owner.company_id ?? 0;
    const { id } = await createEmployee(ctx, users.owner, { fio: 'Уходящий Олег', email: 'leaving@demo.example' });
    const session = await login(portal, 'leaving@demo.example');
    const leaving = await user('leaving@demo.example');
    const { id: statementId } = await submit(leaving);

    expect(await failure(removeEmployee(ctx, users.employee, id))).toBe('403 forbidden');
    expect(await failure(removeEmployee(ctx, users.ownerB, id))).toBe('404 not_found');
    expect(await failure(removeEmployee(ctx, users.owner, users.owner.id))).toBe('403 forbidden');
    await removeEmployee(ctx, users.owner, id);

    const me = await portal.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.statusCode).toBe(401);
    const refresh = await refreshLogin(portal, session.refreshToken);
    expect(refresh.statusCode).toBe(401);
    portal.clock.advance(61_000);
    // Login-code mails only: a notification of their earlier work may still be on its way (mail leaves after answers).
    const codeMails = () =>
      portal.mailbox.messagesTo('leaving@demo.example').filter((mail) => mail.subject === LOGIN_MAIL_SUBJECT).length;
    const mailsBefore = codeMails();
    expect((await startLogin(portal, 'leaving@demo.example')).statusCode).toBe(204);
    // Whatever that answer queued has reached the sink.
    await mailDelivered();
    expect(codeMails()).toBe(mailsBefore);

    expect((await listCompanyUsers(portal.db, companyId)).map((row) => row.id)).not.toContain(id);
    const [stage] = await listStages(portal.db, statementId);
    expect(stage).toMatchObject({ applicant_id: id, applicant_name: 'Уходящий Олег' });
    expect((await listHistory(portal.db, statementId))[0]).toMatchObject({ user_id: id, actor_name: 'Уходящий Олег' });
    // The e-mail is free again for a new person.
    await createEmployee(ctx, users.owner, { fio: 'Новый Олег', email: 'leaving@demo.example' });
  });
});

describe('the demo seed', () => {
  it('goes through the services: a statement in every status, each with its history', async () => {
    const rows = await portal.db
      .selectFrom('statements')
      .select(['id', 'status', 'visible_id'])
      .where('visible_id', '<=', 7)
      .orderBy('visible_id')
      .execute();
    expect(rows.map((row) => row.status)).toEqual([
      'sent',
      'under_review',
      'has_comments',
      'approved',
      'rejected',
      'not_accepted',
      'withdrawn',
    ]);
    // The refusal to accept names two intake grounds; the withdrawal came from review, with a reason.
    const [notAccepted, withdrawn] = [rows[5], rows[6]].map((row) => row?.id ?? 0) as [number, number];
    expect(await listStatementRefusalGrounds(portal.db, notAccepted)).toHaveLength(2);
    const history = await listHistory(portal.db, withdrawn);
    expect(history.map((entry) => entry.to_status)).toEqual(['sent', 'under_review', 'withdrawn']);
    expect((await listStages(portal.db, withdrawn)).at(-1)).toMatchObject({
      status: 'withdrawn',
      comment: expect.any(String),
    });
    for (const row of rows) {
      const history = await listHistory(portal.db, row.id);
      expect(history.at(-1)?.to_status, `№ ${row.visible_id}`).toBe(row.status);
    }
  });
});
