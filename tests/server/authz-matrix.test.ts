import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementStatus } from '#domain/contract.ts';
import { LOGIN_MAIL_SUBJECT } from '../../server/src/auth/login.service.ts';
import { randomToken, signAccessToken } from '../../server/src/auth/tokens.ts';
import { refusalGrounds } from '../../server/src/catalogs/catalogs.service.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { requestCorrection } from '../../server/src/corrections/corrections.service.ts';
import type { deferredMailer } from '../../server/src/mail/outbox.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { REGISTRATION_TEXTS } from '../../server/src/registration/registration.service.ts';
import { createRemark } from '../../server/src/remarks/remarks.service.ts';
import { companyStatement, submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { findUserByEmail, findUserById } from '../../server/src/users/users.repository.ts';
import { refuseAcceptance, takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement, submitNewVersion } from '../../server/src/workflow/review.ts';
import { withdrawStatement } from '../../server/src/workflow/withdrawal.ts';
import { demoUsers } from '../../tools/demo.ts';
import {
  ACCESS_MATRIX,
  CALLERS,
  type Caller,
  type MatrixObject,
  OBJECT_MATRIX,
  OBJECT_STATUSES,
} from './access-matrix.ts';
import { certificatePrefile, groundsFor, login, refreshLogin, startTestPortal, type TestPortal } from './helpers.ts';

/**
 * The whole authorization matrix against the real app on a real database: every route x every caller (access-matrix.ts),
 * every route acting on one statement x every status of a statement of company A x every caller, cross-company ids
 * answered exactly like missing ones, and lists that never hold another company's rows. Every failing cell is
 * collected and named; one assertion lists them all.
 */

let portal: TestPortal;
const tokens = new Map<Caller, string>();
const users = new Map<Exclude<Caller, 'anonymous' | 'removedEmployeeA'>, UserRow>();
let removed: { id: number; accessToken: string; refreshToken: string };

/**
 * Waits until every mail the app has queued has reached the sink: the outbox's flush settles with each delivery, and
 * the sink keeps a message before it accepts it. What an answer queued is queued before the answer.
 */
const mailDelivered = () => (portal.app.mailer as ReturnType<typeof deferredMailer>).flush();

const B_OWNER = 'owner@company-b.example';
const REMOVED = 'removed@demo.example';

function user(caller: Exclude<Caller, 'anonymous' | 'removedEmployeeA'>): UserRow {
  const row = users.get(caller);
  if (!row) throw new Error(`no user for ${caller}`);
  return row;
}

function call(
  caller: Caller | null,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const token = caller ? tokens.get(caller) : undefined;
  return portal.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A call whose answer stays open (the event stream): its status, and its body when it is an error. */
async function callStream(caller: Caller, url: string): Promise<{ statusCode: number; body: string }> {
  const token = tokens.get(caller);
  const response = await portal.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payloadAsStream: true,
  });
  const stream = response.stream();
  if (response.statusCode < 400) {
    stream.destroy();
    return { statusCode: response.statusCode, body: '' };
  }
  let body = '';
  for await (const chunk of stream) body += String(chunk);
  return { statusCode: response.statusCode, body };
}

function upload(owner: UserRow, name = 'План.pdf') {
  return storePrefile(portal.ctx, owner.id, {
    fileName: name,
    contentType: 'application/pdf',
    source: Buffer.from('%PDF-1.4 matrix'),
  });
}

/** Employee A asks to correct the certificate of an approved statement; the statement as they then see it. */
async function requestCorrectionOf(id: number, employee: UserRow) {
  await requestCorrection(portal.ctx, employee, id, { text: 'Опечатка в наименовании объекта' });
  return companyStatement(portal.ctx, employee, id);
}

