// A person's request about their personal data (docs/product.md «Personal data»): a head finds the person by e-mail,
// phone, ФИО or СНИЛС, and the answer holds everything the demo seeds about them, as JSON and as PDF, registered with
// its term of 10 working days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalDataSubject, SubjectAnswer, SubjectRequest } from '#domain/contract.ts';
import { DEMO_ARCHITECT, DEMO_POWER_OF_ATTORNEY } from '../../server/src/seed/demo-signatures.ts';
import { demoUsers } from '../../tools/demo.ts';
import { pdfText, signedIn, startTestPortal, type TestPortal } from './helpers.ts';

let portal: TestPortal;
let bearer: Record<'head' | 'examiner' | 'employee', string>;
let employeeId: number;
beforeAll(async () => {
  portal = await startTestPortal();
  const signed = await signedIn(portal, {
    head: demoUsers.head.email,
    examiner: demoUsers.examiner1.email,
    employee: demoUsers.employee.email,
  });
  bearer = signed.bearer;
  employeeId = signed.users.employee.id;
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

// Each read's access-log entry is written just after its answer (server/src/plugins/access-log.ts): settled here.
const call = async (as: keyof typeof bearer, method: 'GET' | 'POST', url: string, payload?: object) => {
  const answer = await portal.app.inject({
    method,
    url,
    headers: { authorization: bearer[as] },
    ...(payload === undefined ? {} : { payload }),
  });
  await portal.app.accessLogSettled();
  return answer;
};
const find = async (query: string) =>
  (await call('head', 'GET', `/api/admin/subject-requests/people?query=${encodeURIComponent(query)}`)).json<
    PersonalDataSubject[]
  >();

describe('a person is found', () => {
  it.each([
    ['e-mail', demoUsers.employee.email],
    ['phone', '916 555-12-34'],
    ['ФИО', 'петрова анна'],
    ['СНИЛС from her certificate and power of attorney', '123-456-789 64'],
  ])('by %s', async (_, query) => {
    const people = await find(query);
    expect(people.map((person) => person.personId)).toEqual([employeeId]);
    expect(people[0]).toMatchObject({ fio: demoUsers.employee.fio, company: 'ООО «СтройПроект»' });
  });
});

describe('the answer', () => {
  it('holds everything the demo seeds about her, as JSON and PDF, with its term registered', async () => {
    // An examiner opens one of her statements first: the answer names him.
    const statement = await portal.db
      .selectFrom('stages')
      .select('statement_id')
      .where('applicant_id', '=', employeeId)
      .executeTakeFirstOrThrow();
    expect((await call('examiner', 'GET', `/api/instance/statements/${statement.statement_id}`)).statusCode).toBe(200);
    const stages = await portal.db.selectFrom('stages').select('id').where('applicant_id', '=', employeeId).execute();

    const answered = await call('head', 'POST', '/api/admin/subject-requests', {
      personId: employeeId,
      requester: 'Петрова А. С., письмо от 20.11.2026',
      receivedOn: '2026-11-20',
    });
    expect(answered.statusCode).toBe(201);
    const request = answered.json<SubjectRequest>();
    // 10 working days after Friday 20 November 2026 on the production calendar.
    expect(request).toMatchObject({ personId: employeeId, dueDate: '2026-12-04', registeredBy: demoUsers.head.fio });
    expect(request.answeredAt).not.toBeNull();

    const answer = (
      await call('head', 'GET', `/api/admin/subject-requests/${request.id}/answer`)
    ).json<SubjectAnswer>();
    const facts = (items: SubjectAnswer['account']) =>
      items.flatMap((item) => [item.title, ...item.facts.map((fact) => fact.value)]).join('\n');
    expect(facts(answer.account)).toContain(demoUsers.employee.email);
    expect(facts(answer.account)).toContain('+7 (916) 555-12-34');
    expect(facts(answer.companies)).toContain('ООО «СтройПроект»');
    expect(answer.statements).toHaveLength(stages.length);
    expect(answer.statements.length).toBeGreaterThan(0);
    expect(facts(answer.signatures)).toContain(DEMO_ARCHITECT.snils);
    expect(facts(answer.powersOfAttorney)).toContain(DEMO_POWER_OF_ATTORNEY.internalNumber);
    expect(facts(answer.powersOfAttorney)).toContain(DEMO_ARCHITECT.snils);
    expect(facts(answer.consents)).toContain('редакция 1');
    expect(facts(answer.accessLog)).toContain(demoUsers.examiner1.fio);
    expect(answer.purposes.length).toBeGreaterThan(0);

    const pdf = await call('head', 'GET', `/api/admin/subject-requests/${request.id}/answer?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const part of [
      'Ответ на запрос субъекта персональных данных',
      demoUsers.employee.fio,
      demoUsers.employee.email,
      DEMO_ARCHITECT.snils,
      DEMO_POWER_OF_ATTORNEY.internalNumber,
      demoUsers.examiner1.fio,
      '4 декабря 2026 г.',
    ]) {
      expect(text).toContain(part);
    }
    // The same document on every download.
    const again = await call('head', 'GET', `/api/admin/subject-requests/${request.id}/answer?format=pdf`);
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);

    const register = (await call('head', 'GET', '/api/admin/subject-requests')).json<SubjectRequest[]>();
    expect(register[0]).toMatchObject({ id: request.id, dueDate: '2026-12-04' });
    // The answer is a read of her data: the access log says so.
    const logged = await portal.db
      .selectFrom('personal_data_access')
      .select('kind')
      .where('person_id', '=', employeeId)
      .execute();
    expect(logged.map((row) => row.kind)).toContain('subject_request');
  });

  it('asks who made the request', async () => {
    const empty = await call('head', 'POST', '/api/admin/subject-requests', { personId: employeeId, requester: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'requester' });
  });
});
