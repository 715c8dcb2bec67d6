import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefusalGround, TermsReport, TermsReportFigures } from '#domain/contract.ts';
import { BOM } from '#domain/csv.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import {
  answerConclusion,
  requestConclusions,
  withdrawConclusion,
} from '../../server/src/conclusions/conclusions.service.ts';
import { addReviewBodyMember, createReviewBody } from '../../server/src/conclusions/review-bodies.service.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { createRemark } from '../../server/src/remarks/remarks.service.ts';
import { dayStart, median, nearestRank } from '../../server/src/reports/reports.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement, submitNewVersion } from '../../server/src/workflow/review.ts';
import { demoUsers } from '../../tools/demo.ts';
import { certificatePrefile, startTestPortal, type TestPortal, userByEmail } from './helpers.ts';

// GET /api/instance/reports (docs/product.md «Report on terms»): a history built through the services on a fixed clock
// in April 2026 (the production calendar of 2026 is shipped: April has no holidays), and the report's figures checked
// against the answers counted here by hand. The demo seed's own history lies in the last weeks before the real now,
// far from April.

type Who = 'head' | 'examiner1' | 'examiner2' | 'owner' | 'employee';
let portal: TestPortal;
const users = {} as Record<Who, UserRow>;
const bearer = {} as Record<Who, string>;
let intake: RefusalGround[];
let decision: RefusalGround[];

/** The list's i-th item (the catalogues hold several grounds each). */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}

function at(instant: string): void {
  portal.clock.now = Date.parse(instant);
}

function call(who: Who | null, url: string, headers: Record<string, string> = {}) {
  return portal.app.inject({
    method: 'GET',
    url,
    headers: { ...(who ? { authorization: bearer[who] } : {}), ...headers },
  });
}

async function submit(when: string): Promise<number> {
  at(when);
  const prefile = await storePrefile(portal.ctx, users.owner.id, {
    fileName: 'Альбом.pdf',
    contentType: 'application/pdf',
    source: '%PDF-1.4 альбом',
  });
  const { id } = await submitStatement(portal.ctx, users.owner, {
    objectName: `Объект ${when}`,
    prefileIds: [prefile.id],
  });
  return id;
}

async function take(id: number, who: Who, when: string) {
  at(when);
  await takeIntoWork(portal.ctx, users[who], id);
}

async function decide(
  id: number,
  who: Who,
  when: string,
  status: 'approved' | 'rejected' | 'has_comments',
  grounds: number[] = [],
) {
  at(when);
  if (status === 'has_comments') {
    await createRemark(portal.ctx, users[who], id, { text: 'Замечание', severity: 'advisory', pin: null });
  }
  await replyToStatement(portal.ctx, users[who], id, {
    status,
    isInstance: true,
    prefileIds: status === 'approved' ? [await certificatePrefile(portal, users[who], id)] : [],
    ...(status === 'rejected' ? { refusalGroundIds: grounds } : {}),
  });
}

