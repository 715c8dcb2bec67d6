import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementStatus } from '#domain/contract.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { refusalGrounds } from '../../server/src/catalogs/catalogs.service.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { findUserByEmail } from '../../server/src/users/users.repository.ts';
import { refuseAcceptance, takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { withdrawStatement } from '../../server/src/workflow/withdrawal.ts';
import { demoUsers } from '../../tools/demo.ts';
import { certificatePrefile, groundsFor, startTestPortal, type TestPortal, usingPostgres } from './helpers.ts';

/**
 * Races and the state machine through the API on a real database (run on SQLite and on PostgreSQL): two requests
 * let loose together, then the winners counted and every trace of the statement read back from the database.
 */

type Role = 'owner' | 'employee' | 'examiner1' | 'examiner2';
let portal: TestPortal;
const users = {} as Record<Role, UserRow>;
const tokens = {} as Record<Role, string>;
const ROUNDS = 10;
let races = 0;
/** A ground of the intake catalogue (a refusal to accept names one). */
let intakeGroundId: number;

beforeAll(async () => {
  portal = await startTestPortal();
  for (const role of ['owner', 'employee', 'examiner1', 'examiner2'] as const) {
    const user = await findUserByEmail(portal.db, demoUsers[role].email);
    if (!user) throw new Error(`no ${role}`);
    users[role] = user;
    tokens[role] = await signAccessToken(portal.config.jwtSecret, user.id);
  }
  const [ground] = await refusalGrounds(portal.ctx, 'intake');
  if (!ground) throw new Error('no intake ground');
  intakeGroundId = ground.id;
});
afterAll(async () => {
  console.log(
    `races: ${races} run on ${usingPostgres ? 'PostgreSQL' : 'SQLite'}; outcomes ${JSON.stringify([...winners])}`,
  );
  await portal?.close();
});

function call(role: Role, method: string, url: string, body?: unknown) {
  return portal.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${tokens[role]}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function prefile(role: Role, fileName = 'Раздел.pdf'): Promise<number> {
  const stored = await storePrefile(portal.ctx, users[role].id, {
    fileName,
    contentType: 'application/pdf',
    source: Buffer.from(`%PDF-1.4 ${Math.random()}`),
  });
  return stored.id;
}

/** A statement submitted by the employee and moved to `status` (examiner 1 takes it and answers). */
async function statementIn(status: StatementStatus): Promise<number> {
  const { id } = await submitStatement(portal.ctx, users.employee, {
    objectName: 'Объект гонки',
    prefileIds: [await prefile('employee')],
  });
  if (status === 'not_accepted') {
    await refuseAcceptance(portal.ctx, users.examiner1, id, { groundIds: [intakeGroundId], comment: null });
    return id;
  }
  if (status !== 'sent') await takeIntoWork(portal.ctx, users.examiner1, id);
  if (status === 'withdrawn') await withdrawStatement(portal.ctx, users.employee, id, { reason: null });
  if (status === 'has_comments' || status === 'approved' || status === 'rejected') {
    await replyToStatement(portal.ctx, users.examiner1, id, {
      status,
      isInstance: true,
      prefileIds: status === 'approved' ? [await certificatePrefile(portal, users.examiner1, id)] : [],
      ...(await groundsFor(portal.ctx, status)),
    });
  }
  return id;
}

/** Everything the database holds about a statement, and the tables a change would grow. */
async function snapshot(id: number) {
  const { db } = portal;
  const statement = await db
    .selectFrom('statements')
    .select(['status', 'examiner_id', 'last_update', 'term_start', 'term_days'])
    .where('id', '=', id)
    .executeTakeFirst();
  const count = async (table: 'stages' | 'status_history', column: 'statement_id') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where(column, '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const files = await db
    .selectFrom('files')
    .innerJoin('stages', 'stages.id', 'files.stage_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('stages.statement_id', '=', id)
    // The stamped copies and inventory of the statement's approval come in the background, on no request.
    .where('files.approved_set', 'is', null)
    .executeTakeFirstOrThrow();
  const total = async (table: 'notifications' | 'status_history' | 'stages') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const attached = await db
    .selectFrom('prefiles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('attached_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return {
    statement: statement ?? null,
    stages: await count('stages', 'statement_id'),
    history: await count('status_history', 'statement_id'),
    files: Number(files.n),
    // The stamped copies an earlier approval makes in the background are none of this change's doing.
    allFiles: Number(
      (
        await db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('approved_set', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    allStages: await total('stages'),
    allHistory: await total('status_history'),
    notifications: await total('notifications'),
    attachedPrefiles: Number(attached.n),
  };
}

const sorted = (...codes: number[]) => codes.sort((a, b) => a - b);

/** Starts both at once, each after a random 0-2 ms, so either may reach the database first. */
function together<A, B>(a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 2));
  return Promise.all([jitter().then(a), jitter().then(b)]);
}
const winners = new Map<string, number>();
const won = (race: string, outcome: string) => {
  const key = `${race}: ${outcome}`;
  winners.set(key, (winners.get(key) ?? 0) + 1);
};

describe('races', () => {
  it('two examiners take one statement at once: one wins, the other gets 409, one history row', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await statementIn('sent');
      const [first, second] = await together(
        () => call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id }),
        () => call('examiner2', 'POST', '/api/instance/StartWorkOnStatement', { id }),
      );
      races += 1;
      expect(sorted(first.statusCode, second.statusCode), `${first.body} ${second.body}`).toEqual([200, 409]);
      const loser = first.statusCode === 409 ? first : second;
      expect(loser.json()).toMatchObject({ error: 'invalid_transition', message: 'Заявление уже взято в работу' });
      const winner = first.statusCode === 200 ? users.examiner1 : users.examiner2;
      won('take/take', winner === users.examiner1 ? 'examiner 1' : 'examiner 2');
      const after = await snapshot(id);
      expect(after.statement).toMatchObject({ status: 'under_review', examiner_id: winner.id });
      const history = await portal.db
        .selectFrom('status_history')
        .select(['to_status', 'user_id'])
        .where('statement_id', '=', id)
        .orderBy('id')
        .execute();
      expect(history).toEqual([
        { to_status: 'sent', user_id: users.employee.id },
        { to_status: 'under_review', user_id: winner.id },
      ]);
    }
  });

  it('a take into work and a delete at once: one of them happens, wholly', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const id = await statementIn('sent');
      const [taken, deleted] = await together(
        () => call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id }),
        () => call('employee', 'DELETE', `/api/statements/${id}`),
      );
      races += 1;
      const after = await snapshot(id);
      if (deleted.statusCode === 204) {
        expect(taken.statusCode, taken.body).toBe(404);
        expect(after).toMatchObject({ statement: null, stages: 0, history: 0, files: 0 });
        outcomes.add('deleted');
        won('take/delete', 'delete');
      } else {
        won('take/delete', 'take');
        expect([taken.statusCode, deleted.statusCode], `${taken.body} ${deleted.body}`).toEqual([200, 409]);
        expect(deleted.json().error).toBe('not_deletable');
        expect(after).toMatchObject({ statement: { status: 'under_review' }, stages: 1, history: 2, files: 1 });
        outcomes.add('taken');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('a reply and a delete at once: the statement under review is answered, the delete refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await statementIn('under_review');
      const [replied, deleted] = await together(
        () => call('examiner1', 'POST', `/api/instance/${id}/stages`, { status: 'has_comments', prefileIds: [] }),
        () => call('owner', 'DELETE', `/api/statements/${id}`),
      );
      races += 1;
      expect([replied.statusCode, deleted.statusCode], `${replied.body} ${deleted.body}`).toEqual([201, 409]);
      expect(await snapshot(id)).toMatchObject({ statement: { status: 'has_comments' }, stages: 2, history: 3 });
    }
  });

  it("a reply with a file and the file's deletion at once: either the reply holds the file or nothing changed", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const id = await statementIn('under_review');
      const file = await certificatePrefile(portal, users.examiner1, id);
      const before = await snapshot(id);
      const [replied, deleted] = await together(
        () => call('examiner1', 'POST', `/api/instance/${id}/stages`, { status: 'approved', prefileIds: [file] }),
        () => call('examiner1', 'DELETE', `/api/prefiles/${file}`),
      );
      races += 1;
      const after = await snapshot(id);
      if (replied.statusCode === 201) {
        expect(deleted.statusCode, deleted.body).toBe(409);
        expect(after).toMatchObject({ statement: { status: 'approved' }, stages: 2, files: 2 });
        // The answer's file is whole: its bytes are still in the store.
        const key = replied.json().stages[1].files[0].url as string;
        const download = await call('owner', 'GET', `/api/files?path=${key}`);
        expect(download.statusCode).toBe(200);
        outcomes.add('replied');
        won('reply/delete file', 'reply');
      } else {
        expect([replied.statusCode, deleted.statusCode], `${replied.body} ${deleted.body}`).toEqual([400, 204]);
        expect(replied.json().error).toBe('invalid_prefiles');
        expect(after).toEqual(before);
        outcomes.add('deleted');
        won('reply/delete file', 'delete');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('a withdrawal and a decision at once: one of them happens, wholly', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await statementIn('under_review');
      const certificate = await certificatePrefile(portal, users.examiner1, id);
      const before = await snapshot(id);
      const [withdrawn, replied] = await together(
        () => call('employee', 'POST', `/api/statements/${id}/withdraw`, { reason: 'Передумали' }),
        () =>
          call('examiner1', 'POST', `/api/instance/${id}/stages`, { status: 'approved', prefileIds: [certificate] }),
      );
      races += 1;
      const after = await snapshot(id);
      const statuses = `${withdrawn.statusCode} ${withdrawn.body.slice(0, 80)} / ${replied.statusCode}`;
      if (withdrawn.statusCode === 200) {
        expect(replied.statusCode, statuses).toBe(409);
        expect(after.statement?.status).toBe('withdrawn');
        won('withdraw/approve', 'withdraw');
      } else {
        expect([withdrawn.statusCode, replied.statusCode], statuses).toEqual([409, 201]);
        expect(after.statement?.status).toBe('approved');
        won('withdraw/approve', 'approve');
      }
      expect(after.stages).toBe(before.stages + 1);
      expect(after.history).toBe(before.history + 1);
    }
  });

  it('a refusal to accept and a withdrawal at once: one of them happens, wholly', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await statementIn('sent');
      const before = await snapshot(id);
      const [refused, withdrawn] = await together(
        () =>
          call('examiner2', 'POST', `/api/instance/statements/${id}/refuse-acceptance`, {
            groundIds: [intakeGroundId],
            comment: null,
          }),
        () => call('employee', 'POST', `/api/statements/${id}/withdraw`, { reason: null }),
      );
      races += 1;
      expect(sorted(refused.statusCode, withdrawn.statusCode), `${refused.body} ${withdrawn.body}`).toEqual([200, 409]);
      const after = await snapshot(id);
      expect(after.statement?.status).toBe(refused.statusCode === 200 ? 'not_accepted' : 'withdrawn');
      won('refuse/withdraw', refused.statusCode === 200 ? 'refuse' : 'withdraw');
      expect(after.stages).toBe(before.stages + 1);
      expect(after.history).toBe(before.history + 1);
    }
  });

  it('a new version submitted twice at once makes one round: exactly one new stage', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await statementIn('has_comments');
      // Even rounds: the owner and the employee answer together; odd rounds: one double-click (the same file twice).
      const double = round % 2 === 1;
      const ownerFile = await prefile('owner');
      const secondFile = double ? ownerFile : await prefile('employee');
      const before = await snapshot(id);
      const [first, second] = await together(
        () =>
          call('owner', 'POST', `/api/statements/${id}/stages`, { status: 'under_review', prefileIds: [ownerFile] }),
        () =>
          call(double ? 'owner' : 'employee', 'POST', `/api/statements/${id}/stages`, {
            status: 'under_review',
            prefileIds: [secondFile],
          }),
      );
      races += 1;
      expect(sorted(first.statusCode, second.statusCode), `${first.body} ${second.body}`).toEqual([201, 409]);
      won(double ? 'double submit' : 'version/version', first.statusCode === 201 ? 'first' : 'second');
      const after = await snapshot(id);
      expect(after.statement?.status).toBe('under_review');
      expect(after.stages).toBe(before.stages + 1);
      expect(after.history).toBe(before.history + 1);
      expect(after.files).toBe(before.files + 1);
      // The loser's file stays theirs, unattached, for another try.
      expect(after.attachedPrefiles).toBe(before.attachedPrefiles + 1);
    }
  });
});

