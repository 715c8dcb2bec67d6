import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { innProblem, kppProblem, ogrnProblem } from '#domain/requisites.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { demoUsers } from '../../tools/demo.ts';
import { cookieFrom, login, refreshLogin, startTestPortal, type TestPortal } from './helpers.ts';

describe('requisites', () => {
  it.each([
    ['7701234560', null],
    ['7701234567', 'ИНН указан с ошибкой: не сходится контрольное число'],
    ['500123456750', null],
    ['500123456751', 'ИНН указан с ошибкой: не сходится контрольное число'],
    ['77012345', 'ИНН должен состоять из 10 или 12 цифр'],
    ['77012345AB', 'ИНН должен состоять из 10 или 12 цифр'],
  ])('ИНН %s', (inn, problem) => expect(innProblem(inn)).toBe(problem));

  it.each([
    ['1027700123450', null],
    ['1027700123456', 'ОГРН указан с ошибкой: не сходится контрольное число'],
    ['304500100000125', null],
    ['304500100000124', 'ОГРН указан с ошибкой: не сходится контрольное число'],
    ['12345', 'ОГРН должен состоять из 13 цифр (ОГРНИП — из 15)'],
  ])('ОГРН %s', (ogrn, problem) => expect(ogrnProblem(ogrn)).toBe(problem));

  it.each([
    ['770101001', null],
    ['7701AB001', null],
    ['77010100', 'КПП должен состоять из 9 цифр'],
    ['7701ab001', 'КПП должен состоять из 9 цифр'],
  ])('КПП %s', (kpp, problem) => expect(kppProblem(kpp)).toBe(problem));
});

let portal: TestPortal;
const tokens: Record<string, string> = {};
const owner = demoUsers.owner.email;
const employee = demoUsers.employee.email;
const ownerB = 'owner@company-b.example';

beforeAll(async () => {
  portal = await startTestPortal();
  await createCompanyWithOwner(portal.ctx, { email: ownerB, legalEntity: 'ООО «Б»', fio: 'Борисов Борис' });
  for (const email of [owner, employee, ownerB]) tokens[email] = (await login(portal, email)).accessToken;
}, 60_000);
afterAll(async () => {
  await portal.close();
});