async function post(who: Who, url: string, payload: object, when: string) {
  at(when);
  const response = await portal.app.inject({ method: 'POST', url, headers: { authorization: bearer[who] }, payload });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  portal = await startTestPortal({ TZ: 'Europe/Moscow' });
  const emails: Record<Who, string> = {
    head: demoUsers.head.email,
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
    owner: demoUsers.owner.email,
    employee: demoUsers.employee.email,
  };
  for (const who of Object.keys(emails) as Who[]) {
    users[who] = await userByEmail(portal, emails[who]);
    bearer[who] = `Bearer ${await signAccessToken(portal.config.jwtSecret, users[who].id)}`;
  }
  intake = (await call('owner', '/api/catalogs/intake-refusal-grounds')).json();
  decision = (await call('owner', '/api/catalogs/refusal-grounds')).json();

  // Times are UTC; Moscow is UTC+3. The term: 10 working days (the default), the intake check 3.
  // S1: received Wed 1 Apr, approved by examiner 1 on Wed 8 Apr: 5 working days, within the term (due 15 Apr).
  const s1 = await submit('2026-04-01T07:00:00Z');
  await take(s1, 'examiner1', '2026-04-02T07:00:00Z');
  await decide(s1, 'examiner1', '2026-04-08T09:00:00Z', 'approved');
  // S2: received 1 Apr, remarks 3 Apr, new version Mon 6 Apr (a new term, due Mon 20 Apr), rejected by examiner 1
  // on Wed 22 Apr with two grounds: 12 working days from 6 Apr, late, two rounds.
  const s2 = await submit('2026-04-01T08:00:00Z');
  await take(s2, 'examiner1', '2026-04-02T08:00:00Z');
  await decide(s2, 'examiner1', '2026-04-03T08:00:00Z', 'has_comments');
  at('2026-04-06T07:00:00Z');
  const version = await storePrefile(portal.ctx, users.owner.id, {
    fileName: 'Альбом 2.pdf',
    contentType: 'application/pdf',
    source: '%PDF-1.4 версия 2',
  });
  await submitNewVersion(portal.ctx, users.owner, s2, {
    status: 'under_review',
    prefileIds: [version.id],
    answers: [],
  });
  await decide(s2, 'examiner1', '2026-04-22T09:00:00Z', 'rejected', [nth(decision, 0).id, nth(decision, 1).id]);
  // S3: received Thu 2 Apr, refused to accept by examiner 2 on Fri 3 Apr: 1 working day, within the intake term.
  const s3 = await submit('2026-04-02T06:00:00Z');
  await post(
    'examiner2',
    `/api/instance/statements/${s3}/refuse-acceptance`,
    { groundIds: [nth(intake, 0).id], comment: null },
    '2026-04-03T06:00:00Z',
  );
  // S4: received Tue 31 Mar 23:00 Moscow (not received in April), approved by examiner 2 on Tue 14 Apr, the due
  // date itself: 10 working days, within the term.
  const s4 = await submit('2026-03-31T20:00:00Z');
  await take(s4, 'examiner2', '2026-04-01T07:00:00Z');
  await decide(s4, 'examiner2', '2026-04-14T12:00:00Z', 'approved');
  // S5: received Mon 6 Apr, withdrawn by its author on 7 Apr: decided (withdrawn), not the committee's decision.
  const s5 = await submit('2026-04-06T07:00:00Z');
  await post('owner', `/api/statements/${s5}/withdraw`, { reason: 'Передумали' }, '2026-04-07T07:00:00Z');
  // S6: received 1 May 01:00 Moscow (30 Apr in UTC): not in April.
  await submit('2026-04-30T22:00:00Z');
  // S7: received 1 Apr 00:30 Moscow (31 Mar in UTC): in April; still new.
  await submit('2026-03-31T21:30:00Z');
  // S8: received 20 Apr, approved 1 May 00:30 Moscow (30 Apr in UTC): received in April, decided in May.
  const s8 = await submit('2026-04-20T07:00:00Z');
  await take(s8, 'examiner1', '2026-04-21T07:00:00Z');
  await decide(s8, 'examiner1', '2026-04-30T21:30:00Z', 'approved');
  at('2026-11-26T10:00:00Z');
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const APRIL = '/api/instance/reports?from=2026-04-01&to=2026-04-30';

function figures(partial: Partial<TermsReportFigures>): TermsReportFigures {
  return {
    decided: 0,
    approved: 0,
    rejected: 0,
    notAccepted: 0,
    withdrawn: 0,
    onTime: 0,
    onTimeShare: null,
    medianWorkingDays: null,
    p90WorkingDays: null,
    roundsPerStatement: null,
    grounds: [],
    ...partial,
  };
}

describe('the report on terms', () => {
  it('gives the figures counted by hand over the April history, in total, per examiner and per week', async () => {
    const response = await call('head', APRIL);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<TermsReport>();
    const ground = (g: RefusalGround, kind: 'intake' | 'decision') => ({
      groundId: g.id,
      kind,
      name: g.name,
      count: 1,
    });
    const decisionGrounds = [ground(nth(decision, 0), 'decision'), ground(nth(decision, 1), 'decision')].sort((a, b) =>
      a.name.localeCompare(b.name, 'ru'),
    );
    expect(report).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
      // S1, S2, S3, S5, S7, S8.
      received: 6,
      // S1 5, S2 12 (late), S3 1, S4 10: median (5 + 10) / 2, the 90th percentile the 4th of 4.
      total: figures({
        decided: 5,
        approved: 2,
        rejected: 1,
        notAccepted: 1,
        withdrawn: 1,
        onTime: 3,
        onTimeShare: 0.75,
        medianWorkingDays: 7.5,
        p90WorkingDays: 12,
        roundsPerStatement: 1.25,
        grounds: [...decisionGrounds, ground(nth(intake, 0), 'intake')],
      }),
      examiners: expect.any(Array),
      weeks: [
        { weekStart: '2026-03-30', decisions: 1, onTime: 1 },
        { weekStart: '2026-04-06', decisions: 1, onTime: 1 },
        { weekStart: '2026-04-13', decisions: 1, onTime: 1 },
        { weekStart: '2026-04-20', decisions: 1, onTime: 0 },
        { weekStart: '2026-04-27', decisions: 0, onTime: 0 },
      ],
      bodies: [],
    });
    const byId = new Map(report.examiners.map((row) => [row.examinerId, row]));
    expect(report.examiners).toHaveLength(2);
    expect(byId.get(users.examiner1.id)).toEqual({
      examinerId: users.examiner1.id,
      fio: users.examiner1.fio,
      figures: figures({
        decided: 2,
        approved: 1,
        rejected: 1,
        onTime: 1,
        onTimeShare: 0.5,
        medianWorkingDays: 8.5,
        p90WorkingDays: 12,
        roundsPerStatement: 1.5,
        grounds: decisionGrounds,
      }),
    });
    expect(byId.get(users.examiner2.id)).toEqual({
      examinerId: users.examiner2.id,
      fio: users.examiner2.fio,
      figures: figures({
        decided: 2,
        approved: 1,
        notAccepted: 1,
        onTime: 2,
        onTimeShare: 1,
        medianWorkingDays: 5.5,
        p90WorkingDays: 10,
        roundsPerStatement: 1,
        grounds: [ground(nth(intake, 0), 'intake')],
      }),
    });
  });

  it('counts by the committee day: 1 May holds S6 received and S8 approved', async () => {
    const report = (await call('head', '/api/instance/reports?from=2026-05-01&to=2026-05-01')).json<TermsReport>();
    expect(report.received).toBe(1);
    expect(report.total).toMatchObject({ decided: 1, approved: 1, onTime: 1, roundsPerStatement: 1 });
    // S8: received Mon 20 Apr, decided Fri 1 May (a holiday; the working days counted up to it: 21–30 Apr).
    expect(report.total.medianWorkingDays).toBe(8);
    expect(report.weeks).toEqual([{ weekStart: '2026-04-27', decisions: 1, onTime: 1 }]);
  });

  it('answers the same numbers as CSV, by Accept or by format=csv', async () => {
    const json = (await call('head', APRIL)).json<TermsReport>();
    for (const response of [
      await call('head', APRIL, { accept: 'text/csv' }),
      await call('head', `${APRIL}&format=csv`),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toContain('otchet-po-srokam_2026-04-01_2026-04-30.csv');
      expect(response.body.startsWith(BOM)).toBe(true);
      const rows = Papa.parse<string[]>(response.body.slice(1).trim(), { delimiter: ';' }).data;
      expect(rows[0]).toEqual(['Раздел', 'Эксперт', 'Показатель', 'Значение']);
      const value = (section: string, who: string, label: string) =>
        rows.find((row) => row[0] === section && row[1] === who && row[2] === label)?.[3];
      expect(value('Итого', '', 'Поступило заявлений')).toBe(String(json.received));
      expect(value('Итого', '', 'Завершено всего')).toBe('5');
      expect(value('Итого', '', 'Отказано в приёме')).toBe('1');
      expect(value('Итого', '', 'Доля решений в срок, %')).toBe('75');
      expect(value('Итого', '', 'Медиана, рабочих дней до решения')).toBe('7,5');
      expect(value('Итого', '', '90-й процентиль, рабочих дней до решения')).toBe('12');
      expect(value('Итого', '', 'Раундов на заявление')).toBe('1,3');
      expect(value('Эксперт', users.examiner1.fio ?? '', 'Доля решений в срок, %')).toBe('50');
      expect(value('Эксперт', users.examiner2.fio ?? '', 'Медиана, рабочих дней до решения')).toBe('5,5');
      expect(value('Основания: Отказ в приёме', '', nth(intake, 0).name)).toBe('1');
      expect(value('Неделя', '', 'Решений с 20.04.2026')).toBe('1');
      expect(value('Неделя', '', 'В срок с 20.04.2026')).toBe('0');
    }
  });

  it('is the head’s only: 403 for other examiners and company users, 401 without a session', async () => {
    for (const who of ['examiner1', 'examiner2', 'owner', 'employee'] as const) {
      const response = await call(who, APRIL);
      expect(response.statusCode, who).toBe(403);
      expect(response.json()).toMatchObject({ error: 'forbidden' });
    }
    expect((await call('examiner1', `${APRIL}&format=csv`)).statusCode).toBe(403);
    expect((await call(null, APRIL)).statusCode).toBe(401);
  });

  it('counts the conclusions asked of each body in the range: answered, on time, overdue, median days', async () => {
    // March 2026, a week without holidays. S9 received Mon 16 Mar, under review; four bodies asked at 12:00 Moscow.
    const s9 = await submit('2026-03-16T07:00:00Z');
    await take(s9, 'examiner1', '2026-03-16T08:00:00Z');
    const body = async (name: string, termDays: number, email: string) => {
      const made = await createReviewBody(portal.ctx, users.head, { name, kind: 'external', termDays });
      await addReviewBodyMember(portal.ctx, users.head, made.id, { email, fio: `Сотрудник ${name}` });
      return { id: made.id, member: await userByEmail(portal, email) };
    };
    const quick = await body('Водоканал', 5, 'water@report.example');
    const slow = await body('Теплосеть', 2, 'heat@report.example');
    const silent = await body('Газовая служба', 3, 'gas@report.example');
    const dropped = await body('Электросети', 3, 'power@report.example');
    at('2026-03-16T09:00:00Z');
    const asked = await requestConclusions(portal.ctx, users.examiner1, s9, {
      bodyIds: [quick.id, slow.id, silent.id, dropped.id],
      question: 'Согласуете подключение?',
    });
    const requestOf = (bodyId: number) => asked.find((row) => row.body.id === bodyId)?.id ?? 0;
    // Within its 5 days (due Mon 23 Mar): answered Wed 18 Mar, 2 working days.
    at('2026-03-18T09:00:00Z');
    await answerConclusion(portal.ctx, quick.member, requestOf(quick.id), { verdict: 'agreed', prefileIds: [] });
    // Past its 2 days (due Wed 18 Mar): answered Fri 20 Mar, 4 working days.
    at('2026-03-20T09:00:00Z');
    await answerConclusion(portal.ctx, slow.member, requestOf(slow.id), {
      verdict: 'not_agreed',
      text: 'Нет мощности',
      prefileIds: [],
    });
    await withdrawConclusion(portal.ctx, users.examiner1, requestOf(dropped.id), { reason: 'Не нужен' });
    at('2026-11-26T10:00:00Z');

    const report = (await call('head', '/api/instance/reports?from=2026-03-01&to=2026-03-31')).json<TermsReport>();
    const row = (bodyId: number) => report.bodies.find((entry) => entry.bodyId === bodyId);
    expect(row(quick.id)).toEqual({
      bodyId: quick.id,
      name: 'Водоканал',
      kind: 'external',
      requested: 1,
      answered: 1,
      answeredOnTime: 1,
      overdue: 0,
      medianWorkingDays: 2,
    });
    expect(row(slow.id)).toMatchObject({
      requested: 1,
      answered: 1,
      answeredOnTime: 0,
      overdue: 1,
      medianWorkingDays: 4,
    });
    // Unanswered past its term now; a withdrawn request is asked, never overdue.
    expect(row(silent.id)).toMatchObject({ requested: 1, answered: 0, overdue: 1, medianWorkingDays: null });
    expect(row(dropped.id)).toMatchObject({ requested: 1, answered: 0, overdue: 0, medianWorkingDays: null });
    expect(report.bodies.map((entry) => entry.name)).toEqual([
      'Водоканал',
      'Газовая служба',
      'Теплосеть',
      'Электросети',
    ]);
    // Asked in March: nothing of it in April's report.
    const april = (await call('head', APRIL)).json<TermsReport>();
    expect(april.bodies).toEqual([]);
    const csv = (await call('head', '/api/instance/reports?from=2026-03-01&to=2026-03-31&format=csv')).body;
    expect(csv).toContain('Заключения;Теплосеть;Просрочено;1\r\n');
  });

  it('refuses a bad or reversed range, naming the field', async () => {
    // Each with the text that names its own fault: a year past 2100 is out of range, not a period over five years.
    const cases: Array<[string, string, string]> = [
      ['from=2026-02-30&to=2026-04-30', 'from', 'Укажите дату начала периода в виде ГГГГ-ММ-ДД'],
      ['from=апрель&to=2026-04-30', 'from', 'Укажите дату начала периода в виде ГГГГ-ММ-ДД'],
      ['from=2026-04-01&to=2026-4-30', 'to', 'Укажите дату окончания периода в виде ГГГГ-ММ-ДД'],
      ['from=2026-04-30&to=2026-04-01', 'to', 'Дата окончания периода раньше даты начала'],
      ['from=2000-01-01&to=2026-04-01', 'to', 'Период отчёта — не больше пяти лет'],
      ['from=0100-01-01&to=2026-04-01', 'from', 'Дата начала периода должна быть с 2000 по 2100 год'],
      ['from=2026-04-01&to=9999-12-31', 'to', 'Дата окончания периода должна быть с 2000 по 2100 год'],
    ];
    for (const [query, field, message] of cases) {
      const response = await call('head', `/api/instance/reports?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ error: 'validation_error', field, message });
    }
    const missing = await call('head', '/api/instance/reports?from=2026-04-01');
    expect(missing.statusCode).toBe(400);
  });
});

describe('the report’s arithmetic', () => {
  it('takes the median as the middle or the mean of the two middles, the percentile by the nearest rank', () => {
    expect(median([])).toBeNull();
    expect(median([3])).toBe(3);
    expect(median([1, 2, 9])).toBe(2);
    expect(median([1, 2, 4, 9])).toBe(3);
    expect(nearestRank([], 0.9)).toBeNull();
    expect(nearestRank([7], 0.9)).toBe(7);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9)).toBe(10);
  });

  it('finds where a committee day begins in UTC', () => {
    expect(dayStart('2026-04-01', 'Europe/Moscow')).toBe('2026-03-31T21:00:00.000Z');
    expect(dayStart('2026-04-01', 'UTC')).toBe('2026-04-01T00:00:00.000Z');
    expect(dayStart('2026-03-29', 'Europe/Berlin')).toBe('2026-03-28T23:00:00.000Z');
    expect(dayStart('2026-03-30', 'Europe/Berlin')).toBe('2026-03-29T22:00:00.000Z');
  });
});
