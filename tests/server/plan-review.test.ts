import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { compareRounds, type StoredStage } from '../../server/src/workflow/round-changes.ts';
import { demoUsers } from '../../tools/demo.ts';
import { login, startTestPortal, uploadPrefile, userByEmail } from './helpers.ts';

const OWNER_B = 'owner@company-b.example';
const owner = demoUsers.owner.email;
const employee = demoUsers.employee.email;
const examiner = demoUsers.examiner1.email;

/** A portal with demo data, a second company, and everyone logged in. */
async function portalWithUsers(fileStore: 'directory' | 's3') {
  const portal = await startTestPortal({}, { fileStore });
  await createCompanyWithOwner(portal.ctx, { email: OWNER_B, legalEntity: 'ООО «Б»', fio: 'Борисов Борис' });
  const tokens: Record<string, string> = {};
  for (const email of [owner, employee, examiner, OWNER_B]) tokens[email] = (await login(portal, email)).accessToken;
  const call = (as: string, method: 'GET' | 'POST' | 'DELETE', url: string, more: object = {}) =>
    portal.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...more });
  const uploaded = async (as: string, name: string, bytes: Buffer | string) => {
    const response = await uploadPrefile(portal, tokens[as] as string, name, bytes);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const create = async (as: string, objectName: string, prefileIds: number[]) => {
    const response = await call(as, 'POST', '/api/statements', {
      payload: { cipher: '', objectName, address: 'ул. Тестовая, 1', comment: null, prefileIds },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  return { portal, tokens, call, uploaded, create };
}

/** 1000 bytes that differ at every offset's neighbourhood, so a wrong slice cannot pass. */
const KILOBYTE = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7 + 13) % 256));

