import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminLogPage,
  PendingRegistration,
  RegistrationConfirmation,
  RegistrationInput,
  Session,
} from '#domain/contract.ts';
import { registrationStatementTexts } from '#domain/pdf/registration-statement.ts';
import { SIGNATURE_FAILURE_TEXTS } from '#domain/signatures.ts';
import type { deferredMailer } from '../../server/src/mail/outbox.ts';
import { requireOperator } from '../../server/src/personal-data/documents.ts';
import { CONFIRMATION_TEXTS } from '../../server/src/registration/confirmation.ts';
import { removeExpiredRegistrations } from '../../server/src/registration/expiry.ts';
import { decideRegistration, REGISTRATION_TEXTS } from '../../server/src/registration/registration.service.ts';
import { registrationAttemptCookieName } from '../../server/src/routes/api/registrations/index.ts';
import { demoUsers } from '../../tools/demo.ts';
import {
  makeTestAuthority,
  OTHER_COMPANY,
  TEST_COMMITTEE,
  TEST_COMPANY,
  type TestAuthority,
  type TestSignerName,
} from '../../tools/test-ca.ts';
import { cookieFrom, login, pdfText, signedIn, startTestPortal, type TestPortal, uploadPrefile } from './helpers.ts';

let portal: TestPortal;
let dir: string;
let ca: TestAuthority;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'registration-'));
  // A test authority: a head confirms a registration at once with a qualified signature of the statement.
  ca = await makeTestAuthority(path.join(dir, 'ca'));
  portal = await startTestPortal({ SIGNATURE_TRUST_DIR: ca.trustDir, COMMITTEE_INN: TEST_COMMITTEE.innLe });
}, 180_000);
afterAll(async () => {
  await portal?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const COOKIE = registrationAttemptCookieName(false);
const DAY = 24 * 60 * 60 * 1000;
const mailDelivered = () => (portal.app.mailer as ReturnType<typeof deferredMailer>).flush();

/** Asks for a code as a browser would, and keeps the attempt cookie it gets. */
async function start(email: string, on: TestPortal = portal) {
  const response = await on.app.inject({ method: 'POST', url: '/api/registrations/start', payload: { email } });
  return { response, attempt: cookieFrom(response, COOKIE) };
}

/** A valid organisation (ООО) and its registrant, unless `changes` say otherwise. */
function form(email: string, code: string, changes: Partial<RegistrationInput> = {}): RegistrationInput {
  return {
    email,
    code,
    legalEntity: 'ООО «Новый проект»',
    inn: '7703001113',
    kpp: '770301001',
    ogrn: '1027700111119',
    legalAddress: '101000, г. Москва, ул. Новая, д. 5',
    fio: 'Соколова Ирина Павловна',
    position: 'Генеральный директор',
    phone: '+7 (495) 765-43-21',
    consentVersion: '1',
    ...changes,
  };
}

function send(input: RegistrationInput, attempt: string | null, on: TestPortal = portal) {
  return on.app.inject({
    method: 'POST',
    url: '/api/registrations',
    payload: input,
    ...(attempt ? { cookies: { [COOKIE]: attempt } } : {}),
  });
}

/** Starts a registration for `email` and reads the code from its mail. */
async function codeFor(email: string) {
  const { attempt } = await start(email);
  const code = await portal.mailbox.waitForCode(email, { subject: REGISTRATION_TEXTS.codeSubject });
  return { attempt, code };
}

const bearer = (response: LightMyRequestResponse) => ({
  authorization: `Bearer ${response.json<Session>().access_token}`,
});

describe('the e-mail step', () => {
  it('answers 202 with the same body for a new address and one with an account; only the new one gets a code', async () => {
    const fresh = await start('new-org@example.org');
    const known = await start(demoUsers.owner.email);
    for (const { response, attempt } of [fresh, known]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: REGISTRATION_TEXTS.started });
      expect(attempt).toMatch(/^[\w-]{20,}$/);
    }
    await mailDelivered();
    const [codeMail] = portal.mailbox.messagesTo('new-org@example.org');
    expect(codeMail?.subject).toBe(REGISTRATION_TEXTS.codeSubject);
    expect(codeMail?.text).toMatch(/\b\d{6}\b/);
    const [accountMail] = portal.mailbox.messagesTo(demoUsers.owner.email);
    expect(accountMail?.subject).toBe(REGISTRATION_TEXTS.accountSubject);
    expect(accountMail?.text).toContain('/login');
    expect(accountMail?.text).not.toMatch(/\b\d{6}\b/);
  });

  it('gives an address with an account nothing to register with, even with a guessed code', async () => {
    const { attempt } = await start(demoUsers.employee.email);
    const response = await send(form(demoUsers.employee.email, '123456', { inn: '7703004442' }), attempt);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('invalid_code');
  });
});

