import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '#domain/contract.ts';
import { STATEMENT_STATUSES } from '#domain/statuses.ts';
import { catalogIdsByValue } from '../../server/src/catalogs/catalogs.repository.ts';
import { rootDir } from '../../server/src/config.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import {
  DeadlineSettingError,
  sendDeadlineReminders,
  setReviewTerm,
} from '../../server/src/deadlines/deadlines.service.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement, submitNewVersion } from '../../server/src/workflow/review.ts';
import { demoUsers } from '../../tools/demo.ts';
import {
  adminCli,
  certificatePrefile,
  groundsFor,
  signedIn,
  startTestPortal,
  type TestPortal,
  usingPostgres,
} from './helpers.ts';

let portal: TestPortal;
let ctx: ServiceContext;
let categories: Map<string, number>;
const users = {} as Record<'owner' | 'examiner1' | 'examiner2', UserRow>;
const bearer = {} as Record<'owner' | 'examiner1' | 'examiner2', string>;

beforeAll(async () => {
  portal = await startTestPortal();
  ctx = portal.ctx;
  const people = await signedIn(portal, {
    owner: demoUsers.owner.email,
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
  });
  Object.assign(users, people.users);
  Object.assign(bearer, people.bearer);
  categories = await catalogIdsByValue(portal.db, 'catalog_object_types');
});
afterAll(async () => {
  await portal.close();
});

/** Sets the portal's clock (an ISO instant with its offset). */
function at(instant: string): void {
  portal.clock.now = Date.parse(instant);
}

async function submit(category = 'public', objectName = 'Дом культуры') {
  const prefile = await storePrefile(ctx, users.owner.id, {
    fileName: 'Альбом.pdf',
    contentType: 'application/pdf',
    source: '%PDF-1.4 альбом',
  });
  return submitStatement(ctx, users.owner, {
    objectName,
    categoryObjectId: categories.get(category) ?? null,
    prefileIds: [prefile.id],
  });
}

async function newVersion(id: number) {
  const prefile = await storePrefile(ctx, users.owner.id, {
    fileName: 'Альбом, версия 2.pdf',
    contentType: 'application/pdf',
    source: '%PDF-1.4 версия 2',
  });
  await submitNewVersion(ctx, users.owner, id, { status: 'under_review', prefileIds: [prefile.id] });
}

const reply = async (id: number, status: 'has_comments' | 'approved' | 'rejected') =>
  replyToStatement(ctx, users.examiner1, id, {
    status,
    isInstance: true,
    comment: 'Ответ',
    prefileIds: status === 'approved' ? [await certificatePrefile(portal, users.examiner1, id)] : [],
    ...(await groundsFor(ctx, status)),
  });

