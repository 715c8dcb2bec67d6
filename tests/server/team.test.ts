import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExaminerWorkload, StatementCounters, StatementListItem, TeamWorkload } from '#domain/contract.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { createExaminer } from '../../server/src/users/users.service.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { demoUsers } from '../../tools/demo.ts';
import { certificatePrefile, groundsFor, signedIn, startTestPortal, type TestPortal } from './helpers.ts';

// GET /api/instance/team (docs/product.md «Team workload»): the head's figures equal each examiner's own counters and
// list, and a seeded set of a new examiner gives known answers.

let portal: TestPortal;
let ctx: ServiceContext;
type Who = 'head' | 'examiner1' | 'examiner2' | 'owner' | 'fresh';
const users = {} as Record<Who, UserRow>;
const bearer = {} as Record<Who, string>;

beforeAll(async () => {
  portal = await startTestPortal();
  ctx = portal.ctx;
  await createExaminer(ctx, { email: 'fresh@demo.example', fio: 'Яковлев Новый Эксперт' });
  const emails: Record<Who, string> = {
    head: demoUsers.head.email,
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
    owner: demoUsers.owner.email,
    fresh: 'fresh@demo.example',
  };
  const people = await signedIn(portal, emails);
  Object.assign(users, people.users);
  Object.assign(bearer, people.bearer);
});
afterAll(async () => {
  await portal?.close();
});

function at(instant: string): void {
  portal.clock.now = Date.parse(instant);
}