/** The actions that lead to `to`, each as the one caller who could make it legally. */
function attempts(id: number, to: StatementStatus) {
  if (to === 'under_review') {
    return [
      {
        name: 'take into work',
        run: () => call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id }),
      },
      {
        name: 'new version',
        run: async () =>
          call('owner', 'POST', `/api/statements/${id}/stages`, {
            status: 'under_review',
            prefileIds: [await prefile('owner')],
          }),
      },
    ];
  }
  if (to === 'sent') return [];
  if (to === 'not_accepted') {
    return [
      {
        name: 'refuse acceptance',
        run: () =>
          call('examiner1', 'POST', `/api/instance/statements/${id}/refuse-acceptance`, {
            groundIds: [intakeGroundId],
            comment: null,
          }),
      },
    ];
  }
  if (to === 'withdrawn') {
    return [
      { name: 'withdraw', run: () => call('employee', 'POST', `/api/statements/${id}/withdraw`, { reason: null }) },
    ];
  }
  return [
    {
      name: `reply ${to}`,
      run: async () =>
        call('examiner1', 'POST', `/api/instance/${id}/stages`, {
          status: to,
          isInstance: true,
          // An approval carries its statement's certificate.
          prefileIds: [
            to === 'approved' ? await certificatePrefile(portal, users.examiner1, id) : await prefile('examiner1'),
          ],
          ...(await groundsFor(portal.ctx, to)),
        }),
    },
  ];
}