async function get<T>(who: keyof typeof bearer, url: string): Promise<T> {
  const response = await portal.app.inject({ method: 'GET', url, headers: { authorization: bearer[who] } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

/** The statement as its company's detail shows it (the reply is checked against the contract by the app). */
const companyView = (id: number) => get<Statement>('owner', `/api/statements/${id}`);
const examinerView = (id: number) => get<Statement>('examiner1', `/api/instance/statements/${id}`);

/** A review deadline as the API sends it: a whole term of 10 working days, firm, unless said otherwise. */
const term = (dueDate: string, workingDaysLeft = 10, provisional = false) => ({
  dueDate,
  workingDaysLeft,
  provisional,
});

/** The deadline each of the six replies that carry this statement gives. */
async function deadlinesEverywhere(id: number) {
  const find = (list: Statement[]) => list.find((statement) => statement.id === id)?.reviewDeadline;
  return {
    companyDetail: (await companyView(id)).reviewDeadline,
    companyList: find(await get<Statement[]>('owner', '/api/statements')),
    examinerDetail: (await examinerView(id)).reviewDeadline,
    allList: find(await get<Statement[]>('examiner1', '/api/instance/all/statements')),
    myList: find(await get<Statement[]>('examiner1', '/api/instance/me/statements')) ?? 'not mine',
  };
}

describe('the review deadline in replies', () => {
  it('counts for the sidebars exactly what the lists hold, overdue included (GET /api/users/me/counters)', async () => {
    at('2026-11-20T09:00:00+03:00');
    const late = await submit('public', 'Просроченный');
    const taken = await submit('public', 'Взятый в работу');
    await takeIntoWork(ctx, users.examiner1, taken.id);
    const answered = await submit('public', 'Отправленный на доработку');
    await takeIntoWork(ctx, users.examiner1, answered.id);
    await reply(answered.id, 'has_comments');
    at('2026-12-08T10:00:00+03:00'); // two working days past the due date 4 December
    type Deadline = { workingDaysLeft: number } | null;
    const over = (deadline: Deadline) => (deadline?.workingDaysLeft ?? 0) < 0;
    const expected = (list: Array<{ status: string; reviewDeadline: Deadline; intakeDeadline: Deadline }>) => {
      const counts: Record<string, number> = Object.fromEntries(STATEMENT_STATUSES.map((status) => [status, 0]));
      for (const item of list) counts[item.status] = (counts[item.status] ?? 0) + 1;
      // The spec's total leaves sent and the regulation's not_accepted and withdrawn out; overdue counts a running
      // review term or intake check past its due date.
      const apart = ['sent', 'not_accepted', 'withdrawn'];
      return {
        ...counts,
        total: list.filter((item) => !apart.includes(item.status)).length,
        overdue: list.filter((item) => over(item.reviewDeadline) || over(item.intakeDeadline)).length,
      };
    };
    const company = await get<Statement[]>('owner', '/api/statements');
    const companyCounters = await get<Record<string, number>>('owner', '/api/users/me/counters');
    expect(companyCounters).toEqual(expected(company));
    expect(companyCounters.overdue).toBeGreaterThanOrEqual(2); // `late` (sent) and `taken` (under review)
    expect(company.find((item) => item.id === late.id)?.reviewDeadline?.workingDaysLeft).toBe(-2);

    // An examiner's counters also count the intake queue, 'Новые заявления': every company's sent statements.
    const queue = await get<Statement[]>('examiner1', '/api/instance/all/statements?status=sent');
    const news = queue.filter((item) => item.status === 'sent').length;
    expect(queue.map((item) => item.id)).toContain(late.id);
    const mine = await get<Statement[]>('examiner1', '/api/instance/me/statements');
    const examinerCounters = await get<Record<string, number>>('examiner1', '/api/users/me/counters');
    expect(examinerCounters).toEqual({ ...expected(mine), news });
    expect(mine.map((item) => item.id)).toEqual(expect.arrayContaining([taken.id, answered.id]));
    expect(mine.map((item) => item.id)).not.toContain(late.id);
    const other = await get<Statement[]>('examiner2', '/api/instance/me/statements');
    expect(await get<Record<string, number>>('examiner2', '/api/users/me/counters')).toEqual({
      ...expected(other),
      news,
    });

    // Taken into work, a statement leaves the queue's count.
    await takeIntoWork(ctx, users.examiner2, late.id);
    expect((await get<Record<string, number>>('examiner1', '/api/users/me/counters')).news).toBe(news - 1);
  });

  it('shows the due date the day a statement is submitted, in the company and examiner replies alike', async () => {
    at('2026-11-20T09:00:00+03:00'); // a Friday
    const { id } = await submit();
    const fresh = term('2026-12-04');
    expect(await deadlinesEverywhere(id)).toEqual({
      companyDetail: fresh,
      companyList: fresh,
      examinerDetail: fresh,
      allList: fresh,
      myList: 'not mine',
    });
    at('2026-11-23T10:00:00+03:00');
    await takeIntoWork(ctx, users.examiner1, id);
    const running = term('2026-12-04', 9);
    expect(await deadlinesEverywhere(id)).toEqual({
      companyDetail: running,
      companyList: running,
      examinerDetail: running,
      allList: running,
      myList: running,
    });
  });

  it('counts working days left on the committee clock: 3, 0 on the due date, -2 when over', async () => {
    at('2026-11-20T09:00:00+03:00');
    const { id } = await submit();
    const left = async (instant: string) => {
      at(instant);
      return (await companyView(id)).reviewDeadline?.workingDaysLeft;
    };
    expect(await left('2026-12-01T12:00:00+03:00')).toBe(3);
    expect(await left('2026-12-04T23:59:00+03:00')).toBe(0);
    expect(await left('2026-12-04T21:00:00Z')).toBe(-1); // midnight in Moscow, a Saturday: over
    expect(await left('2026-12-08T10:00:00+03:00')).toBe(-2);
  });

  it('takes the receipt date in Moscow: 23:30 on Thursday is Thursday', async () => {
    at('2026-11-19T23:30:00+03:00');
    const late = await submit();
    at('2026-11-20T00:30:00+03:00');
    const afterMidnight = await submit();
    expect((await companyView(late.id)).reviewDeadline?.dueDate).toBe('2026-12-03');
    expect((await companyView(afterMidnight.id)).reviewDeadline?.dueDate).toBe('2026-12-04');
  });

  it('skips the May holidays', async () => {
    at('2026-04-30T15:00:00+03:00');
    const { id } = await submit();
    expect((await companyView(id)).reviewDeadline).toEqual(term('2026-05-18'));
  });
});

describe('the clock across rework, new versions and decisions', () => {
  it('stops in has_comments, restarts full on a new version, and the history says whether each term was kept', async () => {
    at('2026-11-20T09:00:00+03:00');
    const { id } = await submit();
    at('2026-11-23T10:00:00+03:00');
    await takeIntoWork(ctx, users.examiner1, id);
    at('2026-12-08T11:00:00+03:00'); // two working days late
    await reply(id, 'has_comments');
    expect((await companyView(id)).reviewDeadline).toBeNull();
    expect((await examinerView(id)).reviewDeadline).toBeNull();

    at('2026-12-10T15:00:00+03:00'); // the applicant answers on a Thursday
    await newVersion(id);
    expect((await companyView(id)).reviewDeadline).toEqual(term('2026-12-24'));
    at('2026-12-24T18:00:00+03:00');
    await reply(id, 'approved');
    const statement = await companyView(id);
    expect(statement.reviewDeadline).toBeNull();
    expect(
      statement.history.map(({ status, actor, byCommittee, term }) => ({ status, actor, byCommittee, term })),
    ).toEqual([
      { status: 'sent', actor: demoUsers.owner.fio, byCommittee: false, term: null },
      // Taken into work on Monday: the intake check (3 working days from Friday's submission) came in time.
      {
        status: 'under_review',
        actor: demoUsers.examiner1.fio,
        byCommittee: true,
        term: { dueDate: '2026-11-25', onTime: true },
      },
      {
        status: 'has_comments',
        actor: demoUsers.examiner1.fio,
        byCommittee: true,
        term: { dueDate: '2026-12-04', onTime: false },
      },
      { status: 'under_review', actor: demoUsers.owner.fio, byCommittee: false, term: null },
      {
        status: 'approved',
        actor: demoUsers.examiner1.fio,
        byCommittee: true,
        term: { dueDate: '2026-12-24', onTime: true },
      },
    ]);
    expect((await examinerView(id)).history).toEqual(statement.history);
    expect(statement.history.map((entry) => entry.at)).toEqual([
      '2026-11-20T06:00:00.000Z',
      '2026-11-23T07:00:00.000Z',
      '2026-12-08T08:00:00.000Z',
      '2026-12-10T12:00:00.000Z',
      '2026-12-24T15:00:00.000Z',
    ]);
  });

  it('records a rejection on the due date itself as on time', async () => {
    at('2026-11-20T09:00:00+03:00');
    const { id } = await submit();
    await takeIntoWork(ctx, users.examiner1, id);
    at('2026-12-04T23:00:00+03:00');
    await reply(id, 'rejected');
    expect((await companyView(id)).history.at(-1)?.term).toEqual({ dueDate: '2026-12-04', onTime: true });
  });
});

describe('deadline reminders', () => {
  /**
   * Runs the reminder job in `count` separate processes at once (each an API instance of its own: its own database
   * connection and SMTP client, the portal's clock): each gets ready, says so and waits; once all are ready, all are
   * told to go at the same moment. Returns what each sent.
   */
  async function runInstancesAtOnce(count: number): Promise<number[]> {
    const script = `
      const { loadConfig } = await import(${JSON.stringify(path.join(rootDir, 'server/src/config.ts'))});
      const { createServiceContext } = await import(${JSON.stringify(path.join(rootDir, 'server/src/service-context.ts'))});
      const { createDatabase } = await import(${JSON.stringify(path.join(rootDir, 'server/src/db/database.ts'))});
      const { createMailer } = await import(${JSON.stringify(path.join(rootDir, 'server/src/mail/mailer.ts'))});
      const { sendDeadlineReminders } = await import(
        ${JSON.stringify(path.join(rootDir, 'server/src/deadlines/deadlines.service.ts'))}
      );
      const config = loadConfig();
      const db = createDatabase(config);
      const mailer = createMailer(config.smtpUrl, config.mailFrom);
      const now = new Date(${portal.clock.now});
      const ctx = createServiceContext({ config, db, mailer, now: () => now, logError: (error) => { throw error; } });
      // Ready: wait for the word to go (a line on stdin), which every instance gets at once.
      console.log('ready');
      await new Promise((resolve) => process.stdin.once('data', resolve));
      process.stdin.destroy();
      const sent = await sendDeadlineReminders(ctx);
      mailer.close();
      await db.destroy();
      console.log(JSON.stringify({ sent }));
    `;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: portal.config.dataDir,
      SMTP_URL: portal.config.smtpUrl ?? '',
      JWT_SECRET: portal.config.jwtSecret,
      NODE_ENV: 'test',
    };
    if (usingPostgres) env.DATABASE_URL = process.env.TEST_DATABASE_URL;
    else delete env.DATABASE_URL;
    const children = Array.from({ length: count }, () =>
      spawn(process.execPath, ['--input-type=module', '-e', script], { env }),
    );
    const ready = children.map(
      (child) =>
        new Promise<void>((resolve) => {
          let out = '';
          const onData = (chunk: Buffer) => {
            out += chunk.toString();
            if (!out.split('\n').includes('ready')) return;
            child.stdout.off('data', onData);
            resolve();
          };
          child.stdout.on('data', onData);
        }),
    );
    const runs = children.map(
      (child) =>
        new Promise<number>((resolve, reject) => {
          let out = '';
          let err = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
          });
          child.stderr.on('data', (chunk: Buffer) => {
            err += chunk.toString();
          });
          child.on('error', reject);
          child.on('close', (code) => {
            if (code !== 0) return reject(new Error(`reminder instance exited with ${code}: ${err}`));
            const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { sent: number };
            resolve(result.sent);
          });
        }),
    );
    const finished = Promise.all(runs);
    finished.catch(() => undefined); // awaited below; an instance failing before then must not surface as unhandled
    try {
      // All ready, or one failed on its way there.
      await Promise.race([Promise.all(ready), finished]);
    } catch (error) {
      for (const child of children) child.kill('SIGKILL');
      throw error;
    }
    for (const child of children) child.stdin.end('go\n');
    return finished;
  }

  it('mails the assigned examiner two working days before and once the term is over, once each with two instances', async () => {
    at('2026-11-20T09:00:00+03:00');
    const watched = await submit('public', 'Библиотека');
    await takeIntoWork(ctx, users.examiner1, watched.id);
    const unassigned = await submit('public', 'Сквер');
    const reworked = await submit('public', 'Павильон');
    await takeIntoWork(ctx, users.examiner1, reworked.id);
    await reply(reworked.id, 'has_comments');
    const mailbox = portal.mailbox.view();
    const reminders = () => mailbox.messages.filter((mail) => mail.subject.startsWith('Срок рассмотрения'));
    const about = (visibleId: number) => reminders().filter((mail) => mail.subject.includes(`№ ${visibleId} `));
    // Both instances find the same work; the database lets exactly one of them send each mail. A run after them
    // finds nothing left to send.
    const remindFromTwoInstances = async () => {
      const before = reminders().length;
      const sent = await runInstancesAtOnce(2);
      expect(sent.reduce((sum, count) => sum + count, 0)).toBe(reminders().length - before);
      await sendDeadlineReminders(ctx);
    };

    at('2026-12-01T09:00:00+03:00'); // three working days left: nothing yet
    await sendDeadlineReminders(ctx);
    expect(about(watched.visibleId)).toEqual([]);

    at('2026-12-02T09:00:00+03:00'); // Wednesday: two working days left
    await remindFromTwoInstances();
    const soon = about(watched.visibleId);
    expect(soon).toHaveLength(1);
    expect(soon[0]?.to).toEqual([demoUsers.examiner1.email]);
    expect(soon[0]?.subject).toBe(
      `Срок рассмотрения заявления № ${watched.visibleId} «Библиотека» истекает 4 декабря 2026 г.`,
    );
    expect(soon[0]?.text).toContain(
      `Срок рассмотрения заявления № ${watched.visibleId} «Библиотека» — до 4 декабря 2026 г. (осталось 2 рабочих дня).`,
    );
    expect(soon[0]?.text).toContain(`/instance/statement/info/${watched.id}`);

    at('2026-12-04T12:00:00+03:00'); // the due date: still the one reminder
    await sendDeadlineReminders(ctx);
    expect(about(watched.visibleId)).toHaveLength(1);

    at('2026-12-05T10:00:00+03:00'); // the Saturday after: over, but nobody is mailed on a day off
    expect(await sendDeadlineReminders(ctx)).toBe(0);
    expect(about(watched.visibleId)).toHaveLength(1);
    at('2026-12-07T10:00:00+03:00'); // Monday, the first working day after: the mail goes
    await remindFromTwoInstances();
    const both = about(watched.visibleId);
    expect(both).toHaveLength(2);
    expect(both[1]?.subject).toBe(`Срок рассмотрения заявления № ${watched.visibleId} «Библиотека» истёк`);
    expect(both[1]?.text).toContain('истёк: он был до 4 декабря 2026 г.');

    // A statement no one took reminds every examiner, and says so; one waiting for the applicant reminds nobody.
    const nobodys = about(unassigned.visibleId);
    // Every examiner: the head is one too.
    expect(nobodys.map((mail) => mail.to.join())).toEqual([
      demoUsers.head.email,
      demoUsers.examiner1.email,
      demoUsers.examiner2.email,
      demoUsers.head.email,
      demoUsers.examiner1.email,
      demoUsers.examiner2.email,
    ]);
    expect(nobodys[0]?.subject).toBe(
      `Срок рассмотрения заявления № ${unassigned.visibleId} «Сквер» истекает 4 декабря 2026 г.`,
    );
    expect(nobodys[0]?.text).toContain('Заявление ещё никто не взял в работу.');
    expect(nobodys[3]?.subject).toBe(`Срок рассмотрения заявления № ${unassigned.visibleId} «Сквер» истёк`);
    expect(about(reworked.visibleId)).toEqual([]);
    // Whatever else was due meanwhile (the demo's statements), no reminder went twice.
    const keys = reminders().map((mail) => `${mail.to.join()} ${mail.subject}`);
    expect(new Set(keys).size).toBe(keys.length);

    // The examiner sees them in the portal too, once each.
    const notes = await get<Array<{ message: string }>>('examiner1', '/api/notifications');
    expect(
      notes.filter(
        (note) => note.message.startsWith('Срок рассмотрения') && note.message.includes(`№ ${watched.visibleId} `),
      ),
    ).toHaveLength(2);
  });

  it('reminds again for the new term after a new version', async () => {
    at('2026-11-20T09:00:00+03:00');
    const { id, visibleId } = await submit('public', 'Набережная');
    await takeIntoWork(ctx, users.examiner1, id);
    await reply(id, 'has_comments');
    at('2026-11-24T10:00:00+03:00');
    await newVersion(id); // due 2026-12-08
    const mailbox = portal.mailbox.view();
    at('2026-12-04T10:00:00+03:00'); // Friday: Monday and Tuesday left
    await sendDeadlineReminders(ctx);
    at('2026-12-09T10:00:00+03:00');
    await sendDeadlineReminders(ctx);
    expect(
      mailbox.messages
        .filter((mail) => mail.subject.startsWith('Срок рассмотрения') && mail.subject.includes(`№ ${visibleId} `))
        .map((mail) => mail.subject),
    ).toEqual([
      `Срок рассмотрения заявления № ${visibleId} «Набережная» истекает 8 декабря 2026 г.`,
      `Срок рассмотрения заявления № ${visibleId} «Набережная» истёк`,
    ]);
  });

  it('gives a claim back when its mail fails, so the next run sends it', async () => {
    at('2026-11-20T09:00:00+03:00');
    const { id, visibleId } = await submit('public', 'Фонтан');
    await takeIntoWork(ctx, users.examiner1, id);
    at('2026-12-02T09:00:00+03:00');
    const failed: unknown[] = [];
    const broken: ServiceContext = {
      ...ctx,
      mailer: {
        send: async (mail) => {
          if (mail.subject.includes(`№ ${visibleId} `)) throw new Error('SMTP down');
        },
        close() {},
      },
      logError: (error) => failed.push(error),
    };
    await sendDeadlineReminders(broken);
    expect(failed).toHaveLength(1);
    const mailbox = portal.mailbox.view();
    await sendDeadlineReminders(ctx);
    const reminders = mailbox.messages.filter((mail) => mail.subject.startsWith('Срок рассмотрения'));
    expect(reminders.filter((mail) => mail.subject.includes(`№ ${visibleId} `))).toHaveLength(1);
    const notes = await get<Array<{ message: string }>>('examiner1', '/api/notifications');
    expect(
      notes.filter((note) => note.message.startsWith('Срок рассмотрения') && note.message.includes(`№ ${visibleId} `)),
    ).toHaveLength(1);
  });
});

