import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Statement } from '#domain/contract.ts';
import { CORRECTION_TEXTS } from '#domain/corrections.ts';
import { certificateDay } from '#domain/signatures.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { demoUsers } from '../../tools/demo.ts';
import { certificatePrefile, signedIn, startTestPortal, storedPrefile, type TestPortal } from './helpers.ts';

// The correction of errors in an issued certificate (docs/product.md «The regulation's procedures»).

let portal: TestPortal;
let ctx: ServiceContext;
type Who = 'owner' | 'examiner1' | 'examiner2' | 'ownerB';
const users = {} as Record<Who, UserRow>;
const bearer = {} as Record<Who, string>;
const B_OWNER = 'owner@corrections-b.example';

beforeAll(async () => {
  // METRICS_PORT turns the metrics on (the listener is the runtime's; the registry is read here).
  portal = await startTestPortal({ PUBLIC_ORIGIN: 'https://agr.example.ru', METRICS_PORT: '9464' });
  ctx = portal.ctx;
  await createCompanyWithOwner(ctx, { email: B_OWNER, legalEntity: 'ООО «Б»' });
  const people = await signedIn(portal, {
    owner: demoUsers.owner.email,
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
    ownerB: B_OWNER,
  } satisfies Record<Who, string>);
  Object.assign(users, people.users);
  Object.assign(bearer, people.bearer);
});
afterAll(async () => {
  await portal.close();
});

function call(who: Who | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return portal.app.inject({
    method,
    url,
    headers: who ? { authorization: bearer[who] } : {},
    ...(payload ? { payload } : {}),
  });
}

const ask = (id: number, text: string, who: Who = 'owner') =>
  call(who, 'POST', `/api/statements/${id}/corrections`, { text });
const decide = (correctionId: number, body: object, who: Who = 'examiner1') =>
  call(who, 'POST', `/api/instance/corrections/${correctionId}/decision`, { prefileIds: [], note: null, ...body });
const check = (token: string) => call(null, 'GET', `/api/public/certificates/${token}`);
const tokenOf = (url: string) => url.split('/check/')[1] as string;

/** A statement taken into work by examiner 1 (with a mistyped address), and its id. */
async function underReview(): Promise<number> {
  const { id } = await submitStatement(ctx, users.owner, {
    objectName: 'Школа на 550 мест',
    address: 'г. Пример, ул. Садвая, 1',
    cadastralNumber: '50:21:0120301:77',
    prefileIds: [await storedPrefile(portal, users.owner, 'Альбом.pdf', '%PDF-1.4 album')],
  });
  await takeIntoWork(ctx, users.examiner1, id);
  return id;
}

/** An approved statement with its certificate's check token. */
async function approved(): Promise<{ id: number; token: string }> {
  const id = await underReview();
  const issued = await call('examiner1', 'POST', `/api/instance/statements/${id}/certificate`);
  expect(issued.statusCode, issued.body).toBe(200);
  await replyToStatement(ctx, users.examiner1, id, {
    status: 'approved',
    comment: null,
    prefileIds: [await certificatePrefile(portal, users.examiner1, id)],
  });
  return { id, token: issued.json().token };
}