function call(as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return portal.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('employees', () => {
  it('lists the company’s people to its users only', async () => {
    const list = (await call(employee, 'GET', '/api/employees')).json();
    expect(list.map((person: { email: string }) => person.email)).toEqual(expect.arrayContaining([owner, employee]));
    const employeeId = list.find((person: { email: string }) => person.email === employee).id;
    expect((await call(ownerB, 'GET', `/api/employees/${employeeId}`)).statusCode).toBe(404);
    expect((await call(ownerB, 'GET', '/api/employees')).json().map((p: { email: string }) => p.email)).toEqual([
      ownerB,
    ]);
  });

  it('lets the owner add people, with or without an e-mail, and tells a new address how to log in', async () => {
    const without = await call(owner, 'POST', '/api/employees', {
      fio: ' Сидоров Сидор ',
      email: null,
      phone: '',
      position: null,
    });
    expect(without.statusCode).toBe(201);
    expect(without.json()).toMatchObject({
      fio: 'Сидоров Сидор',
      email: null,
      phone: null,
      position: null,
      isVerify: false,
    });

    const added = await call(owner, 'POST', '/api/employees', {
      fio: 'Орлова Ольга',
      email: 'Olga@Example.org',
      phone: '+7 900 000-00-00',
      position: 'ГИП',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email: 'olga@example.org', isVerify: false });
    await expect.poll(() => portal.mailbox.messagesTo('olga@example.org').length).toBe(1);
    const [welcome] = portal.mailbox.messagesTo('olga@example.org');
    expect(welcome?.text).toContain('ООО «СтройПроект» добавила вас');
    expect(welcome?.text).toContain('/login');

    const taken = await call(owner, 'POST', '/api/employees', { fio: 'Дубль', email: employee.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: 'email_taken',
      field: 'email',
      message: expect.stringContaining('уже используется'),
    });
    const invalid = await call(owner, 'POST', '/api/employees', { fio: 'Кривой', email: 'не почта' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('некорректный адрес электронной почты');
  });

  it('refuses every change to a user who is not the owner', async () => {
    const list = (await call(owner, 'GET', '/api/employees')).json();
    const someone = list.find((person: { email: string | null }) => person.email === null).id;
    expect((await call(employee, 'POST', '/api/employees', { fio: 'Новый' })).statusCode).toBe(403);
    expect((await call(employee, 'PUT', `/api/employees/${someone}`, { fio: 'Другой' })).statusCode).toBe(403);
    expect((await call(employee, 'DELETE', `/api/employees/${someone}`)).statusCode).toBe(403);
    expect((await call(ownerB, 'PUT', `/api/employees/${someone}`, { fio: 'Чужой' })).statusCode).toBe(404);
    expect((await call(ownerB, 'DELETE', `/api/employees/${someone}`)).statusCode).toBe(404);
  });

  it('ends an employee’s sessions when their e-mail changes, and asks them to verify it anew', async () => {
    const added = (
      await call(owner, 'POST', '/api/employees', { fio: 'Меняющий Почту', email: 'old@example.org' })
    ).json();
    const session = await login(portal, 'old@example.org');
    expect((await call(owner, 'GET', `/api/employees/${added.id}`)).json().isVerify).toBe(true);

    const kept = await call(owner, 'PUT', `/api/employees/${added.id}`, {
      fio: 'Меняющий Почту',
      email: 'OLD@example.org',
      position: 'ГАП',
    });
    expect(kept.json()).toMatchObject({ isVerify: true, position: 'ГАП' });
    const changed = await call(owner, 'PUT', `/api/employees/${added.id}`, {
      fio: 'Меняющий Почту',
      email: 'new@example.org',
    });
    expect(changed.json()).toMatchObject({ email: 'new@example.org', isVerify: false, position: null });
    const refresh = await refreshLogin(portal, session.refreshToken);
    expect(refresh.statusCode).toBe(401);
    expect(cookieFrom(refresh, 'refresh_token')).toBe('');
    await expect.poll(() => portal.mailbox.messagesTo('new@example.org').length).toBe(1);
  });

  it('removes an employee but never the owner', async () => {
    const list = (await call(owner, 'GET', '/api/employees')).json();
    const ownerId = list.find((person: { email: string }) => person.email === owner).id;
    const removed = await call(owner, 'DELETE', `/api/employees/${ownerId}`);
    expect(removed.statusCode).toBe(403);
    expect(removed.json().message).toBe('Владельца компании удалить нельзя');
    const someone = (await call(owner, 'POST', '/api/employees', { fio: 'Временный' })).json();
    expect((await call(owner, 'DELETE', `/api/employees/${someone.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/api/employees/${someone.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/employees/${someone.id}`)).statusCode).toBe(404);
  });
});

describe('the company', () => {
  it('shows the company to its users and lets only the owner change it, checking the requisites', async () => {
    const company = (await call(employee, 'GET', '/api/companies/me')).json();
    expect(company).toMatchObject({
      legalEntity: 'ООО «СтройПроект»',
      inn: '7701234560',
      contactFio: demoUsers.owner.fio,
    });
    const change = { ...company, legalEntity: 'ООО «СтройПроект-2»' };
    delete change.id;
    expect((await call(employee, 'PUT', '/api/companies/me', change)).statusCode).toBe(403);

    const wrongInn = await call(owner, 'PUT', '/api/companies/me', { ...change, inn: '7701234567' });
    expect(wrongInn.statusCode).toBe(400);
    expect(wrongInn.json()).toEqual({
      error: 'validation_error',
      message: 'ИНН указан с ошибкой: не сходится контрольное число',
      field: 'inn',
    });
    const shortKpp = await call(owner, 'PUT', '/api/companies/me', { ...change, kpp: '123' });
    expect(shortKpp.statusCode).toBe(400);
    expect(shortKpp.json()).toMatchObject({ field: 'kpp', message: expect.stringContaining('КПП') });
    const noName = await call(owner, 'PUT', '/api/companies/me', { ...change, legalEntity: '   ' });
    expect(noName.statusCode).toBe(400);

    const saved = await call(owner, 'PUT', '/api/companies/me', {
      ...change,
      inn: '500123456750',
      kpp: '7701AB001',
      ogrn: '304500100000125',
      legalAddress: '',
      contactFio: ' Петров Пётр ',
      contactPhone: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      legalEntity: 'ООО «СтройПроект-2»',
      legalAddress: null,
      inn: '500123456750',
      contactFio: 'Петров Пётр',
      contactPhone: null,
    });
    // The head is the one source of the statements' companyDirector (the detail carries it; lists the name).
    const [first] = (await call(owner, 'GET', '/api/statements')).json();
    expect(first).toMatchObject({ companyName: 'ООО «СтройПроект-2»' });
    const detail = (await call(owner, 'GET', `/api/statements/${first.id}`)).json();
    expect(detail).toMatchObject({ companyName: 'ООО «СтройПроект-2»', companyDirector: 'Петров Пётр' });
  });

  it('writes nothing for a save that changes nothing: no change for lists or live streams (the second attack)', async () => {
    const lastChange = async () =>
      Number(
        (
          await portal.db
            .selectFrom('changes')
            .select((eb) => eb.fn.max('seq').as('seq'))
            .executeTakeFirstOrThrow()
        ).seq ?? 0,
      );
    const { id: _id, ...current } = (await call(owner, 'GET', '/api/companies/me')).json();
    const before = await lastChange();
    expect((await call(owner, 'PUT', '/api/companies/me', current)).statusCode).toBe(200);
    expect(await lastChange()).toBe(before);
    // A real change is one.
    const changed = await call(owner, 'PUT', '/api/companies/me', { ...current, contactPhone: '+7 900 000-00-01' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await lastChange()).toBeGreaterThan(before);
  });
});
