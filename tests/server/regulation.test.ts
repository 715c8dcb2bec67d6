// The regulation's procedures (docs/product.md «The regulation's procedures»): the refusal to accept with its intake
// term, and the applicant's withdrawal. Each refused call stores nothing; both sides, the lists, the counters, the
// notifications and the metrics agree.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Notification,
  RefusalGround,
  Statement,
  StatementCounters,
  StatementListItem,
  StatementStatus,
} from '#domain/contract.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { createRemark } from '../../server/src/remarks/remarks.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement, submitNewVersion } from '../../server/src/workflow/review.ts';
import { demoUsers } from '../../tools/demo.ts';
import { certificatePrefile, groundsFor, startTestPortal, type TestPortal, userByEmail } from './helpers.ts';

type Who = 'owner' | 'employee' | 'examiner1' | 'examiner2' | 'ownerB';

let portal: TestPortal;
const users = {} as Record<Who, UserRow>;
const bearer = {} as Record<Who, string>;
let intake: RefusalGround[];
let decision: RefusalGround[];
const dir = mkdtempSync(join(tmpdir(), 'regulation-'));

beforeAll(async () => {
  // METRICS_PORT turns the metrics on (the scrape reads the registry itself).
  portal = await startTestPortal({ METRICS_PORT: '9464' });
  await createCompanyWithOwner(portal.ctx, { email: 'owner@company-b.example', legalEntity: 'ООО «Б»' });
  const emails: Record<Who, string> = {
    owner: demoUsers.owner.email,
    employee: demoUsers.employee.email,
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
    ownerB: 'owner@company-b.example',
  };
  for (const who of Object.keys(emails) as Who[]) {
    users[who] = await userByEmail(portal, emails[who]);
    bearer[who] = `Bearer ${await signAccessToken(portal.config.jwtSecret, users[who].id)}`;
  }
  intake = (await call('owner', 'GET', '/api/catalogs/intake-refusal-grounds')).json();
  decision = (await call('owner', 'GET', '/api/catalogs/refusal-grounds')).json();
}, 60_000);
afterAll(async () => {
  await portal?.close();
  rmSync(dir, { recursive: true, force: true });
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

const companyView = (id: number, who: Who = 'owner') => get<Statement>(who, `/api/statements/${id}`);
const examinerView = (id: number) => get<Statement>('examiner1', `/api/instance/statements/${id}`);

/** Sets the portal's clock (an ISO instant with its offset). */
function at(instant: string): void {
  portal.clock.now = Date.parse(instant);
}

let made = 0;
/** A statement of the demo company submitted by `by` (the owner unless said). */
async function submit(by: Who = 'owner', objectName = `Объект регламента ${++made}`) {
  const prefile = await storePrefile(portal.ctx, users[by].id, {
    fileName: 'Альбом.pdf',
    contentType: 'application/pdf',
    source: '%PDF-1.4 альбом',
  });
  return submitStatement(portal.ctx, users[by], {
    objectName,
    address: 'г. Энск, ул. Речная, д. 5',
    cadastralNumber: '77:01:0001001:1234',
    prefileIds: [prefile.id],
  });
}

/** A statement of the demo company moved to `status` by examiner 1 (through one rework with remarks). */
async function statementIn(status: StatementStatus, by: Who = 'owner'): Promise<number> {
  const { id } = await submit(by);
  const examiner = users.examiner1;
  if (status === 'sent') return id;
  if (status === 'not_accepted') {
    const refused = await refuse(id, [intake[0] as RefusalGround]);
    expect(refused.statusCode, refused.body).toBe(200);
    return id;
  }
  await takeIntoWork(portal.ctx, examiner, id);
  if (status === 'under_review') return id;
  for (const severity of ['required', 'advisory'] as const) {
    await createRemark(portal.ctx, examiner, id, { text: `Замечание (${severity})`, severity, pin: null });
  }
  await replyToStatement(portal.ctx, examiner, id, { status: 'has_comments', isInstance: true, prefileIds: [] });
  if (status === 'has_comments') return id;
  if (status === 'withdrawn') {
    expect((await withdraw('owner', id, 'Передумали')).statusCode).toBe(200);
    return id;
  }
  const remarks = (await companyView(id)).remarks;
  const required = remarks.find((remark) => remark.severity === 'required');
  const prefile = await storePrefile(portal.ctx, users[by].id, {
    fileName: 'Альбом, версия 2.pdf',
    contentType: 'application/pdf',
    source: '%PDF-1.4 версия 2',
  });
  await submitNewVersion(portal.ctx, users[by], id, {
    status: 'under_review',
    prefileIds: [prefile.id],
    answers: required ? [{ remarkId: required.id, text: 'Исправлено' }] : [],
  });
  await replyToStatement(portal.ctx, examiner, id, {
    status: status as 'approved' | 'rejected',
    isInstance: true,
    prefileIds: status === 'approved' ? [await certificatePrefile(portal, examiner, id)] : [],
    ...(await groundsFor(portal.ctx, status)),
  });
  return id;
}

const refuse = (id: number, grounds: RefusalGround[], who: Who = 'examiner1', comment: string | null = null) =>
  call(who, 'POST', `/api/instance/statements/${id}/refuse-acceptance`, {
    groundIds: grounds.map((ground) => ground.id),
    comment,
  });

const withdraw = (who: Who, id: number, reason: string | null = null) =>
  call(who, 'POST', `/api/statements/${id}/withdraw`, { reason });

/** What a refused call must leave as it was: status, examiner, stages, history, grounds, files and remarks. */
async function stored(id: number) {
  const statement = await examinerView(id);
  const files = await portal.db
    .selectFrom('files')
    .innerJoin('stages', 'stages.id', 'files.stage_id')
    .select('files.id')
    .where('stages.statement_id', '=', id)
    // An approval's set is stamped after its commit, in the background: its files come when they are made, whatever
    // a refused change did or did not do.
    .where('files.approved_set', 'is', null)
    .execute();
  return {
    status: statement.status,
    examinerId: statement.examinerId,
    lastUpdate: statement.lastUpdate,
    stages: statement.stages.length,
    history: statement.history.length,
    refusalGrounds: statement.refusalGrounds,
    remarks: statement.remarks.map((remark) => remark.status),
    files: files.length,
  };
}

function pdfText(bytes: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const notificationsOf = (who: Who) => get<Notification[]>(who, '/api/notifications');

describe('the refusal to accept', () => {
  it('moves a sent statement to not_accepted with two grounds, the notice as a file of its round, the history and the company told', async () => {
    at('2026-11-20T09:00:00+03:00'); // a Friday: the intake check is due on Wednesday the 25th
    const { id, visibleId } = await submit('employee', 'Дом у реки');
    at('2026-11-24T11:00:00+03:00');
    const chosen = [intake[2], intake[0]] as RefusalGround[];
    const refused = await refuse(id, chosen, 'examiner2', 'Не приложен раздел с описанием облика');
    expect(refused.statusCode, refused.body).toBe(200);
    const answer = refused.json<Statement>();
    expect(answer.status).toBe('not_accepted');
    expect(answer.refusalGrounds).toEqual(chosen);
    expect(answer.intakeDeadline).toBeNull();
    expect(answer.reviewDeadline).toBeNull();
    // Whoever refused becomes its examiner: it is in their own list, no longer in the news.
    expect(answer.examinerId).toBe(users.examiner2.id);
    const mine = await get<StatementListItem[]>('examiner2', '/api/instance/me/statements');
    expect(mine.find((item) => item.id === id)?.status).toBe('not_accepted');
    const news = await get<StatementListItem[]>('examiner2', '/api/instance/all/statements?status=sent');
    expect(news.some((item) => item.id === id)).toBe(false);

    const company = await companyView(id, 'employee');
    expect(company.status).toBe('not_accepted');
    expect(company.refusalGrounds).toEqual(chosen);
    const round = company.stages.at(-1);
    expect(round).toMatchObject({
      status: 'not_accepted',
      isGovernmentAgency: true,
      comment: 'Не приложен раздел с описанием облика',
    });
    expect(round?.applicant).toBe(users.examiner2.fio);
    expect(company.history.at(-1)).toMatchObject({
      status: 'not_accepted',
      actor: users.examiner2.fio,
      byCommittee: true,
      term: { dueDate: '2026-11-25', onTime: true },
    });

    // The notice: one file of the round, the same bytes for both sides, read back as a person's viewer would.
    expect(round?.files.map((file) => file.fileName)).toEqual([`Отказ_в_приёме_${visibleId}.pdf`]);
    const letter = round?.files[0];
    if (!letter) throw new Error('no notice');
    const download = await call('employee', 'GET', `/api/files?path=${letter.url}`);
    const again = await call('examiner1', 'GET', `/api/files?path=${letter.url}`);
    expect(download.statusCode).toBe(200);
    expect(again.rawPayload.equals(download.rawPayload)).toBe(true);
    const text = pdfText(download.rawPayload, 'intake.pdf');
    for (const expected of [
      'Уведомление об отказе в приёме документов',
      `№ ${visibleId}`,
      'Дом у реки',
      ...chosen.map((ground) => ground.name),
    ]) {
      expect(text).toContain(expected.replace(/\s+/g, ' '));
    }

    // Every user of the company is told, naming the grounds; the mail lists them with their legal basis.
    const message = `По заявлению № ${visibleId} «Дом у реки» отказано в приёме документов`;
    for (const who of ['owner', 'employee'] as const) {
      expect((await notificationsOf(who)).find((n) => n.message.startsWith(message))).toMatchObject({
        message: `${message}. Основания отказа: ${chosen.map((ground) => ground.name).join('; ')}`,
        route: `/statement/info/${id}`,
      });
    }
    expect((await notificationsOf('examiner1')).some((n) => n.message.startsWith(message))).toBe(false);
    const mailed = () => portal.mailbox.messagesTo(demoUsers.employee.email).find((mail) => mail.subject === message);
    await expect.poll(mailed).toBeDefined();
    expect(mailed()?.text).toContain(
      `Основания отказа:\n1. ${chosen[0]?.name} (${chosen[0]?.legalBasis}).\n2. ${chosen[1]?.name} (${chosen[1]?.legalBasis}).`,
    );
  });

  it('refuses a refusal without grounds, with a ground of the other catalogue or of none, storing nothing', async () => {
    const { id } = await submit();
    const before = await stored(id);
    const cases: Array<[object, string]> = [
      [{ groundIds: [], comment: null }, 'Выберите основание'],
      [{ groundIds: [decision[0]?.id], comment: null }, 'Такого основания отказа нет в справочнике'],
      [{ groundIds: [intake[0]?.id, 999_999], comment: 'Текст' }, 'Такого основания отказа нет в справочнике'],
    ];
    for (const [body, message] of cases) {
      const refused = await call('examiner1', 'POST', `/api/instance/statements/${id}/refuse-acceptance`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toEqual({ error: 'validation_error', message, field: 'groundIds' });
    }
    expect(await stored(id)).toEqual(before);
    expect(before).toMatchObject({ status: 'sent', examinerId: null, stages: 1, refusalGrounds: [] });
  });

  it('answers 409 once the statement left sent, 403 to a company user and 404 for a missing one, storing nothing', async () => {
    for (const status of [
      'under_review',
      'has_comments',
      'approved',
      'rejected',
      'not_accepted',
      'withdrawn',
    ] as const) {
      const id = await statementIn(status);
      const before = await stored(id);
      const refused = await refuse(id, [intake[1] as RefusalGround]);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json()).toEqual({
        error: 'invalid_transition',
        message: 'Статус заявления уже изменился. Обновите страницу.',
      });
      expect(await stored(id), status).toEqual(before);
    }
    const { id } = await submit();
    expect((await refuse(id, [intake[1] as RefusalGround], 'owner')).statusCode).toBe(403);
    expect((await refuse(999_999, [intake[1] as RefusalGround])).statusCode).toBe(404);
    expect((await companyView(id)).status).toBe('sent');
  });

  it('of two examiners at once exactly one wins, and a refusal racing a taking into work too', async () => {
    const { id } = await submit();
    const answers = await Promise.all([
      refuse(id, [intake[0] as RefusalGround, intake[1] as RefusalGround], 'examiner1'),
      refuse(id, [intake[2] as RefusalGround], 'examiner2'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json<Statement>();
    const statement = await examinerView(id);
    expect(statement.refusalGrounds).toEqual(winner?.refusalGrounds);
    expect(statement.stages).toHaveLength(2);
    expect(statement.history.map((entry) => entry.status)).toEqual(['sent', 'not_accepted']);

    const raced = await submit();
    const [refused, taken] = await Promise.all([
      refuse(raced.id, [intake[0] as RefusalGround], 'examiner1'),
      call('examiner2', 'POST', '/api/instance/StartWorkOnStatement', { id: raced.id }),
    ]);
    expect([refused.statusCode, taken.statusCode].sort()).toEqual([200, 409]);
    const after = await examinerView(raced.id);
    expect(after.stages).toHaveLength(refused.statusCode === 200 ? 2 : 1);
    expect(after.refusalGrounds).toHaveLength(refused.statusCode === 200 ? 1 : 0);
  });
});

describe('the withdrawal', () => {
  it('withdraws a statement nobody took: the reason as the applicant’s stage, every examiner told', async () => {
    const { id, visibleId } = await submit('employee', 'Киоск');
    const withdrawn = await withdraw('employee', id, '  Подадим заново  ');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const statement = withdrawn.json<Statement>();
    expect(statement.status).toBe('withdrawn');
    expect(statement.reviewDeadline).toBeNull();
    expect(statement.intakeDeadline).toBeNull();
    expect(statement.stages.at(-1)).toMatchObject({
      status: 'withdrawn',
      isGovernmentAgency: false,
      comment: 'Подадим заново',
      applicant: users.employee.fio,
    });
    expect(statement.history.at(-1)).toMatchObject({ status: 'withdrawn', byCommittee: false, term: null });
    const message = `Заявление № ${visibleId} «Киоск» отозвано заявителем`;
    for (const who of ['examiner1', 'examiner2'] as const) {
      expect((await notificationsOf(who)).find((n) => n.message === message)?.route).toBe(
        `/instance/statement/info/${id}`,
      );
    }
    expect((await notificationsOf('owner')).some((n) => n.message === message)).toBe(false);
    const mailed = () => portal.mailbox.messagesTo(demoUsers.examiner2.email).find((mail) => mail.subject === message);
    await expect.poll(mailed).toBeDefined();
    expect(mailed()?.text).toContain('Причина: Подадим заново');
    // The spec's delete of an untaken statement stays: a withdrawn one is no longer deletable.
    expect((await call('owner', 'GET', `/api/statements/${id}`)).statusCode).toBe(200);
  });

  it('withdraws a statement under review: the term stops, only the assigned examiner is told, it leaves the review', async () => {
    const id = await statementIn('under_review', 'employee');
    expect((await examinerView(id)).reviewDeadline).not.toBeNull();
    const withdrawn = await withdraw('owner', id);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const statement = withdrawn.json<Statement>();
    expect(statement).toMatchObject({ status: 'withdrawn', reviewDeadline: null, examinerId: users.examiner1.id });
    expect(statement.stages.at(-1)).toMatchObject({ status: 'withdrawn', comment: null, applicant: users.owner.fio });
    const message = `Заявление № ${statement.visibleId} «${statement.title}» отозвано заявителем`;
    expect((await notificationsOf('examiner1')).some((n) => n.message === message)).toBe(true);
    expect((await notificationsOf('examiner2')).some((n) => n.message === message)).toBe(false);
    const mine = await get<StatementListItem[]>('examiner1', '/api/instance/me/statements');
    expect(mine.find((item) => item.id === id)?.status).toBe('withdrawn');
    // Nothing more happens to it: no reply, no remark.
    const reply = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'has_comments',
      isInstance: true,
      prefileIds: [],
    });
    expect(reply.statusCode).toBe(409);
  });

  it('withdraws a statement in rework and closes its open remarks', async () => {
    const id = await statementIn('has_comments');
    expect((await companyView(id)).remarks.map((remark) => remark.status)).toEqual(['open', 'open']);
    expect((await withdraw('owner', id, 'Проект отменён')).statusCode).toBe(200);
    const statement = await companyView(id);
    expect(statement.status).toBe('withdrawn');
    expect(
      statement.remarks.map((remark) => ({ status: remark.status, byDecision: remark.resolution?.byDecision })),
    ).toEqual([
      { status: 'resolved', byDecision: true },
      { status: 'resolved', byDecision: true },
    ]);
    expect(statement.remarks.every((remark) => remark.history.at(-1)?.kind === 'closed')).toBe(true);
  });

  it('answers 409 after a decision or a withdrawal, 404 to another company, 403 to another employee, storing nothing', async () => {
    for (const status of ['approved', 'rejected', 'not_accepted', 'withdrawn'] as const) {
      const id = await statementIn(status);
      const before = await stored(id);
      const refused = await withdraw('owner', id, 'Поздно');
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().error).toBe('invalid_transition');
      expect(await stored(id), status).toEqual(before);
    }
    const id = await statementIn('under_review', 'owner');
    const before = await stored(id);
    const foreign = await withdraw('ownerB', id);
    const missing = await withdraw('ownerB', 999_999);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const employee = await withdraw('employee', id);
    expect(employee.statusCode).toBe(403);
    expect(employee.json().message).toBe(
      'Отозвать заявление может только подавший его сотрудник или владелец компании',
    );
    expect((await withdraw('examiner1', id)).statusCode).toBe(403);
    expect(await stored(id)).toEqual(before);
  });
});

describe('the intake term', () => {
  const deadline = (dueDate: string, workingDaysLeft: number) => ({ dueDate, workingDaysLeft, provisional: false });

  /** The intake deadline of a statement in every reply that carries it. */
  async function intakeEverywhere(id: number) {
    const find = (list: StatementListItem[]) => list.find((item) => item.id === id)?.intakeDeadline;
    return [
      (await companyView(id)).intakeDeadline,
      find(await get<StatementListItem[]>('owner', '/api/statements')),
      (await examinerView(id)).intakeDeadline,
      find(await get<StatementListItem[]>('examiner1', '/api/instance/all/statements')),
      find(await get<StatementListItem[]>('examiner1', '/api/instance/all/statements?status=sent')),
    ];
  }

  it('runs INTAKE_TERM_DAYS (3) working days from the submission while sent, over the holidays of the production calendar', async () => {
    expect(portal.config.intakeTermDays).toBe(3);
    at('2026-11-20T09:00:00+03:00'); // Friday: Monday, Tuesday, Wednesday
    const plain = await submit();
    expect(await intakeEverywhere(plain.id)).toEqual(Array(5).fill(deadline('2026-11-25', 3)));
    at('2026-11-03T10:00:00+03:00'); // Tuesday before 4 November, a holiday: Thursday, Friday, Monday
    const holiday = await submit();
    expect(await intakeEverywhere(holiday.id)).toEqual(Array(5).fill(deadline('2026-11-09', 3)));
    at('2026-11-09T18:00:00+03:00');
    expect((await companyView(holiday.id)).intakeDeadline).toEqual(deadline('2026-11-09', 0));
    at('2026-11-10T10:00:00+03:00');
    expect((await companyView(holiday.id)).intakeDeadline).toEqual(deadline('2026-11-09', -1));
    // The review term keeps its own length from the same receipt.
    expect((await companyView(holiday.id)).reviewDeadline?.dueDate).toBe('2026-11-18');

    // Taken into work late: the intake deadline is gone, and the history says the check came late.
    await takeIntoWork(portal.ctx, users.examiner1, holiday.id);
    const taken = await companyView(holiday.id);
    expect(taken.intakeDeadline).toBeNull();
    expect(taken.history.at(-1)).toMatchObject({
      status: 'under_review',
      term: { dueDate: '2026-11-09', onTime: false },
    });
    expect(await intakeEverywhere(holiday.id)).toEqual([null, null, null, null, undefined]);
  });

  it('counts an overdue intake check in the counters and the metrics as the lists show it', async () => {
    at('2026-11-02T10:00:00+03:00');
    const { id } = await submit();
    at('2026-11-12T10:00:00+03:00');
    const list = await get<StatementListItem[]>('owner', '/api/statements');
    expect(list.find((item) => item.id === id)?.intakeDeadline?.workingDaysLeft).toBeLessThan(0);
    const late = (value: { workingDaysLeft: number } | null | undefined) => (value?.workingDaysLeft ?? 0) < 0;
    const counters = await get<StatementCounters>('owner', '/api/users/me/counters');
    expect(counters.overdue).toBe(list.filter((item) => late(item.reviewDeadline) || late(item.intakeDeadline)).length);

    const all = await get<StatementListItem[]>('examiner1', '/api/instance/all/statements');
    const scraped = await portal.app.metrics.registry.metrics();
    const gauge = scraped.split('\n').find((line) => line.startsWith('portal_intake_checks_overdue '));
    expect(Number(gauge?.split(' ')[1])).toBe(all.filter((item) => late(item.intakeDeadline)).length);
    expect(Number(gauge?.split(' ')[1])).toBeGreaterThanOrEqual(1);
  });
});

describe('the lists follow (live updates)', () => {
  /** A list with the revision it answers, or what changed since `since`. */
  async function list(who: Who, url: string, since?: string) {
    const response = await call(who, 'GET', since ? `${url}${url.includes('?') ? '&' : '?'}since=${since}` : url);
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.json(), revision: encodeURIComponent(String(response.headers['x-list-revision'])) };
  }

  it('a refusal leaves the news, a withdrawal changes the row of the examiner’s own list', async () => {
    at('2026-11-26T10:00:00+03:00');
    const { id } = await submit();
    const news = await list('examiner1', '/api/instance/all/statements?status=sent');
    expect(news.body.some((item: StatementListItem) => item.id === id)).toBe(true);
    expect((await refuse(id, [intake[0] as RefusalGround])).statusCode).toBe(200);
    const left = await list('examiner1', '/api/instance/all/statements?status=sent', news.revision);
    expect(left.body).toMatchObject({ changed: [], removed: [id] });

    const reviewed = await statementIn('under_review');
    const mine = await list('examiner1', '/api/instance/me/statements');
    expect((await withdraw('owner', reviewed)).statusCode).toBe(200);
    const changed = await list('examiner1', '/api/instance/me/statements', mine.revision);
    expect(changed.body.removed).toEqual([]);
    expect(changed.body.changed.map((item: StatementListItem) => [item.id, item.status])).toEqual([
      [reviewed, 'withdrawn'],
    ]);
  });
});

describe('counters and lists with the regulation’s statuses', () => {
  it('count not_accepted and withdrawn apart from the spec’s total, as the lists hold them', async () => {
    await statementIn('not_accepted');
    await statementIn('withdrawn');
    for (const [who, url] of [
      ['owner', '/api/statements'],
      ['examiner1', '/api/instance/me/statements'],
    ] as const) {
      const items = await get<StatementListItem[]>(who, url);
      const counters = await get<StatementCounters>(who, '/api/users/me/counters');
      const count = (status: StatementStatus) => items.filter((item) => item.status === status).length;
      for (const status of [
        'sent',
        'under_review',
        'has_comments',
        'approved',
        'rejected',
        'not_accepted',
        'withdrawn',
      ] as const) {
        expect(counters[status], `${who} ${status}`).toBe(count(status));
      }
      expect(counters.not_accepted).toBeGreaterThanOrEqual(1);
      expect(counters.withdrawn).toBeGreaterThanOrEqual(1);
      expect(counters.total).toBe(
        count('under_review') + count('has_comments') + count('approved') + count('rejected'),
      );
    }
    const scraped = await portal.app.metrics.registry.metrics();
    const all = await get<StatementListItem[]>('examiner1', '/api/instance/all/statements');
    for (const status of ['not_accepted', 'withdrawn'] as const) {
      const line = scraped.split('\n').find((l) => l.startsWith(`portal_statements{status="${status}"} `));
      expect(Number(line?.split(' ')[1])).toBe(all.filter((item) => item.status === status).length);
    }
  });
});