let made = 0;
/** A statement of company A submitted by employee A, moved to `status` (examiner 1 takes it and answers). */
async function makeObject(status: StatementStatus, options: { openCorrection?: boolean } = {}): Promise<MatrixObject> {
  const employee = user('employeeA');
  const examiner = user('examiner1');
  const prefile = await upload(employee);
  made += 1;
  const { id } = await submitStatement(portal.ctx, employee, {
    objectName: `Объект матрицы А-${made}`,
    prefileIds: [prefile.id],
  });
  let remarkId: number | null = null;
  let draftId: number | null = null;
  const [intakeGround] = await refusalGrounds(portal.ctx, 'intake');
  if (!intakeGround) throw new Error('no intake ground');
  if (status === 'not_accepted') {
    await refuseAcceptance(portal.ctx, examiner, id, { groundIds: [intakeGround.id], comment: 'Неполный комплект' });
  } else if (status !== 'sent') {
    // Every later status has been through one rework with remark № 1; past it, the remark is answered.
    await takeIntoWork(portal.ctx, examiner, id);
    remarkId = (
      await createRemark(portal.ctx, examiner, id, { text: 'Уточните фасад', severity: 'required', pin: null })
    ).id;
    await replyToStatement(portal.ctx, examiner, id, {
      status: 'has_comments',
      isInstance: true,
      comment: 'Замечания',
      prefileIds: [],
    });
  }
  if (status === 'under_review' || status === 'approved' || status === 'rejected') {
    await submitNewVersion(portal.ctx, employee, id, {
      status: 'under_review',
      prefileIds: [(await upload(employee)).id],
      answers: [{ remarkId: remarkId as number, text: 'Фасад уточнён' }],
    });
  }
  if (status === 'withdrawn') {
    await withdrawStatement(portal.ctx, employee, id, { reason: 'Передумали' });
  }
  if (status === 'under_review') {
    draftId = (await createRemark(portal.ctx, examiner, id, { text: 'Черновик', severity: 'advisory', pin: null })).id;
  }
  if (status === 'approved' || status === 'rejected') {
    await replyToStatement(portal.ctx, examiner, id, {
      status,
      isInstance: true,
      comment: 'Ответ',
      prefileIds: status === 'approved' ? [await certificatePrefile(portal, examiner, id)] : [],
      ...(await groundsFor(portal.ctx, status)),
    });
  }
  const file = await portal.db
    .selectFrom('files')
    .innerJoin('stages', 'stages.id', 'files.stage_id')
    .select('files.storage_key')
    .where('stages.statement_id', '=', id)
    .executeTakeFirstOrThrow();
  const correctionId =
    status === 'approved' && options.openCorrection !== false
      ? (await requestCorrectionOf(id, employee)).corrections.find((c) => c.status === 'requested')?.id
      : null;
  return {
    id,
    fileKey: file.storage_key,
    remarkId,
    draftId,
    correctionId: correctionId ?? null,
    intakeGroundId: intakeGround.id,
    examiner2Id: users.get('examiner2')?.id,
  };
}

beforeAll(async () => {
  // The matrix files more correction requests and appeals for one company than a day allows (petition-flood.test.ts
  // tests that limit); here only who may file counts.
  portal = await startTestPortal({ PETITIONS_PER_COMPANY_PER_DAY: '1000' });
  // Company B and its owner, made the way the admin CLI makes them.
  await createCompanyWithOwner(portal.ctx, { email: B_OWNER, legalEntity: 'ООО «Б»' });
  const emails = {
    ownerA: demoUsers.owner.email,
    employeeA: demoUsers.employee.email,
    ownerB: B_OWNER,
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
    head: demoUsers.head.email,
  } as const;
  for (const [caller, email] of Object.entries(emails) as [keyof typeof emails, string][]) {
    const row = await findUserByEmail(portal.db, email);
    if (!row) throw new Error(`no user ${email}`);
    users.set(caller, row);
    tokens.set(caller, await signAccessToken(portal.config.jwtSecret, row.id));
  }
  // An employee of A who logs in for real, then is removed by the owner: both tokens are issued before removal.
  const created = await call('ownerA', 'POST', '/api/employees', { fio: 'Удалённая Ольга Павловна', email: REMOVED });
  if (created.statusCode !== 201) throw new Error(`create employee: ${created.statusCode} ${created.body}`);
  const session = await login(portal, REMOVED);
  removed = { id: created.json<{ id: number }>().id, ...session };
  tokens.set('removedEmployeeA', session.accessToken);
});
afterAll(async () => {
  await portal?.close();
});

