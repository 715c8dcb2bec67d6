// The committee's head assigns and reassigns statements (docs/product.md «Assigning»): out of `sent` as if the
// examiner had taken it, in `under_review`/`has_comments` a hand-over with the drafts; every refusal stores nothing;
// of two heads (or a head and a taking examiner) at once exactly one wins; both examiners and the company are told;
// the history names who assigned whom; the examiners' own lists follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Statement, StatementListItem, StatementStatus } from '#domain/contract.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { nowIso } from '../../server/src/db/database.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { createRemark } from '../../server/src/remarks/remarks.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { createExaminer, markUserRemoved } from '../../server/src/users/users.service.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { withdrawStatement } from '../../server/src/workflow/withdrawal.ts';
import { demoUsers } from '../../tools/demo.ts';
import { certificatePrefile, groundsFor, startTestPortal, type TestPortal, userByEmail } from './helpers.ts';

type Who = 'head' | 'head2' | 'examiner1' | 'examiner2' | 'owner' | 'employee';

let portal: TestPortal;
const users = {} as Record<Who, UserRow>;
const bearer = {} as Record<Who, string>;
let removedId: number;

beforeAll(async () => {
  portal = await startTestPortal();
  await createExaminer(portal.ctx, { email: 'head2@committee.example', fio: 'Зайцев Пётр Ильич', isHead: true });
  const removed = await createExaminer(portal.ctx, { email: 'gone@committee.example', fio: 'Ушедший Эксперт' });
  removedId = removed.userId;
  await markUserRemoved(portal.db, removedId, nowIso(portal.ctx.now()));
  const emails: Record<Who, string> = {
    head: demoUsers.head.email,
    head2: 'head2@committee.example',
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
    owner: demoUsers.owner.email,
    employee: demoUsers.employee.email,
  };
  for (const who of Object.keys(emails) as Who[]) {
    users[who] = await userByEmail(portal, emails[who]);
    bearer[who] = `Bearer ${await signAccessToken(portal.config.jwtSecret, users[who].id)}`;
  }
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

function call(who: Who, method: 'GET' | 'POST', url: string, payload?: object) {
  return portal.app.inject({
    method,
    url,
    headers: { authorization: bearer[who] },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function get<T>(who: Who, url: string): Promise<T> {
  const response = await call(who, 'GET', url);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

const assign = (
  who: Who,
  id: number,
  examinerId: number,
  comment: string | null = null,
  seen: { currentExaminerId?: number | null } = {},
) => call(who, 'POST', `/api/instance/statements/${id}/assign`, { examinerId, comment, ...seen });
const mine = async (who: Who) => (await get<StatementListItem[]>(who, '/api/instance/me/statements')).map((s) => s.id);
const notificationsOf = (who: Who) => get<Notification[]>(who, '/api/notifications');

let made = 0;
async function submit(objectName = `Объект назначения ${++made}`) {
  const prefile = await storePrefile(portal.ctx, users.owner.id, {
    fileName: 'Альбом.pdf',
    contentType: 'application/pdf',
    source: '%PDF-1.4 альбом',
  });
  return submitStatement(portal.ctx, users.owner, {
    objectName,
    address: 'г. Энск, ул. Лесная, д. 1',
    prefileIds: [prefile.id],
  });
}

/** A statement of the demo company in `status`, examiner 1's once taken. */
async function statementIn(status: StatementStatus): Promise<number> {
  const { id } = await submit();
  if (status === 'sent') return id;
  await takeIntoWork(portal.ctx, users.examiner1, id);
  if (status === 'under_review') return id;
  if (status === 'withdrawn') {
    await withdrawStatement(portal.ctx, users.owner, id, { reason: null });
    return id;
  }
  if (status === 'has_comments') {
    await createRemark(portal.ctx, users.examiner1, id, { text: 'Замечание', severity: 'required', pin: null });
  }
  await replyToStatement(portal.ctx, users.examiner1, id, {
    status: status as 'has_comments' | 'approved' | 'rejected',
    isInstance: true,
    prefileIds: status === 'approved' ? [await certificatePrefile(portal, users.examiner1, id)] : [],
    ...(await groundsFor(portal.ctx, status)),
  });
  return id;
}

/** What an assignment would change: the statement's row, its history, its remarks' authors and the notifications. */
async function stored(id: number) {
  const statement = await portal.db
    .selectFrom('statements')
    .select(['status', 'examiner_id', 'last_update'])
    .where('id', '=', id)
    .executeTakeFirst();
  const count = async (table: 'status_history' | 'notifications') =>
    Number(
      (
        await portal.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const remarks = await portal.db
    .selectFrom('remarks')
    .select(['author_id', 'status'])
    .where('statement_id', '=', id)
    .orderBy('id')
    .execute();
  return { statement, history: await count('status_history'), notifications: await count('notifications'), remarks };
}

describe('assigning out of sent', () => {
  it('moves the statement to under_review with that examiner, as a take would, and tells them and the company', async () => {
    const { id, visibleId } = await submit('Дом на холме');
    const answer = await assign('head', id, users.examiner2.id, 'Срочно, до пятницы');
    expect(answer.statusCode, answer.body).toBe(200);
    const statement = answer.json<Statement>();
    expect(statement).toMatchObject({ status: 'under_review', examinerId: users.examiner2.id });
    expect(statement.examiner?.fio).toBe(users.examiner2.fio);
    // The history: the head made the change, naming the examiner; the intake check's outcome as a take records it.
    const last = statement.history.at(-1);
    expect(last).toMatchObject({
      status: 'under_review',
      actor: users.head.fio,
      byCommittee: true,
      assignment: { examiner: users.examiner2.fio, comment: 'Срочно, до пятницы' },
    });
    expect(last?.term).toMatchObject({ onTime: true });
    // The applicant sees whom, not the head's note.
    const company = await get<Statement>('owner', `/api/statements/${id}`);
    expect(company.history.at(-1)?.assignment).toEqual({ examiner: users.examiner2.fio, comment: null });
    expect(company.examiner?.fio).toBe(users.examiner2.fio);
    expect(await mine('examiner2')).toContain(id);
    const news = await get<StatementListItem[]>('examiner1', '/api/instance/all/statements?status=sent');
    expect(news.some((item) => item.id === id)).toBe(false);

    const what = `№ ${visibleId} «Дом на холме»`;
    expect(
      (await notificationsOf('examiner2')).find((n) => n.message.startsWith(`Вам назначено заявление ${what}`)),
    ).toMatchObject({
      message: `Вам назначено заявление ${what}. Комментарий: Срочно, до пятницы`,
      route: `/instance/statement/info/${id}`,
    });
    for (const who of ['owner', 'employee'] as const) {
      expect((await notificationsOf(who)).find((n) => n.message === `Заявление ${what} взято в работу`)?.route).toBe(
        `/statement/info/${id}`,
      );
    }
    // Examiner 1 was told of the new statement, of nothing since.
    expect((await notificationsOf('examiner1')).filter((n) => n.message.includes(what)).map((n) => n.message)).toEqual([
      `Новое заявление ${what}`,
    ]);
    const mailed = () =>
      portal.mailbox.messagesTo(demoUsers.examiner2.email).find((m) => m.subject === `Вам назначено заявление ${what}`);
    await expect.poll(mailed, { timeout: 10_000 }).toBeDefined();
    expect(mailed()?.text).toContain(`Назначил: ${users.head.fio}.`);
    expect(mailed()?.text).toContain('Комментарий: Срочно, до пятницы');
    await expect
      .poll(() => portal.mailbox.messagesTo(demoUsers.owner.email).some((m) => m.subject.includes(what)), {
        timeout: 10_000,
      })
      .toBe(true);
  });

  it('lets the head assign to themself, and examiners still take statements themselves', async () => {
    const first = await statementIn('sent');
    expect((await assign('head', first, users.head.id)).statusCode).toBe(200);
    expect(await mine('head')).toContain(first);
    const second = await statementIn('sent');
    const taken = await call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id: second });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<Statement>().history.at(-1)?.assignment).toBeUndefined();
  });
});

describe('reassigning', () => {
  it('hands a statement under review to another examiner: the status stays, the drafts go with it', async () => {
    const id = await statementIn('under_review');
    await createRemark(portal.ctx, users.examiner1, id, {
      text: 'Черновик эксперта 1',
      severity: 'advisory',
      pin: null,
    });
    const answer = await assign('head', id, users.examiner2.id, 'Эксперт 1 в отпуске');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<Statement>()).toMatchObject({ status: 'under_review', examinerId: users.examiner2.id });
    expect(answer.json<Statement>().history.at(-1)).toMatchObject({
      status: 'under_review',
      actor: users.head.fio,
      term: null,
      assignment: { examiner: users.examiner2.fio, comment: 'Эксперт 1 в отпуске' },
    });
    // The examiner lists of both: examiner 2's own list holds it, examiner 1's no longer.
    expect(await mine('examiner2')).toContain(id);
    expect(await mine('examiner1')).not.toContain(id);
    // The draft is examiner 2's now: they see it and may publish it with their rework; examiner 1 sees it no more.
    const seen = (who: Who) => get<Statement>(who, `/api/instance/statements/${id}`);
    expect((await seen('examiner2')).remarks.map((r) => [r.text, r.status])).toEqual([
      ['Черновик эксперта 1', 'draft'],
    ]);
    expect((await seen('examiner1')).remarks).toEqual([]);
    const old = await call('examiner1', 'POST', `/api/instance/${id}/stages`, { status: 'approved', prefileIds: [] });
    expect(old.statusCode).toBe(403);
    const reworked = await call('examiner2', 'POST', `/api/instance/${id}/stages`, {
      status: 'has_comments',
      prefileIds: [],
    });
    expect(reworked.statusCode, reworked.body).toBe(201);
    expect(reworked.json<Statement>().remarks.map((r) => r.status)).toEqual(['open']);
  });

  it('hands a statement waiting for the applicant (has_comments) over and tells both examiners and the company', async () => {
    const id = await statementIn('has_comments');
    const { visibleId, title } = await get<Statement>('head', `/api/instance/statements/${id}`);
    const answer = await assign('head', id, users.examiner2.id, 'Перераспределение');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<Statement>()).toMatchObject({ status: 'has_comments', examinerId: users.examiner2.id });
    const what = `№ ${visibleId} «${title}»`;
    const moved = `Заявление ${what} передано эксперту ${users.examiner2.fio}`;
    expect((await notificationsOf('examiner1')).find((n) => n.message.startsWith(moved))?.message).toBe(
      `${moved}. Комментарий: Перераспределение`,
    );
    expect(
      (await notificationsOf('examiner2')).some((n) => n.message.startsWith(`Вам назначено заявление ${what}`)),
    ).toBe(true);
    expect((await notificationsOf('owner')).find((n) => n.message.startsWith(moved))?.message).toBe(moved);
    await expect
      .poll(() => portal.mailbox.messagesTo(demoUsers.examiner1.email).find((m) => m.subject === moved)?.text, {
        timeout: 10_000,
      })
      .toContain('Комментарий: Перераспределение');
    // The applicant's new version goes to the new examiner.
    expect(await mine('examiner2')).toContain(id);
    expect(await mine('examiner1')).not.toContain(id);
  });
});

describe('refusals store nothing', () => {
  it('403 to an examiner who is not the head and to company users', async () => {
    const id = await statementIn('sent');
    const before = await stored(id);
    for (const who of ['examiner1', 'owner', 'employee'] as const) {
      const answer = await assign(who, id, users.examiner2.id);
      expect(answer.statusCode, who).toBe(403);
    }
    expect((await assign('examiner1', id, users.examiner2.id)).json().message).toBe(
      'Раздел доступен только руководителю отдела',
    );
    expect(await stored(id)).toEqual(before);
  });

  it('400 naming examinerId for an unknown, removed or non-examiner id and for the examiner it has', async () => {
    const sent = await statementIn('sent');
    const reviewed = await statementIn('under_review');
    const cases: Array<[number, number, string]> = [
      [sent, 999_999, 'Такого эксперта нет'],
      [sent, removedId, 'Такого эксперта нет'],
      [sent, users.owner.id, 'Такого эксперта нет'],
      [reviewed, users.examiner1.id, 'Заявление уже у этого эксперта'],
    ];
    for (const [id, examinerId, message] of cases) {
      const before = await stored(id);
      const answer = await assign('head', id, examinerId, 'Комментарий');
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'validation_error', field: 'examinerId', message });
      expect(await stored(id)).toEqual(before);
    }
  });

  it('409 in a final status', async () => {
    for (const status of ['approved', 'rejected', 'withdrawn'] as const) {
      const id = await statementIn(status);
      const before = await stored(id);
      const answer = await assign('head', id, users.examiner2.id);
      expect(answer.statusCode, `${status}: ${answer.body}`).toBe(409);
      expect(answer.json()).toMatchObject({
        error: 'invalid_transition',
        message: 'Заявление уже рассмотрено: назначить эксперта нельзя',
      });
      expect(await stored(id)).toEqual(before);
    }
    const refused = await statementIn('sent');
    const notAccepted = await call('examiner1', 'POST', `/api/instance/statements/${refused}/refuse-acceptance`, {
      groundIds: [(await get<Array<{ id: number }>>('owner', '/api/catalogs/intake-refusal-grounds'))[0]?.id],
      comment: null,
    });
    expect(notAccepted.statusCode, notAccepted.body).toBe(200);
    expect((await assign('head', refused, users.examiner2.id)).statusCode).toBe(409);
  });

  it('409 when the statement has another examiner than the head saw (another head or a take came first)', async () => {
    const id = await statementIn('sent');
    expect((await assign('head2', id, users.examiner1.id, null, { currentExaminerId: null })).statusCode).toBe(200);
    const before = await stored(id);
    const late = await assign('head', id, users.examiner2.id, 'Поздно', { currentExaminerId: null });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({
      error: 'invalid_transition',
      message: 'Заявление уже передано другому эксперту. Обновите страницу.',
    });
    expect(await stored(id)).toEqual(before);
  });

  it('404 for a statement that does not exist', async () => {
    expect((await assign('head', 999_999, users.examiner2.id)).statusCode).toBe(404);
  });
});

describe('races', () => {
  const ROUNDS = 6;
  const together = <A, B>(a: () => Promise<A>, b: () => Promise<B>) => {
    const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 2));
    return Promise.all([jitter().then(a), jitter().then(b)]);
  };
  const historyOf = (id: number) =>
    portal.db
      .selectFrom('status_history')
      .select(['to_status', 'user_id', 'assignee_id'])
      .where('statement_id', '=', id)
      .orderBy('id')
      .execute();

  it('two heads assign one sent statement at once: one wins, the other gets 409, one history row', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await statementIn('sent');
      const [first, second] = await together(
        () => assign('head', id, users.examiner1.id, null, { currentExaminerId: null }),
        () => assign('head2', id, users.examiner2.id, null, { currentExaminerId: null }),
      );
      const codes = [first.statusCode, second.statusCode].sort();
      expect(codes, `${first.body} ${second.body}`).toEqual([200, 409]);
      const winner = first.statusCode === 200 ? users.examiner1 : users.examiner2;
      const head = first.statusCode === 200 ? users.head : users.head2;
      expect((await stored(id)).statement).toMatchObject({ status: 'under_review', examiner_id: winner.id });
      expect((await historyOf(id)).slice(1)).toEqual([
        { to_status: 'under_review', user_id: head.id, assignee_id: winner.id },
      ]);
    }
  });

  it('two heads reassign one statement at once: one wins, the other gets 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await statementIn('under_review');
      const [first, second] = await together(
        () => assign('head', id, users.examiner2.id, null, { currentExaminerId: users.examiner1.id }),
        () => assign('head2', id, users.head.id, null, { currentExaminerId: users.examiner1.id }),
      );
      const codes = [first.statusCode, second.statusCode].sort();
      expect(codes, `${first.body} ${second.body}`).toEqual([200, 409]);
      const winner = first.statusCode === 200 ? users.examiner2 : users.head;
      expect((await stored(id)).statement).toMatchObject({ status: 'under_review', examiner_id: winner.id });
      expect((await historyOf(id)).filter((entry) => entry.assignee_id !== null)).toHaveLength(1);
    }
  });

  it('an assign against a take: one wins, the other gets 409', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const id = await statementIn('sent');
      const [assigned, taken] = await together(
        () => assign('head', id, users.examiner2.id, null, { currentExaminerId: null }),
        () => call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id }),
      );
      const codes = [assigned.statusCode, taken.statusCode].sort();
      expect(codes, `${assigned.body} ${taken.body}`).toEqual([200, 409]);
      const winner = assigned.statusCode === 200 ? users.examiner2 : users.examiner1;
      outcomes.add(assigned.statusCode === 200 ? 'assigned' : 'taken');
      expect((await stored(id)).statement).toMatchObject({ status: 'under_review', examiner_id: winner.id });
      expect(await historyOf(id)).toHaveLength(2);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
