// What an outside attack found (SECURITY.md, "What is enforced where"): each test here sent the attack before the fix.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCheckToken } from '../../server/src/certificates/certificates.service.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { BODY_RATE_WINDOW_MS } from '../../server/src/http/slow-bodies.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import { isPartialName } from '../../server/src/storage/file-store.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { demoUsers, wrongCode } from '../../tools/demo.ts';
import { freePort } from '../../tools/free-port.ts';
import { logInByCode } from '../../tools/login.ts';
import { startSmtpSink } from '../../tools/smtp-sink.ts';
import {
  attemptOf,
  certificatePrefile,
  cookieFrom,
  login,
  serverProcessEnv,
  startApiProcess,
  startLogin,
  startTestPortal,
  type TestPortal,
  uploadPrefile,
  userByEmail,
  verifyLogin,
} from './helpers.ts';

let portal: TestPortal;
let token: string;
let ownerSession: Promise<string> | undefined;

/** The demo owner's access token, logged in once for the file (a new code for the same e-mail waits a minute). */
function ownerToken(): Promise<string> {
  ownerSession ??= login(portal, demoUsers.owner.email).then((session) => session.accessToken);
  return ownerSession;
}

beforeAll(async () => {
  portal = await startTestPortal();
  token = (await login(portal, demoUsers.employee.email)).accessToken;
}, 60_000);
afterAll(async () => {
  await portal.close();
});