describe('authorization matrix on the real app', () => {
  it('a removed employee is signed in until the owner removes them, then every token of theirs is dead', async () => {
    expect((await call('removedEmployeeA', 'GET', '/api/users/me')).statusCode).toBe(200);
    // Their submission stays, with their name, after they go.
    const own = await findUserById(portal.db, removed.id);
    if (!own) throw new Error('removed employee missing');
    const prefile = await upload(own);
    const submitted = await submitStatement(portal.ctx, own, {
      objectName: 'Объект ушедшего',
      prefileIds: [prefile.id],
    });
    expect((await call('ownerA', 'DELETE', `/api/employees/${removed.id}`)).statusCode).toBe(204);

    const me = await call('removedEmployeeA', 'GET', '/api/users/me');
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toBe('unauthorized');
    const refreshed = await refreshLogin(portal, removed.refreshToken);
    expect(refreshed.statusCode).toBe(401);
    // Nor can they log in again: the answer is an unknown e-mail's, and no code is mailed.
    // Login-code mails only: a notification of their earlier work may still be on its way (mail leaves after answers).
    const codeMails = () => portal.mailbox.messagesTo(REMOVED).filter((mail) => mail.subject === LOGIN_MAIL_SUBJECT);
    const mailed = codeMails().length;
    portal.clock.advance(61_000); // past the one-code-a-minute limit of their earlier login
    const started = await portal.app.inject({
      method: 'POST',
      url: '/api/authentication/start-email-login',
      payload: { email: REMOVED },
    });
    expect(started.statusCode).toBe(204);
    await mailDelivered();
    expect(codeMails()).toHaveLength(mailed);
    const kept = await call('ownerA', 'GET', `/api/statements/${submitted.id}`);
    expect(kept.json().stages[0].applicant).toBe('Удалённая Ольга Павловна');
  });

  it('answers every cell as the matrix says, for every route, caller and status of the object', async () => {
    // Runs after the removal above (vitest runs a file's tests in order).
    expect((await call('removedEmployeeA', 'GET', '/api/users/me')).statusCode).toBe(401);
    const failures: string[] = [];
    let cells = 0;
    const check = async (
      label: string,
      caller: Caller,
      expected: number,
      method: string,
      url: string,
      body?: unknown,
      headers?: Record<string, string>,
      stream?: boolean,
    ) => {
      cells += 1;
      const response = stream ? await callStream(caller, url) : await call(caller, method, url, body, headers);
      if (response.statusCode !== expected) {
        failures.push(
          `${label} as ${caller}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
        );
        return;
      }
      if (response.statusCode >= 400) {
        const error = JSON.parse(response.body) as { error?: unknown; message?: unknown };
        if (typeof error.error !== 'string' || typeof error.message !== 'string') {
          failures.push(`${label} as ${caller}: error body without error/message: ${response.body.slice(0, 160)}`);
        }
      }
    };

    // 1. Every registered route x every caller, on the demo data (the rows change nothing).
    for (const row of ACCESS_MATRIX) {
      for (const caller of CALLERS) {
        const body = typeof row.body === 'function' ? row.body(caller) : row.body;
        await check(`${row.method} ${row.url}`, caller, row.expect[caller], row.method, row.url, body, {}, row.stream);
      }
    }

    // 2. Every route acting on one statement x every status of A's statement x every caller. A row that changes
    // the statement gets a statement of its own per cell; the others share one per status.
    const shared = new Map<StatementStatus, MatrixObject>();
    for (const status of OBJECT_STATUSES) shared.set(status, await makeObject(status));
    for (const row of OBJECT_MATRIX) {
      for (const status of OBJECT_STATUSES) {
        const expected = row.expect(status);
        for (const caller of CALLERS) {
          const object = row.mutates
            ? await makeObject(status, { openCorrection: !row.noOpenCorrection })
            : (shared.get(status) as MatrixObject);
          const canUpload = caller !== 'anonymous' && caller !== 'removedEmployeeA';
          const prefileId = row.body && canUpload ? (await upload(user(caller))).id : null;
          const body = row.body?.(object, prefileId);
          await check(
            `${row.method} ${row.route} [${status}]`,
            caller,
            expected[caller],
            row.method,
            row.url(object),
            body,
            row.headers,
          );
        }
      }
    }

    // 3. Another company's id answers exactly what a missing id answers: same status, same body.
    const a = shared.get('sent') as MatrixObject;
    const bPrefile = async () => (await upload(user('ownerB'))).id;
    const aPrefile = (await upload(user('employeeA'))).id;
    const aEmployee = user('employeeA').id;
    const missing = 999_999;
    const missingKey = randomToken(24);
    const pairs: [string, string, string, (() => Promise<unknown>) | undefined][] = [
      ['GET', `/api/statements/${a.id}`, `/api/statements/${missing}`, undefined],
      ['DELETE', `/api/statements/${a.id}`, `/api/statements/${missing}`, undefined],
      [
        'POST',
        `/api/statements/${shared.get('has_comments')?.id}/stages`,
        `/api/statements/${missing}/stages`,
        async () => ({ status: 'under_review', prefileIds: [await bPrefile()] }),
      ],
      ['GET', `/api/statements/${a.id}/remarks`, `/api/statements/${missing}/remarks`, undefined],
      [
        'POST',
        `/api/statements/${shared.get('under_review')?.id}/withdraw`,
        `/api/statements/${missing}/withdraw`,
        async () => ({ reason: 'Чужое' }),
      ],
      [
        'POST',
        `/api/statements/${shared.get('approved')?.id}/corrections`,
        `/api/statements/${missing}/corrections`,
        async () => ({ text: 'Опечатка' }),
      ],
      [
        'POST',
        `/api/statements/${shared.get('rejected')?.id}/appeals`,
        `/api/statements/${missing}/appeals`,
        async () => ({ subject: 'decision_refusal', text: 'Чужая жалоба', prefileIds: [] }),
      ],
      ['GET', `/api/employees/${aEmployee}`, `/api/employees/${missing}`, undefined],
      ['PUT', `/api/employees/${aEmployee}`, `/api/employees/${missing}`, async () => ({ fio: 'Чужой Сотрудник' })],
      ['DELETE', `/api/employees/${aEmployee}`, `/api/employees/${missing}`, undefined],
      ['DELETE', `/api/prefiles/${aPrefile}`, `/api/prefiles/${missing}`, undefined],
      ['GET', `/api/files?path=${a.fileKey}`, `/api/files?path=${missingKey}`, undefined],
      ['GET', `/files/${a.fileKey}`, `/files/${missingKey}`, undefined],
    ];
    for (const [method, foreign, absent, makeBody] of pairs) {
      cells += 1;
      const theirs = await call('ownerB', method, foreign, await makeBody?.());
      const none = await call('ownerB', method, absent, await makeBody?.());
      if (theirs.statusCode !== 404 || none.statusCode !== 404 || theirs.body !== none.body) {
        failures.push(
          `${method} ${foreign} as ownerB: ${theirs.statusCode} ${theirs.body} differs from a missing id's ${none.statusCode} ${none.body}`,
        );
      }
    }
    // A's rows are untouched by B's attempts.
    expect((await call('ownerA', 'GET', `/api/statements/${a.id}`)).statusCode).toBe(200);
    expect((await call('ownerA', 'GET', `/api/employees/${aEmployee}`)).json().fio).toBe(demoUsers.employee.fio);

    // 4. Lists never hold another company's rows, both ways.
    const bStatement = await submitStatement(portal.ctx, user('ownerB'), {
      objectName: 'Объект компании Б',
      prefileIds: [await bPrefile()],
    });
    const aUserIds = new Set<number>();
    for (const caller of ['ownerA', 'employeeA'] as const) {
      cells += 2;
      const statements = (await call(caller, 'GET', '/api/statements')).json() as { id: number; companyName: string }[];
      if (statements.some((s) => s.id === bStatement.id || s.companyName === 'ООО «Б»')) {
        failures.push(`GET /api/statements as ${caller}: holds company B's statement`);
      }
      const employees = (await call(caller, 'GET', '/api/employees')).json() as { id: number; email: string }[];
      for (const e of employees) aUserIds.add(e.id);
      if (employees.some((e) => e.email === B_OWNER)) failures.push(`GET /api/employees as ${caller}: holds B's owner`);
    }
    cells += 4;
    const bStatements = (await call('ownerB', 'GET', '/api/statements')).json() as { id: number }[];
    if (bStatements.map((s) => s.id).join() !== String(bStatement.id)) {
      failures.push(
        `GET /api/statements as ownerB: expected only B's ${bStatement.id}, got ${bStatements.map((s) => s.id)}`,
      );
    }
    const bEmployees = (await call('ownerB', 'GET', '/api/employees')).json() as { id: number; email: string }[];
    if (bEmployees.length !== 1 || bEmployees[0]?.email !== B_OWNER || aUserIds.has(bEmployees[0].id)) {
      failures.push(`GET /api/employees as ownerB: expected B's owner alone, got ${JSON.stringify(bEmployees)}`);
    }
    const bNotifications = (await call('ownerB', 'GET', '/api/notifications')).json() as { message: string }[];
    if (JSON.stringify(bNotifications).includes('Объект матрицы')) {
      failures.push("GET /api/notifications as ownerB: mentions company A's statements");
    }
    const aNotifications = (await call('ownerA', 'GET', '/api/notifications')).json() as { message: string }[];
    if (JSON.stringify(aNotifications).includes('Объект компании Б')) {
      failures.push("GET /api/notifications as ownerA: mentions company B's statement");
    }
    // Examiners see every company's statements; a removed employee sees nothing at all.
    const all = (await call('examiner2', 'GET', '/api/instance/all/statements')).json() as { id: number }[];
    if (!all.some((s) => s.id === bStatement.id) || !all.some((s) => s.id === a.id)) {
      failures.push('GET /api/instance/all/statements as examiner2: misses a company');
    }

    console.log(`authorization matrix: ${cells} cells checked, ${failures.length} failing`);
    expect(failures, `failing cells:\n${failures.join('\n')}`).toEqual([]);
    // A budget for some 1,800 requests, not a wait: alone it takes under a minute, and CI runs it on two cores beside
    // the PostgreSQL suite (115 s was seen there with the matrix at this size).
  }, 300_000);
});