describe('registering an organisation', () => {
  it('checks the form field by field before the code, each a 400 naming its field in Russian', async () => {
    const email = 'fields@example.org';
    const { attempt, code } = await codeFor(email);
    const cases: Array<[Partial<RegistrationInput>, string, string]> = [
      [{ legalEntity: '  ' }, 'legalEntity', 'Укажите наименование организации'],
      [{ inn: '7703001112' }, 'inn', 'ИНН указан с ошибкой: не сходится контрольное число'],
      [{ kpp: null }, 'kpp', 'Укажите КПП: у организации он есть'],
      [{ kpp: '77030100' }, 'kpp', 'КПП должен состоять из 9 цифр'],
      [{ ogrn: '310770000000114' }, 'ogrn', 'ОГРН организации состоит из 13 цифр'],
      [{ ogrn: '1027700111118' }, 'ogrn', 'ОГРН указан с ошибкой: не сходится контрольное число'],
      [{ inn: '770300112220' }, 'kpp', 'У индивидуального предпринимателя нет КПП: оставьте поле пустым'],
      [{ inn: '770300112220', kpp: null }, 'ogrn', 'ОГРНИП индивидуального предпринимателя состоит из 15 цифр'],
      [{ legalAddress: '' }, 'legalAddress', 'Укажите юридический адрес'],
      [{ fio: '' }, 'fio', 'Укажите ФИО'],
      [{ position: ' ' }, 'position', 'Укажите должность'],
      [{ phone: '' }, 'phone', 'Укажите телефон'],
      [{ consentVersion: null }, 'consentVersion', 'Подтвердите согласие на обработку персональных данных'],
      [{ consentVersion: '0' }, 'consentVersion', 'Текст согласия на обработку персональных данных изменился'],
    ];
    for (const [changes, field, message] of cases) {
      const response = await send(form(email, code, changes), attempt);
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'validation_error', field });
      expect(response.json().message).toContain(message);
    }
    const tooLong = await send(form(email, code, { legalEntity: 'О'.repeat(501) }), attempt);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ field: 'legalEntity' });
    // Nothing was spent on the typos: the same code registers now.
    const registered = await send(form(email, code), attempt);
    expect(registered.statusCode, registered.body).toBe(201);
  });

  it('opens a session for the owner of a pending company, keeps the consent, and refuses filing with 403', async () => {
    const email = 'Director@Pending-Org.example';
    const { attempt, code } = await codeFor('director@pending-org.example');
    const response = await send(form(email, code, { inn: '7703002220', ogrn: '1027700222220' }), attempt);
    expect(response.statusCode, response.body).toBe(201);
    expect(cookieFrom(response, 'refresh_token')).toBeTruthy();
    expect(response.json<Session>().user).toMatchObject({
      email: 'director@pending-org.example',
      role: 'owner',
      isOwner: true,
      fio: 'Соколова Ирина Павловна',
      company: { legalEntity: 'ООО «Новый проект»', state: 'pending' },
    });
    const stored = await portal.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.consent_version',
        'users.consent_at',
        'users.consent_address',
        'users.position',
        'companies.state',
        'companies.registered_at',
        'companies.kpp',
        'companies.contact_fio',
      ])
      .where('users.email', '=', 'director@pending-org.example')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      consent_version: '1',
      consent_address: '127.0.0.1',
      position: 'Генеральный директор',
      state: 'pending',
      kpp: '770301001',
      contact_fio: 'Соколова Ирина Павловна',
    });
    expect(stored.consent_at).toBe(stored.registered_at);

    const headers = bearer(response);
    // A pending company prepares: its data and its people.
    expect((await portal.app.inject({ url: '/api/companies/me', headers })).statusCode).toBe(200);
    const employee = await portal.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers,
      payload: { fio: 'Орлов Павел Сергеевич', email: 'orlov@pending-org.example' },
    });
    expect(employee.statusCode, employee.body).toBe(201);
    // It does not file.
    const filing = await portal.app.inject({
      method: 'POST',
      url: '/api/statements',
      headers,
      payload: { cipher: '', objectName: 'Дом', prefileIds: [1] },
    });
    expect(filing.statusCode).toBe(403);
    expect(filing.json()).toMatchObject({ error: 'forbidden', message: 'Организация ещё не подтверждена комитетом' });
    // The code is spent: the same attempt registers nothing again.
    const again = await send(form(email, code, { inn: '7703003336', ogrn: '1027700333330' }), attempt);
    expect(again.statusCode).toBe(401);
  });

  it('registers an entrepreneur: a 12-digit ИНН, no КПП, a 15-digit ОГРНИП', async () => {
    const email = 'ip@example.org';
    const { attempt, code } = await codeFor(email);
    const response = await send(
      form(email, code, {
        legalEntity: 'ИП Петров Пётр Петрович',
        inn: '770300334417',
        kpp: null,
        ogrn: '310770000000222',
      }),
      attempt,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Session>().user.company).toMatchObject({ state: 'pending' });
  });

  it('refuses a wrong code, and a code without the browser that asked for it', async () => {
    const email = 'wrong-code@example.org';
    const { attempt, code } = await codeFor(email);
    const wrong = await send(form(email, code === '000000' ? '111111' : '000000', { inn: '7703004442' }), attempt);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_code', attempts_left: 4 });
    const elsewhere = await send(form(email, code, { inn: '7703004442' }), null);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().error).toBe('expired_or_not_started');
  });

  it('answers an ИНН already on the portal with 409 naming whom to ask, and tells its owner', async () => {
    const email = 'copycat@example.org';
    const { attempt, code } = await codeFor(email);
    const response = await send(form(email, code, { inn: TEST_COMPANY.innLe, ogrn: TEST_COMPANY.ogrn }), attempt);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'inn_taken',
      field: 'inn',
      message: `Организация с ИНН ${TEST_COMPANY.innLe} уже зарегистрирована на портале: попросите её владельца добавить вас в сотрудники`,
    });
    await mailDelivered();
    const told = portal.mailbox
      .messagesTo(demoUsers.owner.email)
      .find((m) => m.subject === REGISTRATION_TEXTS.attemptSubject);
    expect(told?.text).toContain(TEST_COMPANY.innLe);
    expect(told?.text).toContain(email);
  });

  it('answers an ИНН held by an unconfirmed registration with 409 sending nobody to its registrant, and mails nobody', async () => {
    const email = 'second-claim@example.org';
    const { attempt, code } = await codeFor(email);
    // The ИНН the pending organisation above registered.
    const response = await send(form(email, code, { inn: '7703002220', ogrn: '1027700222220' }), attempt);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'inn_taken',
      field: 'inn',
      message:
        'Организация с ИНН 7703002220 уже ожидает подтверждения регистрации. Если регистрацию начали не вы, обратитесь в комитет',
    });
    await mailDelivered();
    const told = portal.mailbox
      .messagesTo('director@pending-org.example')
      .filter((m) => m.subject === REGISTRATION_TEXTS.attemptSubject);
    expect(told).toEqual([]);
  });

  it('of two registrations of one ИНН at once, one wins and the other gets 409', async () => {
    const first = await codeFor('first@race.example');
    const second = await codeFor('second@race.example');
    const race = { inn: '7703005559', ogrn: '1027700555552' };
    const answers = await Promise.all([
      send(form('first@race.example', first.code, race), first.attempt),
      send(form('second@race.example', second.code, race), second.attempt),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const companies = await portal.db.selectFrom('companies').select('id').where('inn', '=', race.inn).execute();
    expect(companies).toHaveLength(1);
    const owners = await portal.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['first@race.example', 'second@race.example'])
      .execute();
    expect(owners).toHaveLength(1);
  });
});