describe.each(['directory', 's3'] as const)('partial downloads, files in a %s store', (fileStore) => {
  let users: Awaited<ReturnType<typeof portalWithUsers>>;
  let key: string;
  beforeAll(async () => {
    users = await portalWithUsers(fileStore);
    const statement = await users.create(employee, 'Вокзал', [await users.uploaded(employee, 'план.pdf', KILOBYTE)]);
    key = statement.stages[0].files[0].url;
  }, 60_000);
  afterAll(async () => {
    await users.portal.close();
  });

  const ranged = (as: string, url: string, range: string) =>
    users.call(as, 'GET', url, {
      headers: {
        authorization: `Bearer ${users.tokens[as]}`,
        range,
      },
    });

  it('answers bytes 100–199 with exactly those bytes and 206, by both addresses and to both sides', async () => {
    for (const [who, url] of [
      [employee, `/api/files?path=${key}`],
      [examiner, `/files/${key}`],
    ] as const) {
      const response = await ranged(who, url, 'bytes=100-199');
      expect(response.statusCode).toBe(206);
      expect(response.rawPayload.equals(KILOBYTE.subarray(100, 200))).toBe(true);
      expect(response.headers['content-range']).toBe('bytes 100-199/1000');
      expect(response.headers['content-length']).toBe('100');
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toMatch(/^attachment; /);
    }
  });

  it('reads open-ended and suffix ranges, clamps an end past the file, and merges overlapping ranges', async () => {
    const url = `/api/files?path=${key}`;
    const cases: [string, number, number][] = [
      ['bytes=990-', 990, 999],
      ['bytes=-10', 990, 999],
      ['bytes=0-0', 0, 0],
      ['bytes=500-5000', 500, 999],
      ['bytes=0-99,50-149', 0, 149],
    ];
    for (const [range, start, end] of cases) {
      const response = await ranged(employee, url, range);
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range'], range).toBe(`bytes ${start}-${end}/1000`);
      expect(response.rawPayload.equals(KILOBYTE.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers a range past the end with 416 and the size, and a malformed or split range with the whole file', async () => {
    const url = `/files/${key}`;
    const past = await ranged(employee, url, 'bytes=1000-1100');
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
    expect(past.json()).toMatchObject({ error: 'range_not_satisfiable', message: expect.stringMatching(/[а-я]/) });
    for (const whole of ['bytes=abc', 'items=0-10', 'bytes=0-9,500-509']) {
      const response = await ranged(employee, url, whole);
      expect(response.statusCode, whole).toBe(200);
      expect(response.rawPayload.equals(KILOBYTE), whole).toBe(true);
      expect(response.headers['accept-ranges']).toBe('bytes');
    }
  });

  it('keeps rights as for a whole download: another company, traversal and a removed employee get no bytes', async () => {
    for (const url of [`/api/files?path=${key}`, `/files/${key}`]) {
      const other = await ranged(OWNER_B, url, 'bytes=100-199');
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toBe('not_found');
      // Past the end too: a file the caller may not see has no size to tell.
      expect((await ranged(OWNER_B, url, 'bytes=5000-')).statusCode).toBe(404);
    }
    for (const bad of ['../portal.sqlite', '%2e%2e%2fportal.sqlite', '..%5cportal.sqlite', `${key}%00`]) {
      const response = await ranged(owner, `/api/files?path=${bad}`, 'bytes=0-99');
      expect(response.statusCode, bad).toBe(404);
    }
    const employeeId = (await userByEmail(users.portal, employee)).id;
    const removed = await users.call(owner, 'DELETE', `/api/employees/${employeeId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const after = await ranged(employee, `/files/${key}`, 'bytes=100-199');
    expect(after.statusCode).toBe(401);
    expect(after.rawPayload.includes(KILOBYTE.subarray(100, 200))).toBe(false);
  });
});

describe('what changed between rounds', () => {
  let users: Awaited<ReturnType<typeof portalWithUsers>>;
  beforeAll(async () => {
    users = await portalWithUsers('directory');
  }, 60_000);
  afterAll(async () => {
    await users.portal.close();
  });

  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  it('marks each file of a new version new, changed or unchanged by SHA-256, and lists what it no longer presents', async () => {
    const { call, uploaded, create, portal } = users;
    const first = await create(employee, 'Школа', [
      await uploaded(employee, 'фасад.pdf', 'фасад v1'),
      await uploaded(employee, 'план.pdf', 'план v1'),
      await uploaded(employee, 'разрез.pdf', 'разрез v1'),
      await uploaded(employee, 'пояснение.docx', 'пояснение'),
    ]);
    expect(first.stages[0].files.map((f: { change: unknown }) => f.change)).toEqual([null, null, null, null]);
    expect(first.stages[0].absentFiles).toEqual([]);
    const examinerRow = await userByEmail(portal, examiner);
    await takeIntoWork(portal.ctx, examinerRow, first.id);
    const remarks = await uploaded(examiner, 'замечания.pdf', 'замечания');
    await replyToStatement(portal.ctx, examinerRow, first.id, {
      status: 'has_comments',
      comment: 'Исправьте фасад',
      prefileIds: [remarks],
    });
    const version = await call(owner, 'POST', `/api/statements/${first.id}/stages`, {
      payload: {
        prefileIds: [
          await uploaded(owner, 'фасад.pdf', 'фасад v2'),
          await uploaded(owner, 'план.pdf', 'план v1'),
          await uploaded(owner, 'разрез (итог).pdf', 'разрез v1'),
          await uploaded(owner, 'генплан.pdf', 'генплан'),
        ],
        status: 'under_review',
      },
    });
    expect(version.statusCode, version.body).toBe(201);
    // The company reads the same as the examiner: both details come from one comparison.
    for (const as of [employee, examiner]) {
      const path = as === examiner ? `/api/instance/statements/${first.id}` : `/api/statements/${first.id}`;
      const statement = (await call(as, 'GET', path)).json();
      const [round1, reply, round2] = statement.stages;
      const keyOf = (name: string) => round1.files.find((f: { fileName: string }) => f.fileName === name).url;
      expect(reply.files).toEqual([
        expect.objectContaining({ fileName: 'замечания.pdf', change: null, previousUrl: null }),
      ]);
      expect(reply.absentFiles).toEqual([]);
      expect(
        round2.files.map((f: { fileName: string; change: string; previousUrl: string | null; sha256: string }) => [
          f.fileName,
          f.change,
          f.previousUrl,
          f.sha256,
        ]),
      ).toEqual([
        ['фасад.pdf', 'changed', keyOf('фасад.pdf'), sha('фасад v2')],
        ['план.pdf', 'unchanged', keyOf('план.pdf'), sha('план v1')],
        ['разрез (итог).pdf', 'unchanged', keyOf('разрез.pdf'), sha('разрез v1')],
        ['генплан.pdf', 'new', null, sha('генплан')],
      ]);
      expect(round2.absentFiles).toEqual([
        expect.objectContaining({ fileName: 'пояснение.docx', url: keyOf('пояснение.docx'), change: null }),
      ]);
    }
  });
});

describe('compareRounds', () => {
  const stage = (n: number, isGovernmentAgency: boolean, files: [string, string | null][]): StoredStage => ({
    id: n,
    n,
    applicantId: 1,
    applicant: 'А',
    applicantPhone: null,
    applicantPosition: null,
    applicantMail: null,
    isGovernmentAgency,
    status: null,
    comment: null,
    dateCreate: '2026-11-25T10:00:00.000Z',
    files: files.map(([fileName, sha256], i) => ({
      id: n * 10 + i,
      url: `k${n}-${i}`,
      fileName,
      size: 1,
      sha256,
      signature: null,
      signatureFile: null,
    })),
  });
  const marks = (stages: StoredStage[]) =>
    compareRounds(stages).map((s) => [s.files.map((f) => f.change), s.absentFiles.map((f) => f.fileName)]);

  it('cannot tell a file whose hash was never computed, and never calls it absent', () => {
    expect(marks([stage(1, false, [['a.pdf', null]]), stage(2, false, [['a.pdf', 'h']])])).toEqual([
      [[null], []],
      [[null], []],
    ]);
  });

  it('compares with the company’s previous submission, not with a reply between them', () => {
    expect(
      marks([
        stage(1, false, [['a.pdf', 'h1']]),
        stage(2, true, [['a.pdf', 'h2']]),
        stage(3, false, [['a.pdf', 'h1']]),
      ]),
    ).toEqual([
      [[null], []],
      [[null], []],
      [['unchanged'], []],
    ]);
  });

  it('matches names before bytes, so a renamed copy does not take another file’s match', () => {
    expect(
      marks([
        stage(1, false, [
          ['a.pdf', 'h1'],
          ['b.pdf', 'h2'],
        ]),
        stage(2, false, [
          ['copy.pdf', 'h1'],
          ['a.pdf', 'h1'],
        ]),
      ]),
    ).toEqual([
      [[null, null], []],
      [['new', 'unchanged'], ['b.pdf']],
    ]);
  });
});