describe('a pending company (registered, not yet confirmed)', () => {
  /**
   * Its owner answers every row as another company's owner does (company B's: nothing of A's is theirs), and its
   * employee as an owner where company users all get the same, as A's employee where only owners act; only filing a
   * statement differs: 403 'Организация ещё не подтверждена комитетом'.
   */
  it('prepares as any company and cannot file', async () => {
    const email = 'owner@pending-matrix.example';
    const started = await portal.app.inject({ method: 'POST', url: '/api/registrations/start', payload: { email } });
    const attempt = started.cookies.find((cookie) => cookie.name === 'registration_attempt')?.value ?? '';
    const code = await portal.mailbox.waitForCode(email, { subject: REGISTRATION_TEXTS.codeSubject });
    const registered = await portal.app.inject({
      method: 'POST',
      url: '/api/registrations',
      cookies: { registration_attempt: attempt },
      payload: {
        email,
        code,
        legalEntity: 'ООО «Ожидающая»',
        inn: '7703001113',
        kpp: '770301001',
        ogrn: '1027700111119',
        legalAddress: 'г. Москва',
        fio: 'Ожидающий Олег Олегович',
        position: 'Директор',
        phone: '+7 900 000-00-01',
        consentVersion: '1',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const owner = registered.json<{ access_token: string }>().access_token;
    const added = await portal.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers: { authorization: `Bearer ${owner}` },
      payload: { fio: 'Сотрудник Ожидающей', email: 'employee@pending-matrix.example' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const employee = (await login(portal, 'employee@pending-matrix.example')).accessToken;

    const failures: string[] = [];
    const filing = (row: { method: string; route: string }) => row.method === 'POST' && row.route === '/api/statements';
    for (const row of ACCESS_MATRIX) {
      if (row.stream) continue;
      const body = typeof row.body === 'function' ? row.body('ownerB') : row.body;
      // Owner-only routes answer A's employee apart from A's owner; removing an employee is one too, though A's owner
      // also gets 403 there (the owner cannot remove themselves).
      const ownersOnly =
        row.expect.employeeA !== row.expect.ownerA || (row.method === 'DELETE' && row.route === '/api/employees/:id');
      const expected = {
        owner: filing(row) ? 403 : (row.pendingOwner ?? row.expect.ownerB),
        employee: filing(row) ? 403 : ownersOnly ? row.expect.employeeA : row.expect.ownerB,
      };
      for (const [who, token] of [
        ['owner', owner],
        ['employee', employee],
      ] as const) {
        const response = await portal.app.inject({
          method: row.method as 'GET',
          url: row.url,
          headers: { authorization: `Bearer ${token}` },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        if (response.statusCode !== expected[who]) {
          failures.push(
            `${row.method} ${row.url} as the pending ${who}: expected ${expected[who]}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
        if (filing(row) && response.statusCode === 403) {
          expect(response.json().message).toBe('Организация ещё не подтверждена комитетом');
        }
      }
    }
    expect(failures, `failing cells:\n${failures.join('\n')}`).toEqual([]);
  }, 300_000);
});
