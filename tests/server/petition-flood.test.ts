import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { petitionLimitText } from '#domain/petitions.ts';
import { decideAppeal } from '../../server/src/appeals/appeals.service.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { decideCorrection } from '../../server/src/corrections/corrections.service.ts';
import { PETITION_GATHERING_MS, sendPetitionDigests } from '../../server/src/notifications/notifications.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { demoUsers } from '../../tools/demo.ts';
import {
  certificatePrefile,
  groundsFor,
  signedIn,
  startTestPortal,
  storedPrefile,
  type TestPortal,
} from './helpers.ts';

// The attack's flood of correction requests and appeals (docs/product.md «Notifications and mail», «Appeals»): a
// company files at most its daily number of them, and an examiner or a head receiving many within minutes gets one
// notification that counts them and two mails, not one each.

let portal: TestPortal;
let ctx: ServiceContext;
type Who = 'owner' | 'examiner1' | 'head' | 'ownerB';
const users = {} as Record<Who, UserRow>;
const bearer = {} as Record<Who, string>;
const B_OWNER = 'owner@flood-b.example';
const LIMIT = 20;

beforeAll(async () => {
  portal = await startTestPortal({ PETITIONS_PER_COMPANY_PER_DAY: String(LIMIT) });
  ctx = portal.ctx;
  await createCompanyWithOwner(ctx, { email: B_OWNER, legalEntity: 'ООО «Б»' });
  const people = await signedIn(portal, {
    owner: demoUsers.owner.email,
    examiner1: demoUsers.examiner1.email,
    head: demoUsers.head.email,
    ownerB: B_OWNER,
  } satisfies Record<Who, string>);
  Object.assign(users, people.users);
  Object.assign(bearer, people.bearer);
});
afterAll(async () => {
  await portal.close();
});

function post(who: Who, url: string, payload: object) {
  return portal.app.inject({ method: 'POST', url, headers: { authorization: bearer[who] }, payload });
}

/** A statement of `owner`'s company that examiner 1 approved or refused. */
async function decided(owner: UserRow, status: 'approved' | 'rejected'): Promise<number> {
  const { id } = await submitStatement(ctx, owner, {
    objectName: 'Павильон',
    prefileIds: [await storedPrefile(portal, owner, 'Альбом.pdf')],
  });
  await takeIntoWork(ctx, users.examiner1, id);
  await replyToStatement(ctx, users.examiner1, id, {
    status,
    comment: status === 'rejected' ? 'Нет фасадов' : null,
    prefileIds: status === 'approved' ? [await certificatePrefile(portal, users.examiner1, id)] : [],
    ...(status === 'rejected' ? await groundsFor(ctx, 'rejected') : {}),
  });
  return id;
}

const correctionMail = /запрошено исправление опечатки/;
const appealMail = /^Жалоба по заявлению/;
const digestMail = /^Ещё \d+ обращени/;