/** A multipart body by hand: one part with `headers`, then `content`, closed (or not) by the final boundary. */
function multipart(headers: string, content: string, closed = true) {
  const boundary = 'x-attack-boundary';
  const body = `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n${closed ? `--${boundary}--\r\n` : ''}`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(body: { payload: string; headers: Record<string, string> }) {
  return portal.app.inject({
    method: 'POST',
    url: '/api/prefiles',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

describe('bad input answers 400, never 500', () => {
  it('refuses JSON nested 8,000 levels deep on an anonymous route, and at any depth past 32', async () => {
    for (const depth of [8_000, 33]) {
      const response = await portal.app.inject({
        method: 'POST',
        url: '/api/authentication/start-email-login',
        headers: { 'content-type': 'application/json' },
        payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
      });
      expect(response.statusCode, `depth ${depth}`).toBe(400);
      expect(response.json()).toMatchObject({ error: 'validation_error', message: expect.stringMatching(/вложенн/) });
    }
    // A body of ordinary depth still reaches the route.
    const ordinary = await portal.app.inject({
      method: 'POST',
      url: '/api/authentication/start-email-login',
      payload: { email: 'nobody@demo.example' },
    });
    expect(ordinary.statusCode).toBe(204);
  });

  it('answers an upload whose multipart body never closes with 400, keeping nothing', async () => {
    const response = await upload(
      multipart('Content-Disposition: form-data; name="file"; filename="обрыв.pdf"', '%PDF-1.4 partial', false),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'bad_request',
      message: expect.stringMatching(/завершающей границы/),
    });
    expect(await portal.db.selectFrom('prefiles').select('id').where('name', '=', 'обрыв.pdf').execute()).toEqual([]);
  });

  it('cuts a 41,000-character file name to 255 characters, keeping its extension', async () => {
    const long = `${'чертёж'.repeat(7_000)}.pdf`;
    const response = await upload(
      multipart(`Content-Disposition: form-data; name="file"; filename="${long}"`, '%PDF-1.4 long name'),
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
    const name: string = response.json().name;
    expect([...name].length).toBe(255);
    expect(name.endsWith('.pdf')).toBe(true);
    expect(long.startsWith(name.slice(0, -4))).toBe(true);
  });

  it('bounds the part headers: 2 MB of them is refused with 400', async () => {
    const response = await upload(
      multipart(
        `Content-Disposition: form-data; name="file"; filename="a.pdf"\r\nX-Padding: ${'a'.repeat(2 * 1024 * 1024)}`,
        '%PDF-1.4 padded',
      ),
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/[а-я]/) });
  });
});

describe('nobody can lock another user out of login', () => {
  it('spends wrong guesses only on the guesser’s own attempt; the victim’s code still logs in, and a new one comes from another network', async () => {
    const lockout = await startTestPortal({ TRUST_PROXY: '127.0.0.1' });
    try {
      const victim = demoUsers.examiner1.email;
      const from = (address: string) => ({ 'x-real-ip': address });
      // The victim asks for a code in their browser.
      expect((await startLogin(lockout, victim, from('198.51.100.7'))).statusCode).toBe(204);
      const victimAttempt = attemptOf(lockout, victim);
      const code = await lockout.mailbox.waitForCode(victim);

      // The attacker starts their own attempts for the victim's e-mail until their network's limit, and guesses.
      const attacker = '203.0.113.9';
      const attackerStarts: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = await lockout.app.inject({
          method: 'POST',
          url: '/api/authentication/start-email-login',
          payload: { email: victim },
          headers: from(attacker),
        });
        attackerStarts.push(started.statusCode);
        const own = cookieFrom(started, 'login_attempt') ?? undefined;
        for (let guess = 1; own && guess <= 6; guess++) await verifyLogin(lockout, victim, wrongCode(code, guess), own);
      }
      expect(attackerStarts).toEqual([204, 204, 204, 204, 204, 429, 429]);
      // Guesses with no attempt, or with a made-up one, spend nothing.
      for (const attempt of [undefined, 'made-up-attempt-token-000000000000']) {
        const guess = await verifyLogin(lockout, victim, wrongCode(code, 7), attempt ?? '');
        expect(guess.json().error).toBe('expired_or_not_started');
      }

      // The victim's code, in the victim's browser, still logs in.
      const verified = await verifyLogin(lockout, victim, code, victimAttempt);
      expect(verified.statusCode, verified.body).toBe(200);
      // And a new code can be asked for from the victim's network, however many the attacker's network asked.
      lockout.clock.advance(61_000);
      expect((await startLogin(lockout, victim, from('198.51.100.7'))).statusCode).toBe(204);
    } finally {
      await lockout.close();
    }
  });
});

describe('uploads have a rate and a quota', () => {
  it('refuses a user past the upload rate with 429 and Retry-After, counted in the database', async () => {
    const limited = await startTestPortal({ UPLOAD_RATE_LIMIT: '3', UPLOAD_RATE_WINDOW_SECONDS: '60' });
    try {
      const { accessToken } = await login(limited, demoUsers.employee.email);
      const answers: number[] = [];
      for (let i = 0; i < 5; i++) {
        answers.push((await uploadPrefile(limited, accessToken, `лист ${i}.pdf`, '%PDF-1.4 rate')).statusCode);
      }
      expect(answers).toEqual([201, 201, 201, 429, 429]);
      const refused = await uploadPrefile(limited, accessToken, 'ещё.pdf', '%PDF-1.4 rate');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/^Слишком много загрузок подряд/);
      // Another user of the same company has a rate of their own.
      const owner = await login(limited, demoUsers.owner.email);
      expect((await uploadPrefile(limited, owner.accessToken, 'владелец.pdf', '%PDF-1.4')).statusCode).toBe(201);
      limited.clock.advance(61_000);
      expect((await uploadPrefile(limited, accessToken, 'после паузы.pdf', '%PDF-1.4')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('refuses what would take the company’s unattached uploads past the quota with 413, and frees it on submission', async () => {
    const limited = await startTestPortal({ UPLOAD_PENDING_QUOTA_MB: '1' });
    try {
      const employee = (await login(limited, demoUsers.employee.email)).accessToken;
      const owner = (await login(limited, demoUsers.owner.email)).accessToken;
      const part = Buffer.alloc(400 * 1024, 0x41);
      const first = await uploadPrefile(limited, employee, 'a.pdf', part);
      const second = await uploadPrefile(limited, owner, 'b.pdf', part);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      // The company's two users share the quota: a third 400 KB file would pass 1 MB.
      const third = await uploadPrefile(limited, employee, 'c.pdf', part);
      expect(third.statusCode, third.body).toBe(413);
      expect(third.json()).toMatchObject({ error: 'upload_quota_exceeded', message: expect.stringMatching(/1 МБ/) });
      // Submitting attaches them: the quota is free again.
      const created = await limited.app.inject({
        method: 'POST',
        url: '/api/statements',
        headers: { authorization: `Bearer ${employee}` },
        payload: { cipher: '', objectName: 'Квота', address: null, comment: null, prefileIds: [first.json().id] },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect((await uploadPrefile(limited, employee, 'c.pdf', part)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('a trickled request body', () => {
  it('is cut by the API itself within two windows of its minimum rate, while a normal body is read', async () => {
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = portal.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    const began = performance.now();
    socket.write(
      'POST /api/authentication/start-email-login HTTP/1.1\r\nHost: portal\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.write(' '), 1_000);
    const closedAfter = await new Promise<number>((resolve) =>
      socket.once('close', () => resolve(performance.now() - began)),
    );
    clearInterval(trickle);
    expect(closedAfter).toBeLessThan(2 * BODY_RATE_WINDOW_MS + 2_000);
    const normal = await fetch(`http://127.0.0.1:${port}/api/authentication/start-email-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@demo.example' }),
    });
    expect(normal.status).toBe(204);
  }, 30_000);
});

describe('the public check of an approved certificate', () => {
  it('shows the company, object and examiner as they were at the approval, whatever was edited since', async () => {
    const owner = await userByEmail(portal, demoUsers.owner.email);
    const examiner = await userByEmail(portal, demoUsers.examiner1.email);
    const prefileId = (
      await storePrefile(portal.ctx, owner.id, {
        fileName: 'Альбом.pdf',
        contentType: 'application/pdf',
        source: '%PDF',
      })
    ).id;
    const { id } = await submitStatement(portal.ctx, owner, {
      cipher: '',
      objectName: 'Дом культуры',
      address: 'ул. Прежняя, 1',
      prefileIds: [prefileId],
    });
    await takeIntoWork(portal.ctx, examiner, id);
    const { token } = await issueCheckToken(portal.ctx, examiner, id);
    await replyToStatement(portal.ctx, examiner, id, {
      status: 'approved',
      comment: null,
      prefileIds: [await certificatePrefile(portal, examiner, id)],
    });
    // The approved set is made after the approval, in the background: read once it is there.
    const check = async () => (await portal.app.inject({ url: `/api/public/certificates/${token}` })).json();
    await expect.poll(async () => (await check()).approvedSet ?? null).not.toBeNull();
    const before = await check();

    // Afterwards the company renames itself and takes other requisites; the examiner changes their name.
    const asOwner = { authorization: `Bearer ${await ownerToken()}` };
    const company = (await portal.app.inject({ url: '/api/companies/me', headers: asOwner })).json();
    const renamed = await portal.app.inject({
      method: 'PUT',
      url: '/api/companies/me',
      headers: asOwner,
      payload: { ...company, id: undefined, legalEntity: 'ООО «Другое имя»', inn: '7736207543', ogrn: '1027700229193' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await portal.db
      .updateTable('users')
      .set({ fio: 'Подменённый Эксперт Иванович' })
      .where('id', '=', examiner.id)
      .execute();

    const after = (await portal.app.inject({ url: `/api/public/certificates/${token}` })).json();
    expect(after).toEqual(before);
    expect(after).toMatchObject({ company: company.legalEntity, companyInn: company.inn, objectName: 'Дом культуры' });
  });
});

describe('both details of a statement', () => {
  it('say which company values were current at submission, beside today’s, after the company changed them', async () => {
    const owner = await userByEmail(portal, demoUsers.owner.email);
    const examiner = await userByEmail(portal, demoUsers.examiner1.email);
    const examinerToken = (await login(portal, demoUsers.examiner1.email)).accessToken;
    const asOwner = { authorization: `Bearer ${await ownerToken()}` };
    const company = (await portal.app.inject({ url: '/api/companies/me', headers: asOwner })).json();
    const prefileId = (
      await storePrefile(portal.ctx, owner.id, {
        fileName: 'Фасады.pdf',
        contentType: 'application/pdf',
        source: '%PDF',
      })
    ).id;
    const { id } = await submitStatement(portal.ctx, owner, {
      cipher: '',
      objectName: 'Библиотека',
      prefileIds: [prefileId],
    });
    await takeIntoWork(portal.ctx, examiner, id);
    const submitted = (await portal.app.inject({ url: `/api/statements/${id}`, headers: asOwner })).json();
    expect(submitted.companyAtSubmission).toEqual({
      submittedAt: submitted.dateCreate,
      companyName: company.legalEntity,
      companyInn: company.inn,
      companyOgrn: company.ogrn,
      companyKpp: company.kpp,
      companyDirector: company.contactFio,
      companyDirectorPhone: company.contactPhone,
    });

    const edited = await portal.app.inject({
      method: 'PUT',
      url: '/api/companies/me',
      headers: asOwner,
      payload: { ...company, id: undefined, legalEntity: 'ООО «Третье имя»', contactFio: 'Новиков Пётр Петрович' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const seenBy = [
      (await portal.app.inject({ url: `/api/statements/${id}`, headers: asOwner })).json(),
      (
        await portal.app.inject({
          url: `/api/instance/statements/${id}`,
          headers: { authorization: `Bearer ${examinerToken}` },
        })
      ).json(),
    ];
    for (const statement of seenBy) {
      expect(statement).toMatchObject({ companyName: 'ООО «Третье имя»', companyDirector: 'Новиков Пётр Петрович' });
      expect(statement.companyAtSubmission).toEqual(submitted.companyAtSubmission);
    }
  });
});

describe('an ИНН names one company', () => {
  it('refuses another company’s ИНН with 409 naming the field, on creation and on edit', async () => {
    const demo = (
      await portal.app.inject({ url: '/api/companies/me', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(demo.inn).toMatch(/^\d{10}$/);
    await expect(
      createCompanyWithOwner(portal.ctx, {
        email: 'copy@company-c.example',
        legalEntity: 'ООО «Копия»',
        inn: demo.inn,
      }),
    ).rejects.toMatchObject({ code: 'inn_taken' });
    await createCompanyWithOwner(portal.ctx, { email: 'owner@company-d.example', legalEntity: 'ООО «Д»' });
    const other = (await login(portal, 'owner@company-d.example')).accessToken;
    const taken = await portal.app.inject({
      method: 'PUT',
      url: '/api/companies/me',
      headers: { authorization: `Bearer ${other}` },
      payload: { legalEntity: 'ООО «Д»', inn: demo.inn },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: 'inn_taken',
      field: 'inn',
      message: 'Этот ИНН уже указан у другой компании портала',
    });
  });
});

describe('the bearer scheme', () => {
  it('is read case-insensitively, with one or more spaces (RFC 6750)', async () => {
    for (const scheme of ['Bearer ', 'bearer ', 'BEARER ', 'Bearer   ']) {
      const response = await portal.app.inject({
        url: '/api/users/me',
        headers: { authorization: `${scheme}${token}` },
      });
      expect(response.statusCode, JSON.stringify(scheme)).toBe(200);
    }
    for (const wrong of [`Basic ${token}`, `Bearer${token}`, token]) {
      const response = await portal.app.inject({ url: '/api/users/me', headers: { authorization: wrong } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('an upload the client gives up on', () => {
  it('is logged as aborted by the client, not as a server error, and the server goes on', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-abort-'));
    const sink = await startSmtpSink();
    const port = await freePort();
    const metricsPort = await freePort();
    const server = startApiProcess(port, {
      ...(await serverProcessEnv(dataDir, sink.smtpUrl)),
      METRICS_PORT: String(metricsPort),
    });
    // Everything it printed has been read once its output is closed.
    const outputClosed = new Promise((resolve) => server.process.once('close', resolve));
    try {
      await server.waitForStart({ name: 'api', timeoutMs: 60_000 });
      const base = `http://127.0.0.1:${port}`;
      const { accessToken } = await logInByCode(base, demoUsers.employee.email, (e) => sink.waitForCode(e));

      // 10 MB declared, 64 KB sent, then the connection is gone.
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const head = '--B\r\nContent-Disposition: form-data; name="file"; filename="брошено.pdf"\r\n\r\n';
      socket.write(
        `POST /api/prefiles HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${accessToken}\r\n` +
          `Content-Type: multipart/form-data; boundary=B\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n${head}`,
      );
      socket.write(Buffer.alloc(64 * 1024, 1));
      // Given up once the server is storing it: part of the file is on disk.
      const filesDir = path.join(dataDir, 'files');
      const partialBytes = () =>
        (existsSync(filesDir) ? readdirSync(filesDir) : [])
          .filter(isPartialName)
          .reduce((sum, name) => sum + (statSync(path.join(filesDir, name), { throwIfNoEntry: false })?.size ?? 0), 0);
      await expect.poll(partialBytes, { timeout: 10_000 }).toBeGreaterThan(0);
      socket.destroy();
      // Until the server has answered it: the error answer is counted as it is sent, after any error was logged.
      const errorAnswers = async () =>
        (await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text())
          .split('\n')
          .filter((line) => line.startsWith('portal_api_errors_total{'));
      await expect.poll(errorAnswers, { timeout: 10_000 }).not.toEqual([]);
      expect(await errorAnswers()).toEqual(['portal_api_errors_total{code="bad_request"} 1']);

      const list = await fetch(`${base}/api/health`);
      expect(list.status).toBe(200);
      await server.stop();
      await outputClosed;
      const errors = server
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
      expect(errors).toEqual([]);
    } finally {
      await server.stop();
      await sink.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