async function get<T>(who: Who, url: string): Promise<T> {
  const response = await portal.app.inject({ method: 'GET', url, headers: { authorization: bearer[who] } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

/** Submits a statement at `when` and, if `examiner` is given, has them take it into work at once. */
async function submitted(when: string, examiner?: UserRow): Promise<number> {
  at(when);
  const prefile = await storePrefile(ctx, users.owner.id, {
    fileName: 'Альбом.pdf',
    contentType: 'application/pdf',
    source: '%PDF-1.4 альбом',
  });
  const { id } = await submitStatement(ctx, users.owner, { objectName: `Объект ${when}`, prefileIds: [prefile.id] });
  if (examiner) await takeIntoWork(ctx, examiner, id);
  return id;
}

async function reply(examiner: UserRow, id: number, status: 'has_comments' | 'approved' | 'rejected', when: string) {
  at(when);
  await replyToStatement(ctx, examiner, id, {
    status,
    isInstance: true,
    comment: 'Ответ',
    prefileIds: status === 'approved' ? [await certificatePrefile(portal, examiner, id)] : [],
    ...(await groundsFor(ctx, status)),
  });
}

const NOW = '2026-11-25T12:00:00+03:00';
const rowOf = (team: TeamWorkload, id: number) => team.examiners.find((row) => row.examinerId === id);

describe('GET /api/instance/team', () => {
  it('gives known answers for a seeded set of statements', async () => {
    const fresh = users.fresh;
    // Overdue: taken on 1 October, 10 working days long ago.
    await submitted('2026-10-01T10:00:00+03:00', fresh);
    // Due on 4 December: 7 working days left on 25 November, not soon.
    await submitted('2026-11-20T10:00:00+03:00', fresh);
    // Due on 30 November: 3 working days left (26, 27, 30), soon.
    await submitted('2026-11-16T10:00:00+03:00', fresh);
    // The applicant's turn: no term runs.
    const remarked = await submitted('2026-11-20T11:00:00+03:00', fresh);
    await reply(fresh, remarked, 'has_comments', '2026-11-23T10:00:00+03:00');
    // Approved this month in time.
    const approved = await submitted('2026-11-23T11:00:00+03:00', fresh);
    await reply(fresh, approved, 'approved', '2026-11-24T10:00:00+03:00');
    // Rejected this month, late.
    const late = await submitted('2026-10-02T10:00:00+03:00', fresh);
    await reply(fresh, late, 'rejected', '2026-11-25T10:00:00+03:00');
    // Approved in September, in time: within the 90 days, not this month.
    const september = await submitted('2026-09-01T10:00:00+03:00', fresh);
    await reply(fresh, september, 'approved', '2026-09-07T10:00:00+03:00');
    // Approved long ago (more than 90 days): counted nowhere.
    const old = await submitted('2026-06-01T10:00:00+03:00', fresh);
    await reply(fresh, old, 'approved', '2026-06-02T10:00:00+03:00');
    // Not taken: unassigned, with its intake term.
    const waiting = await submitted('2026-11-24T09:00:00+03:00');
    at(NOW);

    const team = await get<TeamWorkload>('head', '/api/instance/team');
    expect(rowOf(team, fresh.id)).toEqual<ExaminerWorkload>({
      examinerId: fresh.id,
      fio: 'Яковлев Новый Эксперт',
      isHead: false,
      inWork: 3,
      awaitingApplicant: 1,
      overdue: 1,
      dueSoon: 1,
      decidedThisMonth: 2,
      onTimeShare: 2 / 3,
    });
    const unassigned = team.unassigned.find((item) => item.id === waiting);
    expect(unassigned?.status).toBe('sent');
    expect(unassigned?.intakeDeadline).toMatchObject({ dueDate: '2026-11-27', workingDaysLeft: 2 });
    expect(team.unassigned.every((item) => item.status === 'sent' && item.examinerId === null)).toBe(true);
    // Oldest submission first.
    const created = team.unassigned.map((item) => item.dateCreate);
    expect(created).toEqual([...created].sort());
  });

  it("equals every examiner's own sidebar counters and list", async () => {
    at(NOW);
    const team = await get<TeamWorkload>('head', '/api/instance/team');
    const all = await get<StatementListItem[]>('head', '/api/instance/all/statements');
    expect(team.unassigned.map((item) => item.id).sort()).toEqual(
      all
        .filter((item) => item.status === 'sent')
        .map((item) => item.id)
        .sort(),
    );
    expect(team.examiners.map((row) => row.examinerId).sort()).toEqual(
      [users.head.id, users.examiner1.id, users.examiner2.id, users.fresh.id].sort(),
    );
    for (const who of ['head', 'examiner1', 'examiner2', 'fresh'] as const) {
      const counters = await get<StatementCounters>(who, '/api/users/me/counters');
      const list = await get<StatementListItem[]>(who, '/api/instance/me/statements');
      const row = rowOf(team, users[who].id);
      expect(row, who).toBeDefined();
      expect(row?.inWork, who).toBe(counters.under_review);
      expect(row?.awaitingApplicant, who).toBe(counters.has_comments);
      expect(row?.overdue, who).toBe(counters.overdue);
      const left = (item: StatementListItem) => (item.reviewDeadline ?? item.intakeDeadline)?.workingDaysLeft;
      expect(row?.overdue, who).toBe(list.filter((item) => (left(item) ?? 0) < 0).length);
      expect(row?.dueSoon, who).toBe(
        list.filter((item) => {
          const days = left(item);
          return days !== undefined && days >= 0 && days <= 3;
        }).length,
      );
      const month = (iso: string) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: portal.config.timeZone, year: 'numeric', month: '2-digit' })
          .format(new Date(iso))
          .slice(0, 7);
      expect(row?.decidedThisMonth, who).toBe(
        list.filter(
          (item) =>
            (item.status === 'approved' || item.status === 'rejected' || item.status === 'not_accepted') &&
            month(item.lastUpdate) === month(new Date(portal.clock.now).toISOString()),
        ).length,
      );
    }
    expect(rowOf(team, users.head.id)?.isHead).toBe(true);
  });

  it('refuses everyone but the head', async () => {
    for (const who of ['examiner1', 'owner'] as const) {
      const response = await portal.app.inject({
        method: 'GET',
        url: '/api/instance/team',
        headers: { authorization: bearer[who] },
      });
      expect(response.statusCode, who).toBe(403);
    }
    const examiner = await portal.app.inject({
      method: 'GET',
      url: '/api/instance/team',
      headers: { authorization: bearer.examiner1 },
    });
    expect(examiner.json<{ message: string }>().message).toBe('Раздел доступен только руководителю отдела');
    const anonymous = await portal.app.inject({ method: 'GET', url: '/api/instance/team' });
    expect(anonymous.statusCode).toBe(401);
  });
});