describe('the committee confirms or declines', () => {
  let head = '';
  let examiner = '';
  beforeAll(async () => {
    head = (await login(portal, demoUsers.head.email)).accessToken;
    examiner = (await login(portal, demoUsers.examiner1.email)).accessToken;
  });
  const asHead = (method: 'GET' | 'POST', url: string, payload?: object) =>
    portal.app.inject({ method, url, headers: { authorization: `Bearer ${head}` }, ...(payload ? { payload } : {}) });

  /** Registers an organisation and answers its company id and the owner's token. */
  async function registered(email: string, inn: string, ogrn: string) {
    const { attempt, code } = await codeFor(email);
    const response = await send(form(email, code, { inn, ogrn, legalEntity: `ООО «${inn}»` }), attempt);
    expect(response.statusCode, response.body).toBe(201);
    const session = response.json<Session>();
    return { companyId: session.user.company?.id as number, token: session.access_token };
  }

  it('tells every head of a new registration, lists it, and a head confirms it: the company files, the owner is mailed', async () => {
    const email = 'confirm-me@example.org';
    const { companyId, token } = await registered(email, '7703006665', '1027700666663');
    await mailDelivered();
    const message = REGISTRATION_TEXTS.headsMessage('ООО «7703006665»', '7703006665');
    expect(portal.mailbox.messagesTo(demoUsers.head.email).some((m) => m.subject === message)).toBe(true);
    const notifications = (await asHead('GET', '/api/notifications')).json() as Array<{
      message: string;
      route: string;
    }>;
    expect(notifications.find((n) => n.message === message)?.route).toBe('/instance/admin#registrations');

    const list = (await asHead('GET', '/api/admin/registrations')).json() as PendingRegistration[];
    expect(list.find((item) => item.companyId === companyId)).toMatchObject({
      legalEntity: 'ООО «7703006665»',
      inn: '7703006665',
      kpp: '770301001',
      ogrn: '1027700666663',
      registrant: { fio: 'Соколова Ирина Павловна', position: 'Генеральный директор', email },
    });
    const refused = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/registrations/${companyId}/decision`,
      headers: { authorization: `Bearer ${examiner}` },
      payload: { approve: true, reason: null },
    });
    expect(refused.statusCode).toBe(403);

    // Two confirmations at once (two tabs of a head): one is taken, the other is told it came second.
    const answers = await Promise.all([
      asHead('POST', `/api/admin/registrations/${companyId}/decision`, { approve: true, reason: null }),
      asHead('POST', `/api/admin/registrations/${companyId}/decision`, { approve: true, reason: null }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    const me = await portal.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().company.state).toBe('active');
    // Filing is no longer refused for the company's state (an upload of nobody's is the next refusal).
    const filing = await portal.app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: { authorization: `Bearer ${token}` },
      payload: { cipher: '', objectName: 'Дом', prefileIds: [999999] },
    });
    expect(filing.statusCode).not.toBe(403);
    await mailDelivered();
    expect(portal.mailbox.messagesTo(email).some((m) => m.subject === REGISTRATION_TEXTS.confirmedSubject)).toBe(true);
    const log = (await asHead('GET', '/api/admin/log')).json() as {
      entries: Array<{ action: string; subject: string }>;
    };
    expect(log.entries.find((entry) => entry.action === 'registration_confirmed')?.subject).toBe(
      'ООО «7703006665» (ИНН 7703006665)',
    );
    expect((await asHead('GET', '/api/admin/registrations')).json()).not.toContainEqual(
      expect.objectContaining({ companyId }),
    );
    // A company that never registered, or one confirmed already, is no registration waiting.
    expect(
      (await asHead('POST', '/api/admin/registrations/1/decision', { approve: true, reason: null })).statusCode,
    ).toBe(404);
  });

  it('declines with a reason: the owner is mailed and logged out; registering again replaces the declined request', async () => {
    const email = 'decline-me@example.org';
    const { companyId, token } = await registered(email, '7703007771', '1027700777774');
    const noReason = await asHead('POST', `/api/admin/registrations/${companyId}/decision`, {
      approve: false,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'reason', message: 'Укажите причину отказа' });
    const declined = await asHead('POST', `/api/admin/registrations/${companyId}/decision`, {
      approve: false,
      reason: 'ОГРН не совпадает с выпиской',
    });
    expect(declined.statusCode).toBe(204);
    const me = await portal.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(401);
    await mailDelivered();
    const mail = portal.mailbox.messagesTo(email).find((m) => m.subject === REGISTRATION_TEXTS.declinedSubject);
    expect(mail?.text).toContain('Причина: ОГРН не совпадает с выпиской');
    // The same organisation, the same address, registers again: the declined request is replaced.
    const again = await registered(email, '7703007771', '1027700777774');
    expect(again.companyId).not.toBe(companyId);
    const companies = await portal.db.selectFrom('companies').select('id').where('inn', '=', '7703007771').execute();
    expect(companies).toEqual([{ id: again.companyId }]);
  });
});

describe('confirmed at once by the head’s qualified signature', () => {
  /** Registers an organisation and answers the owner's headers and company id. */
  async function registeredAs(
    email: string,
    organisation: { inn: string; ogrn: string; legalEntity: string; kpp?: string | null },
  ) {
    const { attempt, code } = await codeFor(email);
    const response = await send(form(email, code, { kpp: '770901001', ...organisation }), attempt);
    expect(response.statusCode, response.body).toBe(201);
    const session = response.json<Session>();
    return { headers: bearer(response), token: session.access_token, companyId: session.user.company?.id as number };
  }

  const statementOf = (headers: Record<string, string>) =>
    portal.app.inject({ url: '/api/registrations/me/statement', headers });

  async function signed(bytes: Buffer, signer: TestSignerName): Promise<Buffer> {
    const file = path.join(dir, `${randomBytes(6).toString('hex')}.pdf`);
    await writeFile(file, bytes);
    return Buffer.from(await ca.sign(file, signer));
  }

  async function confirm(registrant: { headers: Record<string, string>; token: string }, signature: Buffer) {
    const name = `${registrationStatementTexts.fileName('x')}.sig`;
    const uploaded = await uploadPrefile(portal, registrant.token, name, signature, 'application/pkcs7-signature');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    return portal.app.inject({
      method: 'POST',
      url: '/api/registrations/me/confirmation',
      headers: registrant.headers,
      payload: { prefileIds: [uploaded.json().id as number] },
    });
  }

  const companyRow = (id: number) =>
    portal.db
      .selectFrom('companies')
      .select(['state', 'confirmation', 'certificate_organization', 'legal_entity', 'statement_signature_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('gives the statement as a PDF, made once: the same bytes on every download, the requisites and the person in it', async () => {
    const registrant = await registeredAs('statement@other-org.example', {
      inn: '7703011111',
      ogrn: '1027700121217',
      legalEntity: 'ООО «Заявление»',
    });
    const first = await statementOf(registrant.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toContain('attachment');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const second = await statementOf(registrant.headers);
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
    const text = pdfText(first.rawPayload);
    for (const expected of [
      registrationStatementTexts.title,
      'ООО «Заявление»',
      '7703011111 / 770901001',
      '1027700121217',
      'Соколова Ирина Павловна',
      'statement@other-org.example',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a signature of another organisation’s head, or over other bytes, is refused and the company keeps waiting', async () => {
    const registrant = await registeredAs('refused@other-org.example', {
      inn: '7703021110',
      ogrn: '1027700131315',
      legalEntity: 'ООО «Отказ»',
    });
    const statement = (await statementOf(registrant.headers)).rawPayload;
    // The demo company's director: a valid signature, of another organisation.
    const foreign = await confirm(registrant, await signed(statement, 'director256'));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(CONFIRMATION_TEXTS.refused(CONFIRMATION_TEXTS.foreign));
    const otherBytes = await confirm(registrant, await signed(Buffer.from('%PDF-1.4 другое'), 'otherDirector'));
    expect(otherBytes.statusCode).toBe(400);
    expect(otherBytes.json().message).toBe(CONFIRMATION_TEXTS.refused(SIGNATURE_FAILURE_TEXTS.invalid));
    const notSignature = await confirm(registrant, Buffer.from('not a signature'));
    expect(notSignature.statusCode).toBe(400);
    expect((await companyRow(registrant.companyId)).state).toBe('pending');
  });

  it('the head’s valid signature makes the company active at once, keeps the certificate’s name, logs it; it files', async () => {
    const registrant = await registeredAs('director@other-org.example', {
      inn: OTHER_COMPANY.innLe,
      ogrn: OTHER_COMPANY.ogrn,
      legalEntity: 'ООО «Чужой проект» (как введено)',
    });
    const statement = (await statementOf(registrant.headers)).rawPayload;
    const confirmed = await confirm(registrant, await signed(statement, 'otherDirector'));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<RegistrationConfirmation>()).toMatchObject({
      state: 'active',
      signer: 'Сидоров Пётр Николаевич',
      certificateOrganization: OTHER_COMPANY.legalEntity,
    });
    expect(await companyRow(registrant.companyId)).toMatchObject({
      state: 'active',
      confirmation: 'signature',
      certificate_organization: OTHER_COMPANY.legalEntity,
      legal_entity: 'ООО «Чужой проект» (как введено)',
      statement_signature_key: expect.any(String),
    });
    const me = await portal.app.inject({ url: '/api/users/me', headers: registrant.headers });
    expect(me.json().company.state).toBe('active');
    // Decided: neither the statement nor a second confirmation.
    expect((await statementOf(registrant.headers)).statusCode).toBe(409);
    // It is off the committee's list, and the log says who signed.
    const { bearer: as } = await signedIn(portal, { head: demoUsers.head.email });
    const head = { authorization: as.head };
    const waiting = (await portal.app.inject({ url: '/api/admin/registrations', headers: head })).json();
    expect((waiting as PendingRegistration[]).some((r) => r.companyId === registrant.companyId)).toBe(false);
    const log = (await portal.app.inject({ url: '/api/admin/log', headers: head })).json<AdminLogPage>();
    expect(log.entries[0]).toMatchObject({
      action: 'registration_confirmed',
      actorName: 'Соколова Ирина Павловна',
      subject: `ООО «Чужой проект» (как введено) (ИНН ${OTHER_COMPANY.innLe})`,
    });
    // It files now.
    const album = await uploadPrefile(portal, registrant.token, 'Альбом.pdf', '%PDF-1.4 album');
    expect(album.statusCode, album.body).toBe(201);
    const filing = await portal.app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: registrant.headers,
      payload: { cipher: '', objectName: 'Дом', prefileIds: [album.json().id as number] },
    });
    expect(filing.statusCode, filing.body).toBe(201);
  });

  it('an entrepreneur’s own certificate confirms: its ИНН is the entrepreneur’s 12-digit ИНН, with no ИНН ЮЛ', async () => {
    // The test authority's other director holds the personal ИНН 770200002217: as an entrepreneur, that person.
    const registrant = await registeredAs('ip@other-org.example', {
      inn: '770200002217',
      kpp: null,
      ogrn: '310770000000114',
      legalEntity: 'ИП Сидоров Пётр Николаевич',
    });
    const statement = (await statementOf(registrant.headers)).rawPayload;
    const confirmed = await confirm(registrant, await signed(statement, 'otherDirector'));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await companyRow(registrant.companyId)).state).toBe('active');
  });

  it('a changed requisite makes the statement anew: a signature of the old one no longer confirms', async () => {
    const registrant = await registeredAs('changed@other-org.example', {
      inn: '7703032224',
      ogrn: '1027700141413',
      legalEntity: 'ООО «Было»',
    });
    const before = (await statementOf(registrant.headers)).rawPayload;
    const saved = await portal.app.inject({
      method: 'PUT',
      url: '/api/companies/me',
      headers: registrant.headers,
      payload: {
        legalEntity: 'ООО «Стало»',
        legalAddress: 'г. Москва',
        inn: '7703032224',
        kpp: '770901001',
        ogrn: '1027700141413',
        contactFio: null,
        contactPhone: null,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await statementOf(registrant.headers)).rawPayload;
    expect(Buffer.compare(before, after)).not.toBe(0);
    expect(pdfText(after)).toContain('ООО «Стало»');
  });

  it('is the owner’s: an employee gets 403, a company the console made 404', async () => {
    const { bearer: as } = await signedIn(portal, { owner: demoUsers.owner.email, employee: demoUsers.employee.email });
    expect((await statementOf({ authorization: as.owner })).statusCode).toBe(404);
    expect((await statementOf({ authorization: as.employee })).statusCode).toBe(403);
  });
});

describe('the consent and the policy of processing', () => {
  it('are public documents with a version, naming the operator and its address', async () => {
    for (const [url, title] of [
      ['/api/public/consent', 'Согласие на обработку персональных данных'],
      ['/api/public/privacy', 'Политика обработки персональных данных'],
    ] as const) {
      const response = await portal.app.inject({ url });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document).toMatchObject({ version: '1', title });
      expect(document.text).toContain(portal.config.operator.name);
      expect(document.text).toContain(portal.config.operator.address as string);
    }
    const consent = (await portal.app.inject({ url: '/api/public/consent' })).json().text as string;
    for (const part of ['Цели обработки', 'Персональные данные', 'Действия', 'Срок действия', 'Отзыв согласия']) {
      expect(consent).toContain(part);
    }
  });

  it('cannot be published, nor registration opened, without the operator’s address: 503', () => {
    expect(() =>
      requireOperator({ operator: { name: 'Комитет', address: null, email: null }, publicOrigin: null }),
    ).toThrow(expect.objectContaining({ code: 'service_unavailable', statusCode: 503 }));
  });
});

describe('mass registrations from one address', () => {
  it('hit the per-address limit: 429 with Retry-After', async () => {
    const limited = await startTestPortal({ LOGIN_IP_LIMIT: '3' });
    try {
      const answers: number[] = [];
      for (let i = 0; i < 4; i++) answers.push((await start(`mass-${i}@example.org`, limited)).response.statusCode);
      expect(answers).toEqual([202, 202, 202, 429]);
      const refused = await start('mass-5@example.org', limited);
      expect(refused.response.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.response.json().message).toContain('Слишком много запросов на регистрацию');
    } finally {
      await limited.close();
    }
  });
});

describe('a registration past its keeping', () => {
  it('goes with its people 30 days after registering undecided, or 30 days after its decline; the log names no one', async () => {
    const started = portal.clock.now;
    const register = async (email: string, inn: string, ogrn: string) => {
      const { attempt, code } = await codeFor(email);
      const response = await send(form(email, code, { inn, ogrn, legalEntity: `ООО «${inn}»` }), attempt);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Session>().user.company?.id as number;
    };
    const exists = async (id: number) =>
      (await portal.db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    const people = async (id: number) =>
      (await portal.db.selectFrom('users').select('id').where('company_id', '=', id).execute()).length;
    const { users } = await signedIn(portal, { head: demoUsers.head.email });
    try {
      const undecided = await register('undecided@expiry.example', '7703012228', '1027700151511');
      const declinedAtOnce = await register('declined@expiry.example', '7703022226', '1027700161610');
      const declinedLater = await register('later@expiry.example', '7703031118', '1027700171718');
      const confirmed = await register('kept@expiry.example', '7703041116', '1027700181816');
      await decideRegistration(portal.app.ctx, users.head, confirmed, { approve: true, reason: null });
      await decideRegistration(portal.app.ctx, users.head, declinedAtOnce, {
        approve: false,
        reason: 'Не та организация',
      });
      portal.clock.advance(20 * DAY);
      await decideRegistration(portal.app.ctx, users.head, declinedLater, { approve: false, reason: 'Ошибка в ОГРН' });

      portal.clock.now = started + 29 * DAY;
      await removeExpiredRegistrations(portal.app.ctx);
      for (const id of [undecided, declinedAtOnce, declinedLater]) expect(await exists(id)).toBe(true);

      portal.clock.now = started + 31 * DAY;
      expect(await removeExpiredRegistrations(portal.app.ctx)).toBeGreaterThanOrEqual(2);
      for (const id of [undecided, declinedAtOnce]) {
        expect(await exists(id)).toBe(false);
        expect(await people(id)).toBe(0);
      }
      // Declined 11 days ago: kept until 30 days after the decline.
      expect(await exists(declinedLater)).toBe(true);
      expect(await people(declinedLater)).toBe(1);
      // A confirmed organisation stays whatever its age.
      expect(await exists(confirmed)).toBe(true);
      expect(await people(confirmed)).toBe(1);

      const { bearer } = await signedIn(portal, { head: demoUsers.head.email });
      const log = (
        await portal.app.inject({ url: '/api/admin/log', headers: { authorization: bearer.head } })
      ).json<AdminLogPage>();
      const removals = log.entries.filter((entry) => entry.action === 'registration_removed');
      expect(removals.length).toBeGreaterThanOrEqual(2);
      for (const entry of removals) {
        expect(entry.actorName).toBe('портал (автоматически)');
        expect(JSON.stringify(entry)).not.toMatch(/7703012228|7703022226|undecided@|declined@|«/);
      }
      expect(removals.some((entry) => entry.description.includes('30 дней после отказа'))).toBe(true);
      expect(removals.some((entry) => entry.description.includes('не подтверждена за 30 дней'))).toBe(true);
      // Its ИНН is free again.
      const again = await register('again@expiry.example', '7703012228', '1027700151511');
      expect(await exists(again)).toBe(true);
    } finally {
      portal.clock.now = Date.now();
    }
  });
});
