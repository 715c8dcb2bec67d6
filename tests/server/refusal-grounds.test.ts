// The grounds of a refusal (docs/product.md «The regulation's procedures»): two catalogues with their legal basis, a
// rejection that must name its grounds, and grounds kept as worded when the refusal was given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefusalGround } from '#domain/contract.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { demoUsers } from '../../tools/demo.ts';
import { login, startTestPortal, type TestPortal, userByEmail } from './helpers.ts';

let portal: TestPortal;
const tokens: Record<string, string> = {};
const { owner, examiner1 } = { owner: demoUsers.owner.email, examiner1: demoUsers.examiner1.email };

beforeAll(async () => {
  portal = await startTestPortal();
  for (const email of [owner, examiner1]) tokens[email] = (await login(portal, email)).accessToken;
}, 60_000);
afterAll(async () => {
  await portal.close();
});

function call(as: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return portal.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A statement of the demo company under review by examiner 1. */
async function underReview(): Promise<number> {
  const applicant = await userByEmail(portal, owner);
  const file = await storePrefile(portal.ctx, applicant.id, {
    fileName: 'Альбом.pdf',
    contentType: 'application/pdf',
    source: '%PDF-1.4',
  });
  const { id } = await submitStatement(portal.ctx, applicant, { objectName: 'Кафе', prefileIds: [file.id] });
  await takeIntoWork(portal.ctx, await userByEmail(portal, examiner1), id);
  return id;
}

const grounds = async (kind: 'intake-refusal-grounds' | 'refusal-grounds'): Promise<RefusalGround[]> => {
  const response = await call(owner, 'GET', `/api/catalogs/${kind}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

const reply = (id: number, body: object) =>
  call(examiner1, 'POST', `/api/instance/${id}/stages`, { prefileIds: [], isInstance: true, ...body });

describe('the catalogues of grounds', () => {
  it('lists each catalogue’s grounds, worded in full with their legal basis, the two apart', async () => {
    const intake = await grounds('intake-refusal-grounds');
    const decision = await grounds('refusal-grounds');
    expect(intake.map((ground) => ground.name)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Представлен неполный комплект документов/),
        expect.stringMatching(/^Документы содержат подчистки и исправления текста/),
        expect.stringMatching(/статья 11 Федерального закона № 63-ФЗ/),
      ]),
    );
    expect(decision.map((ground) => ground.name)).toContain(
      'Архитектурно-градостроительный облик не соответствует требованиям, установленным правилами землепользования и застройки',
    );
    for (const ground of [...intake, ...decision]) {
      expect(Object.keys(ground).sort()).toEqual(['id', 'legalBasis', 'name']);
      expect(ground.legalBasis.length).toBeGreaterThan(10);
    }
    const intakeIds = new Set(intake.map((ground) => ground.id));
    expect(decision.some((ground) => intakeIds.has(ground.id))).toBe(false);
  });
});

describe('a rejection names its grounds', () => {
  it('refuses a rejection without grounds, with a ground of the other catalogue or of none, and grounds with another answer, storing nothing', async () => {
    const id = await underReview();
    const [intakeGround] = await grounds('intake-refusal-grounds');
    const [decisionGround] = await grounds('refusal-grounds');
    const refusals: Array<[object, string]> = [
      [{ status: 'rejected' }, 'Выберите основание отказа'],
      [{ status: 'rejected', refusalGroundIds: [] }, 'Выберите основание отказа'],
      [{ status: 'rejected', refusalGroundIds: [intakeGround?.id] }, 'Такого основания отказа нет в справочнике'],
      [{ status: 'rejected', refusalGroundIds: [999_999] }, 'Такого основания отказа нет в справочнике'],
      [{ status: 'has_comments', refusalGroundIds: [decisionGround?.id] }, 'Основания указываются только при отказе'],
    ];
    for (const [body, message] of refusals) {
      const refused = await reply(id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toEqual({ error: 'validation_error', message, field: 'refusalGroundIds' });
    }
    const statement = (await call(examiner1, 'GET', `/api/instance/statements/${id}`)).json();
    expect(statement.status).toBe('under_review');
    expect(statement.stages).toHaveLength(1);
    expect(statement.refusalGrounds).toEqual([]);
  });

  it('keeps the grounds in the examiner’s order, as worded when given, on both sides', async () => {
    const id = await underReview();
    const decision = await grounds('refusal-grounds');
    const first = decision[2] as RefusalGround;
    const second = decision[0] as RefusalGround;
    const rejected = await reply(id, {
      status: 'rejected',
      comment: 'См. основания',
      refusalGroundIds: [first.id, second.id],
    });
    expect(rejected.statusCode, rejected.body).toBe(201);
    expect(rejected.json().refusalGrounds).toEqual([first, second]);

    // The committee rewords a ground later: the decision keeps what it said.
    await portal.db
      .updateTable('refusal_grounds')
      .set({ name: 'Иная формулировка' })
      .where('id', '=', first.id)
      .execute();
    const company = (await call(owner, 'GET', `/api/statements/${id}`)).json();
    expect(company.status).toBe('rejected');
    expect(company.refusalGrounds).toEqual([first, second]);
    expect((await call(examiner1, 'GET', `/api/instance/statements/${id}`)).json().refusalGrounds).toEqual([
      first,
      second,
    ]);
    expect((await grounds('refusal-grounds')).find((ground) => ground.id === first.id)?.name).toBe('Иная формулировка');

    // The company is told the grounds: the notification names them, the mail lists them with their legal basis.
    const [notification] = (await call(owner, 'GET', '/api/notifications')).json();
    expect(notification.message).toBe(
      `По заявлению № ${company.visibleId} «Кафе» отказано в согласовании. Основания отказа: ${first.name}; ${second.name}`,
    );
    const subject = `По заявлению № ${company.visibleId} «Кафе» отказано в согласовании`;
    const mailed = () => portal.mailbox.messagesTo(owner).find((mail) => mail.subject === subject);
    await expect.poll(mailed).toBeDefined();
    expect(mailed()?.text).toContain(
      `Основания отказа:\n1. ${first.name} (${first.legalBasis}).\n2. ${second.name} (${second.legalBasis}).`,
    );
  });
});