/** Runs the admin CLI on the portal's database; returns its exit code and output. */
const admin = (...args: string[]) => adminCli(portal, ...args);

describe('the review term configuration', () => {
  it('sets the portal term and a category term; running terms keep the length they started with', async () => {
    const education = admin('review-term', '--days', '20', '--category', 'education');
    expect(education).toMatchObject({
      status: 0,
      stdout: 'Срок рассмотрения категории «education»: 20 рабочих дней\n',
    });
    at('2026-11-20T09:00:00+03:00');
    const school = await submit('education', 'Школа');
    const shop = await submit('commercial', 'Магазин');
    expect((await companyView(school.id)).reviewDeadline?.dueDate).toBe('2026-12-18');
    expect((await companyView(shop.id)).reviewDeadline?.dueDate).toBe('2026-12-04');

    expect(await setReviewTerm(ctx, 15, null)).toBe('Срок рассмотрения портала: 15 рабочих дней');
    await setReviewTerm(ctx, 5, 'education');
    expect((await companyView(school.id)).reviewDeadline?.dueDate).toBe('2026-12-18');
    expect((await companyView(shop.id)).reviewDeadline?.dueDate).toBe('2026-12-04');
    const later = await submit('commercial', 'Кафе');
    const uncategorised = await submit('', 'Навес');
    const laterSchool = await submit('education', 'Детский сад');
    expect((await companyView(later.id)).reviewDeadline?.dueDate).toBe('2026-12-11');
    expect((await companyView(uncategorised.id)).reviewDeadline?.dueDate).toBe('2026-12-11');
    expect((await companyView(laterSchool.id)).reviewDeadline?.dueDate).toBe('2026-11-27');

    expect(admin('review-term')).toMatchObject({
      status: 0,
      stdout: 'Портал: 15 рабочих дней\nКатегория «education»: 5 рабочих дней\n',
    });
    await setReviewTerm(ctx, 10, null);
  });

  it('refuses a term that is not a number of days and a category that does not exist, in Russian', async () => {
    expect(admin('review-term', '--days', 'десять')).toMatchObject({
      status: 1,
      stderr: 'Ошибка: --days: целое число рабочих дней\n',
    });
    await expect(setReviewTerm(ctx, 0, null)).rejects.toThrow(
      'Срок рассмотрения — целое число рабочих дней от 1 до 365',
    );
    await expect(setReviewTerm(ctx, 10, 'castle')).rejects.toThrow(DeadlineSettingError);
    const unknown = admin('review-term', '--days', '10', '--category', 'castle');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/^Ошибка: Нет категории объекта с кодом «castle»\. Коды: residential_apartment, /);
  });
});