describe('a flood of correction requests and appeals', () => {
  it('stops a company at its daily number, and mails each examiner twice, not once per request', async () => {
    const mailbox = portal.mailbox.view();
    const approved = await decided(users.owner, 'approved');
    const rejected = await decided(users.owner, 'rejected');
    // The attack: a request, answered, asked again; an appeal, dismissed, filed again. Each one used to mail.
    let filed = 0;
    while (filed < LIMIT) {
      const asked = await post('owner', `/api/statements/${approved}/corrections`, { text: `Опечатка ${filed}` });
      expect(asked.statusCode, asked.body).toBe(201);
      filed += 1;
      const correction = asked.json().corrections.find((c: { status: string }) => c.status === 'requested');
      await decideCorrection(ctx, users.examiner1, correction.id, { accept: false, note: 'Нет', prefileIds: [] });
      const appealed = await post('owner', `/api/statements/${rejected}/appeals`, {
        subject: 'other',
        text: `Жалоба ${filed}`,
        prefileIds: [],
      });
      expect(appealed.statusCode, appealed.body).toBe(201);
      filed += 1;
      await decideAppeal(ctx, users.head, appealed.json().id, { upheld: false, text: 'Оснований нет' });
    }
    // Over the day's number, both kinds: 429 in Russian with the time to wait; nothing is stored or told.
    const notificationsBefore = Number(
      (
        await portal.db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const over of [
      await post('owner', `/api/statements/${approved}/corrections`, { text: 'Ещё опечатка' }),
      await post('owner', `/api/statements/${rejected}/appeals`, { subject: 'other', text: 'Ещё', prefileIds: [] }),
    ]) {
      expect(over.statusCode, over.body).toBe(429);
      expect(over.json()).toMatchObject({ error: 'too_many_requests', message: petitionLimitText(LIMIT) });
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    }
    expect(
      Number(
        (
          await portal.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(notificationsBefore);
    // Another company is not held back by the first one's flood.
    const other = await decided(users.ownerB, 'rejected');
    const theirs = await post('ownerB', `/api/statements/${other}/appeals`, {
      subject: 'other',
      text: 'Своя жалоба',
      prefileIds: [],
    });
    expect(theirs.statusCode, theirs.body).toBe(201);

    // One notification each, counting what came: 10 requests for the examiner, 11 appeals for the head.
    const gathered = async (who: Who) =>
      (
        (
          await portal.app.inject({ method: 'GET', url: '/api/notifications', headers: { authorization: bearer[who] } })
        ).json() as { message: string }[]
      ).filter((n) => /обращени|запрошено исправление|^Жалоба по заявлению/.test(n.message));
    const [examiners, ...none] = await gathered('examiner1');
    expect(examiners?.message).toMatch(/^10 обращений за последние минуты, последнее: По заявлению .* опечатки/);
    const [heads] = await gathered('head');
    expect(heads?.message).toMatch(/^11 обращений за последние минуты, последнее: Жалоба по заявлению/);
    // Nothing else of the flood: the examiner's older notifications are the seed's, days before.
    expect(none.filter((n) => n.message.includes('«Павильон»'))).toEqual([]);
    // One mail at once each, however many came.
    await expect
      .poll(() => mailbox.messagesTo(demoUsers.head.email).filter((m) => appealMail.test(m.subject)).length)
      .toBe(1);
    const toExaminer = () => mailbox.messagesTo(demoUsers.examiner1.email);
    await expect.poll(() => toExaminer().filter((m) => correctionMail.test(m.subject)).length).toBe(1);
    expect(mailbox.messagesTo(demoUsers.head.email).filter((m) => digestMail.test(m.subject))).toHaveLength(0);

    // The gathering's end: one more mail each, saying how many more came.
    portal.clock.advance(PETITION_GATHERING_MS + 1000);
    await sendPetitionDigests(ctx);
    await expect
      .poll(() => mailbox.messagesTo(demoUsers.head.email).filter((m) => digestMail.test(m.subject)).length)
      .toBe(1);
    await expect.poll(() => toExaminer().filter((m) => digestMail.test(m.subject)).length).toBe(1);
    const [headDigest] = mailbox.messagesTo(demoUsers.head.email).filter((m) => digestMail.test(m.subject));
    expect(headDigest?.subject).toBe('Ещё 10 обращений по заявлениям: запросы об исправлении и жалобы');
    expect(toExaminer().find((m) => digestMail.test(m.subject))?.subject).toMatch(/^Ещё 9 обращений/);
    // Ended: nothing more to send, and the next request is mailed at once again.
    expect(await sendPetitionDigests(ctx)).toBe(0);
    const next = await post('ownerB', `/api/statements/${other}/appeals`, {
      subject: 'decision_refusal',
      text: 'Ещё одна',
      prefileIds: [],
    });
    expect(next.statusCode, next.body).toBe(201);
    await expect
      .poll(() => mailbox.messagesTo(demoUsers.head.email).filter((m) => appealMail.test(m.subject)).length)
      .toBe(2);
    portal.clock.now = Date.now();
  });

  it('lets exactly the daily number through when a company sends many at once', async () => {
    const C_OWNER = 'owner@flood-c.example';
    await createCompanyWithOwner(ctx, { email: C_OWNER, legalEntity: 'ООО «В»' });
    const { users: c, bearer: cBearer } = await signedIn(portal, { owner: C_OWNER });
    const owner = c.owner;
    const token = cBearer.owner;
    const statements: number[] = [];
    for (let i = 0; i < LIMIT + 3; i += 1) statements.push(await decided(owner, 'approved'));
    const answers = await Promise.all(
      statements.map((id) =>
        portal.app.inject({
          method: 'POST',
          url: `/api/statements/${id}/corrections`,
          headers: { authorization: token },
          payload: { text: 'Опечатка' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status === 201),
      answers.map((a) => a.body).join('\n'),
    ).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });
});
