// Delta lists (docs/product.md «Live updates»): a list endpoint given the revision the client holds answers only
// what changed, and the site's applyListDelta on the old list gives exactly the new whole list; a change every item
// shows, another day, a trimmed log or a malformed revision answer the whole list; another company's changes never
// appear.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementListDelta, StatementListItem } from '#domain/contract.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { applyListDelta } from '../../src/features/statements/lib/list-index.ts';
import { demoUsers } from '../../tools/demo.ts';
import { login, startTestPortal, type TestPortal, userByEmail } from './helpers.ts';

let portal: TestPortal;
const tokens = new Map<string, string>();
const B_OWNER = 'owner@company-b.example';

beforeAll(async () => {
  portal = await startTestPortal();
  await createCompanyWithOwner(portal.ctx, { email: B_OWNER, legalEntity: 'ООО «Б»' });
  for (const email of [demoUsers.owner.email, demoUsers.examiner1.email, B_OWNER]) {
    tokens.set(email, (await login(portal, email)).accessToken);
  }
}, 60_000);
afterAll(async () => {
  await portal.close();
});

async function list(email: string, url: string, since?: string) {
  const response = await portal.app.inject({
    url: since === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}since=${encodeURIComponent(since)}`,
    headers: { authorization: `Bearer ${tokens.get(email)}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  const revision = response.headers['x-list-revision'];
  expect(typeof revision).toBe('string');
  return { body: response.json() as StatementListItem[] | StatementListDelta, revision: String(revision) };
}

let made = 0;
async function submitAs(email: string): Promise<number> {
  const user = await userByEmail(portal, email);
  const prefile = await storePrefile(portal.ctx, user.id, {
    fileName: 'План.pdf',
    contentType: 'application/pdf',
    source: Buffer.from('%PDF-1.4 delta'),
  });
  made += 1;
  return (await submitStatement(portal.ctx, user, { objectName: `Объект дельты ${made}`, prefileIds: [prefile.id] }))
    .id;
}

const isDelta = (body: unknown): body is StatementListDelta => !Array.isArray(body);

describe('delta lists', () => {
  it('answer what changed since the revision, and the old list with it is the new whole list', async () => {
    const owner = demoUsers.owner.email;
    const before = await list(owner, '/api/statements');
    expect(Array.isArray(before.body)).toBe(true);

    const added = await submitAs(owner);
    const examiner = await userByEmail(portal, demoUsers.examiner1.email);
    const sent = (before.body as StatementListItem[]).find((item) => item.status === 'sent');
    if (!sent) throw new Error('no sent statement seeded');
    await takeIntoWork(portal.ctx, examiner, sent.id);

    const delta = await list(owner, '/api/statements', before.revision);
    if (!isDelta(delta.body)) throw new Error('expected a delta');
    expect(delta.body.changed.map((item) => item.id).sort()).toEqual([added, sent.id].sort());
    expect(delta.body.removed).toEqual([]);
    expect(delta.body.revision).toBe(delta.revision);
    const whole = await list(owner, '/api/statements');
    expect(applyListDelta(before.body as StatementListItem[], delta.body)).toEqual(whole.body);

    // Nothing since: an empty delta, a few bytes.
    const none = await list(owner, '/api/statements', delta.revision);
    expect(none.body).toEqual({ revision: none.revision, changed: [], removed: [] });
  });

  it('tell a list what left it (taken from the news, deleted), and never another company’s changes', async () => {
    const examiner = demoUsers.examiner1.email;
    const news = await list(examiner, '/api/instance/all/statements?status=sent');
    const ofB = await list(B_OWNER, '/api/statements');
    const id = await submitAs(demoUsers.owner.email);
    const grown = await list(examiner, '/api/instance/all/statements?status=sent', news.revision);
    if (!isDelta(grown.body)) throw new Error('expected a delta');
    expect(grown.body.changed.map((item) => item.id)).toEqual([id]);

    await takeIntoWork(portal.ctx, await userByEmail(portal, examiner), id);
    const taken = await list(examiner, '/api/instance/all/statements?status=sent', grown.revision);
    if (!isDelta(taken.body)) throw new Error('expected a delta');
    expect(taken.body).toMatchObject({ changed: [], removed: [id] });

    const bDelta = await list(B_OWNER, '/api/statements', ofB.revision);
    expect(bDelta.body).toEqual({ revision: bDelta.revision, changed: [], removed: [] });

    const owner = demoUsers.owner.email;
    const held = await list(owner, '/api/statements');
    const doomed = await submitAs(owner);
    const withIt = await list(owner, '/api/statements', held.revision);
    if (!isDelta(withIt.body)) throw new Error('expected a delta');
    const deleted = await portal.app.inject({
      method: 'DELETE',
      url: `/api/statements/${doomed}`,
      headers: { authorization: `Bearer ${tokens.get(owner)}` },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const gone = await list(owner, '/api/statements', withIt.revision);
    if (!isDelta(gone.body)) throw new Error('expected a delta');
    expect(gone.body.removed).toEqual([doomed]);
  });

  it('answer a company’s list whole after its own data changed, but not after another company’s (the second attack)', async () => {
    const owner = demoUsers.owner.email;
    const examiner = demoUsers.examiner1.email;
    const heldByA = await list(owner, '/api/statements');
    const heldByExaminer = await list(examiner, '/api/instance/all/statements');
    const companyB = (await userByEmail(portal, B_OWNER)).company_id as number;
    await portal.db
      .updateTable('companies')
      .set({ contact_phone: '+7 900 000-00-02' })
      .where('id', '=', companyB)
      .execute();
    // Company A's list shows nothing of company B: a delta, and an empty one.
    const afterB = await list(owner, '/api/statements', heldByA.revision);
    expect(afterB.body).toEqual({ revision: afterB.revision, changed: [], removed: [] });
    // The examiners' lists show every company: whole.
    expect(Array.isArray((await list(examiner, '/api/instance/all/statements', heldByExaminer.revision)).body)).toBe(
      true,
    );
    // Company A's own data: its list is whole.
    const companyA = (await userByEmail(portal, owner)).company_id as number;
    await portal.db
      .updateTable('companies')
      .set({ contact_phone: '+7 900 000-00-03' })
      .where('id', '=', companyA)
      .execute();
    expect(Array.isArray((await list(owner, '/api/statements', afterB.revision)).body)).toBe(true);
  });

  it('answer the whole list when a delta cannot say it: a change every item shows, another day, a trimmed log, a bad revision', async () => {
    const owner = demoUsers.owner.email;
    const held = await list(owner, '/api/statements');
    await sql`update companies set legal_entity = legal_entity`.execute(portal.db);
    expect(Array.isArray((await list(owner, '/api/statements', held.revision)).body)).toBe(true);

    const fresh = await list(owner, '/api/statements');
    const [seq, xmin] = fresh.revision.split('.');
    expect(Array.isArray((await list(owner, '/api/statements', `${seq}.${xmin}.20000101`)).body)).toBe(true);
    for (const bad of ['', 'abc', '1.2', `${seq}.${xmin}.2026112`, '9'.repeat(70)]) {
      const answer = await portal.app.inject({
        url: `/api/statements?since=${encodeURIComponent(bad)}`,
        headers: { authorization: `Bearer ${tokens.get(owner)}` },
      });
      // A malformed revision is the whole list (or a 400 for one the contract refuses outright: too long).
      if (bad.length > 64) expect(answer.statusCode).toBe(400);
      else expect(Array.isArray(answer.json()), bad).toBe(true);
    }

    await submitAs(owner);
    await portal.db.deleteFrom('changes').execute();
    await submitAs(owner);
    expect(Array.isArray((await list(owner, '/api/statements', fresh.revision)).body)).toBe(true);
  });
});