describe('loading a production calendar year', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-calendar-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const target = path.join(dir, name);
    writeFileSync(target, text);
    return target;
  };

  it('turns a provisional deadline across the New Year into a firm one', async () => {
    at('2026-12-24T10:00:00+03:00');
    const { id } = await submit();
    expect((await companyView(id)).reviewDeadline).toEqual(term('2027-01-18', 10, true));
    const good = file(
      '2027.txt',
      [
        '# Производственный календарь на 2027 год (проверочный)',
        'нерабочие: 2027-01-01..2027-01-08, 2027-01-11',
        'нерабочие: 2027-02-22, 2027-02-23, 2027-03-08, 2027-05-03, 2027-05-10, 2027-06-14, 2027-11-04',
        'рабочие: 2027-11-06',
        '',
      ].join('\n'),
    );
    const loaded = admin('calendar-import', '--year', '2027', '--file', good);
    expect(loaded).toMatchObject({
      status: 0,
      stdout:
        'Производственный календарь 2027 года загружен. Нерабочих будних дней: 14, рабочих выходных: 1, рабочих дней в году: 248\n',
    });
    expect((await companyView(id)).reviewDeadline).toEqual(term('2027-01-19'));
  });

  it('refuses a file that is not one whole valid year and keeps the loaded one', async () => {
    const half = file('half.txt', 'нерабочие: 2027-01-01..2027-01-08\nрабочие: 2027-03-10\nнерабочие: 2028-01-03\n');
    const refused = admin('calendar-import', '--year', '2027', '--file', half);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Ошибка: Файл календаря не принят:');
    expect(refused.stderr).toContain('строка 2: 2027-03-10 (среда) — будний день и так рабочий');
    expect(refused.stderr).toContain('строка 3: «2028-01-03» — вне 2027 года');
    // The holidays the file then seems to lack are a consequence, not a cause: not listed.
    expect(refused.stderr).not.toContain('праздник по ст. 112 ТК РФ не указан среди нерабочих');
    expect(admin('calendar-import', '--year', '2027', '--file', path.join(dir, 'missing.txt'))).toMatchObject({
      status: 1,
      stderr: `Ошибка: Не удалось прочитать файл ${path.join(dir, 'missing.txt')}\n`,
    });
    // The year loaded before is untouched: January 11 is still off.
    at('2026-12-24T10:00:00+03:00');
    const { id } = await submit();
    expect((await companyView(id)).reviewDeadline?.dueDate).toBe('2027-01-19');
  });
});