const countCorrections = async () =>
  Number(
    (
      await portal.db
        .selectFrom('corrections')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('asking to correct a typo in the certificate', () => {
  it('records the request with its 5-working-day due date, tells the examiner, and leaves the status as it is', async () => {
    const { id } = await approved();
    const response = await ask(id, 'В адресе опечатка: «Садвая» вместо «Садовая»');
    expect(response.statusCode, response.body).toBe(201);
    const statement = response.json() as Statement;
    expect(statement.status).toBe('approved');
    expect(statement.corrections).toEqual([
      expect.objectContaining({
        text: 'В адресе опечатка: «Садвая» вместо «Садовая»',
        status: 'requested',
        requestedBy: demoUsers.owner.fio,
        answer: null,
        answeredAt: null,
        checkUrl: null,
        requisites: null,
        files: [],
      }),
    ]);
    const [correction] = statement.corrections;
    expect(correction?.deadline?.dueDate).toBe(correction?.dueDate);
    // The examiner sees the check address the corrected certificate will print; the company does not.
    const seen = (await call('examiner1', 'GET', `/api/instance/statements/${id}`)).json() as Statement;
    expect(seen.corrections[0]?.checkUrl).toMatch(/^https:\/\/agr\.example\.ru\/check\/[A-Za-z0-9_-]{32}$/);
    const notifications = (await call('examiner1', 'GET', '/api/notifications')).json() as { message: string }[];
    expect(notifications[0]?.message).toMatch(/запрошено исправление опечатки в свидетельстве/);
    await expect
      .poll(() =>
        portal.mailbox
          .messagesTo(demoUsers.examiner1.email)
          .some((mail) => /исправление опечатки/.test(mail.subject) && mail.text.includes('«Садвая» вместо «Садовая»')),
      )
      .toBe(true);
  });

  it('is a change of its statement for the live portal, so both details read it again', async () => {
    const { id } = await approved();
    const changes = () =>
      portal.db
        .selectFrom('changes')
        .select('seq')
        .where('kind', '=', 'statement')
        .where('statement_id', '=', id)
        .execute();
    const before = (await changes()).length;
    expect((await ask(id, 'Опечатка в адресе')).statusCode).toBe(201);
    expect((await changes()).length).toBeGreaterThan(before);
  });

  it('counts its due date in working days on the production calendar', async () => {
    const { id } = await approved();
    // Monday 2 November 2026, 10:00 МСК: 4 November is a holiday, so the fifth working day is 10 November.
    portal.clock.now = Date.parse('2026-11-02T10:00:00+03:00');
    try {
      const statement = (await ask(id, 'Опечатка в наименовании')).json() as Statement;
      expect(statement.corrections[0]?.dueDate).toBe('2026-11-10');
    } finally {
      portal.clock.now = Date.now();
    }
    // Seen later, the term is over and shown as overdue.
    const seen = (await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement;
    expect(seen.corrections[0]?.deadline?.workingDaysLeft).toBeLessThan(0);
    // The metrics count it as overdue (the other requests here are fresh).
    const scraped = await portal.app.metrics.registry.metrics();
    expect(scraped.split('\n')).toContain('portal_corrections_overdue 1');
  });

  it('is refused with 409 for a statement that is not approved, and stores nothing', async () => {
    const id = await underReview();
    const before = await countCorrections();
    const response = await ask(id, 'Опечатка');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'invalid_transition', message: CORRECTION_TEXTS.notApproved });
    expect(await countCorrections()).toBe(before);
  });

  it('waits one at a time: a second request is 409 naming the first, tells nobody, and is possible once it is answered', async () => {
    const { id } = await approved();
    const first = await ask(id, 'В адресе опечатка: «Садвая» вместо «Садовая»');
    expect(first.statusCode, first.body).toBe(201);
    const requestedAt = (first.json() as Statement).corrections[0]?.requestedAt as string;
    const before = await countCorrections();
    // Each request notifies the examiner (and mails the same announcement): the notifications say how many went.
    const notified = async () =>
      ((await call('examiner1', 'GET', '/api/notifications')).json() as { message: string }[]).filter((n) =>
        /запрошено исправление опечатки/.test(n.message),
      ).length;
    const announcements = await notified();
    // The attack's flood: each request used to notify and mail the examiner.
    const floods = await Promise.all([ask(id, 'Ещё опечатка'), ask(id, 'И ещё одна'), ask(id, 'И ещё')]);
    for (const flood of floods) {
      expect(flood.statusCode).toBe(409);
      expect(flood.json()).toMatchObject({
        error: 'invalid_transition',
        message: CORRECTION_TEXTS.alreadyOpen(certificateDay(requestedAt)),
      });
    }
    expect(await countCorrections()).toBe(before);
    expect(await notified()).toBe(announcements);
    const correctionId = (first.json() as Statement).corrections[0]?.id as number;
    expect((await decide(correctionId, { accept: false, note: 'Адрес указан верно' })).statusCode).toBe(200);
    expect((await ask(id, 'В кадастровом номере опечатка')).statusCode).toBe(201);
  });

  it('is refused with 400 naming the text when it is empty or too long, and with 404 to another company', async () => {
    const { id } = await approved();
    const before = await countCorrections();
    const empty = await ask(id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'text', message: CORRECTION_TEXTS.textRequired });
    const long = await ask(id, 'а'.repeat(10_001));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'text', message: expect.stringContaining('«Текст»') });
    const foreign = await ask(id, 'Опечатка', 'ownerB');
    const missing = await ask(999_999, 'Опечатка', 'ownerB');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(await countCorrections()).toBe(before);
  });
});

