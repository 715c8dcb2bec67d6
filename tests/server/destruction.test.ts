// The destruction of personal data past its term (docs/product.md «Personal data»): a removed employee's and a
// deactivated examiner's contact data and login history go, the examiner's name stays where their decisions name
// them, the access log keeps only the id, and the run writes an act with the extract of the event log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DestructionAct } from '#domain/contract.ts';
import { destroyExpiredPersonalData } from '../../server/src/personal-data/destruction.ts';
import { demoUsers } from '../../tools/demo.ts';
import { pdfText, signedIn, startTestPortal, type TestPortal } from './helpers.ts';

let portal: TestPortal;
let bearer: Record<'head' | 'owner' | 'examiner', string>;
let examinerId: number;
beforeAll(async () => {
  portal = await startTestPortal();
  const signed = await signedIn(portal, {
    head: demoUsers.head.email,
    owner: demoUsers.owner.email,
    examiner: demoUsers.examiner1.email,
  });
  bearer = signed.bearer;
  examinerId = signed.users.examiner.id;
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const call = (as: keyof typeof bearer, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  portal.app.inject({
    method,
    url,
    headers: { authorization: bearer[as] },
    ...(payload === undefined ? {} : { payload }),
  });
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