const STATUSES: StatementStatus[] = [
  'sent',
  'under_review',
  'has_comments',
  'approved',
  'rejected',
  'not_accepted',
  'withdrawn',
];
const LEGAL = new Set([
  'sent>under_review:take into work',
  'sent>not_accepted:refuse acceptance',
  'sent>withdrawn:withdraw',
  'under_review>withdrawn:withdraw',
  'has_comments>withdrawn:withdraw',
  'under_review>has_comments:reply has_comments',
  'under_review>approved:reply approved',
  'under_review>rejected:reply rejected',
  'has_comments>under_review:new version',
]);

describe('state machine', () => {
  it('refuses every illegal transition with 409 and changes nothing; the legal ones go through', async () => {
    const failures: string[] = [];
    let illegal = 0;
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        for (const attempt of attempts(0, to)) {
          const id = await statementIn(from);
          const legal = LEGAL.has(`${from}>${to}:${attempt.name}`);
          const run = attempts(id, to).find((a) => a.name === attempt.name);
          if (!run) throw new Error(attempt.name);
          const before = await snapshot(id);
          const response = await run.run();
          const after = await snapshot(id);
          const cell = `${from} -> ${to} by ${attempt.name}`;
          if (legal) {
            if (response.statusCode >= 300 || after.statement?.status !== to || after.history !== before.history + 1) {
              failures.push(`${cell}: legal, but ${response.statusCode} ${response.body.slice(0, 120)}`);
            }
            continue;
          }
          illegal += 1;
          if (response.statusCode !== 409 || response.json().error !== 'invalid_transition') {
            failures.push(`${cell}: expected 409 invalid_transition, got ${response.statusCode} ${response.body}`);
          }
          if (JSON.stringify(after) !== JSON.stringify(before)) {
            failures.push(`${cell}: changed ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
          }
        }
        // Nothing leads back to `sent`: a stage asking for it is refused by the contract, and changes nothing.
        if (to === 'sent') {
          const id = await statementIn(from);
          const before = await snapshot(id);
          const asCompany = await call('owner', 'POST', `/api/statements/${id}/stages`, {
            status: 'sent',
            prefileIds: [await prefile('owner')],
          });
          const asExaminer = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
            status: 'sent',
            prefileIds: [],
          });
          illegal += 2;
          if (asCompany.statusCode !== 400 || asExaminer.statusCode !== 400) {
            failures.push(`${from} -> sent: expected 400 twice, got ${asCompany.statusCode}, ${asExaminer.statusCode}`);
          }
          if (JSON.stringify(await snapshot(id)) !== JSON.stringify(before)) failures.push(`${from} -> sent: changed`);
        }
      }
    }
    races += illegal;
    console.log(`state machine: ${illegal} illegal transitions refused on ${usingPostgres ? 'PostgreSQL' : 'SQLite'}`);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});