describe('the examiner’s answer', () => {
  async function requested() {
    const { id, token } = await approved();
    const statement = (await ask(id, 'В адресе опечатка: «Садвая»')).json() as Statement;
    return { id, token, correctionId: statement.corrections[0]?.id as number };
  }

  it('is the statement’s examiner’s only, and only once', async () => {
    const { correctionId } = await requested();
    expect((await decide(correctionId, { accept: false, note: 'Нет' }, 'examiner2')).statusCode).toBe(403);
    expect((await decide(correctionId, { accept: false, note: 'Нет' }, 'owner')).statusCode).toBe(403);
    expect((await decide(999_999, { accept: false, note: 'Нет' })).statusCode).toBe(404);
    expect((await decide(correctionId, { accept: false, note: 'Адрес указан верно' })).statusCode).toBe(200);
    const again = await decide(correctionId, { accept: false, note: 'Адрес указан верно' });
    expect(again.statusCode).toBe(409);
  });

  it('declines only with a reason, which the applicant is given', async () => {
    const { id, correctionId } = await requested();
    const bare = await decide(correctionId, { accept: false, note: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ field: 'note', message: CORRECTION_TEXTS.noteRequired });
    const response = await decide(correctionId, {
      accept: false,
      note: 'Адрес в свидетельстве совпадает с заявлением',
    });
    expect(response.statusCode, response.body).toBe(200);
    const seen = (await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement;
    expect(seen.status).toBe('approved');
    expect(seen.corrections[0]).toMatchObject({
      status: 'declined',
      answer: 'Адрес в свидетельстве совпадает с заявлением',
      deadline: null,
      checkUrl: null,
    });
    const notifications = (await call('owner', 'GET', '/api/notifications')).json() as { message: string }[];
    expect(notifications[0]?.message).toMatch(/отказано. Причина: Адрес в свидетельстве совпадает с заявлением$/);
  });

  it('corrects with a new certificate of its own: a new check token that replaces the old one', async () => {
    const { id, token, correctionId } = await requested();
    const before = (await check(token)).json();
    expect(before).toMatchObject({ status: 'approved', replacedBy: null, replaces: null });

    // A malformed cadastral number and a missing file are refused, and nothing is stored.
    const prefile = await storedPrefile(portal, users.examiner1, 'Свидетельство_исправленное.pdf', '%PDF-1.4 fixed');
    const requisites = {
      objectName: 'Школа на 550 мест',
      address: 'г. Пример, ул. Садовая, 1',
      cadastralNumber: '50:21:0120301:77',
    };
    const bad = await decide(correctionId, {
      accept: true,
      prefileIds: [prefile],
      requisites: { ...requisites, cadastralNumber: '50:21:12:1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'cadastralNumber', message: 'Некорректный кадастровый номер' });
    const noFile = await decide(correctionId, { accept: true, requisites });
    expect(noFile.json()).toMatchObject({ field: 'prefileIds', message: CORRECTION_TEXTS.fileRequired });
    expect(((await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement).corrections[0]?.status).toBe(
      'requested',
    );

    const response = await decide(correctionId, { accept: true, prefileIds: [prefile], requisites, note: null });
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json() as Statement;
    const [correction] = statement.corrections;
    expect(correction).toMatchObject({ status: 'corrected', requisites, deadline: null });
    expect(correction?.files.map((file) => file.fileName)).toEqual(['Свидетельство_исправленное.pdf']);
    // The corrected certificate's file shows with its correction, not among the approval's files.
    expect(statement.stages.flatMap((stage) => stage.files.map((file) => file.fileName))).not.toContain(
      'Свидетельство_исправленное.pdf',
    );
    const newToken = tokenOf(correction?.checkUrl ?? '');
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newToken).not.toBe(token);

    const corrected = (await check(newToken)).json();
    expect(corrected).toMatchObject({
      visibleId: statement.visibleId,
      status: 'approved',
      decisionDate: correction?.answeredAt,
      address: 'г. Пример, ул. Садовая, 1',
      replaces: { date: before.decisionDate, checkUrl: `https://agr.example.ru/check/${token}` },
      replacedBy: null,
    });
    expect(corrected.documents).toEqual(before.documents);
    // The drawings do not change with the certificate: the corrected check shows the approval's set, once it is made.
    const made = await vi.waitFor(async () => {
      const set = (await check(token)).json().approvedSet;
      if (!set) throw new Error('the approved set is not made yet');
      return set;
    });
    expect((await check(newToken)).json().approvedSet).toEqual(made);

    // The old check keeps what it certified, and says it was replaced, linking to the new one.
    const old = (await check(token)).json();
    expect(old).toMatchObject({
      address: 'г. Пример, ул. Садвая, 1',
      decisionDate: before.decisionDate,
      replacedBy: { date: correction?.answeredAt, checkUrl: `https://agr.example.ru/check/${newToken}` },
      replaces: null,
    });
    const notifications = (await call('owner', 'GET', '/api/notifications')).json() as { message: string }[];
    expect(notifications[0]?.message).toMatch(/^Свидетельство по заявлению № \d+ «Школа на 550 мест» исправлено$/);
  });

  it('keeps a requested correction’s token unknown to the public check until it is corrected', async () => {
    const { id } = await requested();
    const seen = (await call('examiner1', 'GET', `/api/instance/statements/${id}`)).json() as Statement;
    const pending = await check(tokenOf(seen.corrections[0]?.checkUrl ?? ''));
    expect(pending.statusCode).toBe(404);
    expect(pending.body).toBe((await check('A'.repeat(32))).body);
  });
});
