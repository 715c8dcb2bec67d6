// The log of reads of personal data (docs/product.md «Personal data»): every read by the committee's side writes one
// entry, a company's own reads none; heads read it filtered and as CSV; no route and no plain SQL changes it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalDataAccessPage } from '#domain/contract.ts';
import { demoUsers } from '../../tools/demo.ts';
import { signedIn, startTestPortal, type TestPortal } from './helpers.ts';

type Who = 'head' | 'examiner' | 'owner' | 'employee';
let portal: TestPortal;
let bearer: Record<Who, string>;
let users: Awaited<ReturnType<typeof signedIn<Who>>>['users'];
/** A statement of the demo company with a file, its stored key and its applicant. */
let statement: { id: number; visibleId: number; key: string; applicantId: number };
let powerOfAttorneyId: number;

beforeAll(async () => {
  portal = await startTestPortal();
  ({ bearer, users } = await signedIn(portal, {
    head: demoUsers.head.email,
    examiner: demoUsers.examiner1.email,
    owner: demoUsers.owner.email,
    employee: demoUsers.employee.email,
  }));
  const row = await portal.db
    .selectFrom('files')
    .innerJoin('stages', 'stages.id', 'files.stage_id')
    .innerJoin('statements', 'statements.id', 'stages.statement_id')
    .select(['statements.id', 'statements.visible_id', 'files.storage_key', 'stages.applicant_id'])
    .where('stages.is_government_agency', '=', 0)
    .where('stages.applicant_id', '=', users.employee.id)
    .orderBy('statements.id')
    .executeTakeFirstOrThrow();
  statement = {
    id: row.id,
    visibleId: row.visible_id,
    key: row.storage_key,
    applicantId: row.applicant_id ?? 0,
  };
  powerOfAttorneyId = (await portal.db.selectFrom('powers_of_attorney').select('id').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

// Each read's access-log entry is written just after its answer (server/src/plugins/access-log.ts): settled here.
const call = async (as: Who, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) => {
  const answer = await portal.app.inject({
    method,
    url,
    headers: { authorization: bearer[as] },
    ...(payload === undefined ? {} : { payload }),
  });
  await portal.app.accessLogSettled();
  return answer;
};
const entries = () => portal.db.selectFrom('personal_data_access').selectAll().orderBy('id').execute();

describe('every read of personal data by the committee', () => {
  const reads: Array<{ what: string; as: Who; url: () => string; method?: 'POST'; body?: object; kind: string }> = [
    {
      what: 'a statement’s detail',
      as: 'examiner',
      url: () => `/api/instance/statements/${statement.id}`,
      kind: 'statement',
    },
    { what: 'its file', as: 'examiner', url: () => `/api/files?path=${statement.key}`, kind: 'file' },
    { what: 'its file by key', as: 'examiner', url: () => `/files/${statement.key}`, kind: 'file' },
    {
      what: 'a power of attorney',
      as: 'examiner',
      url: () => `/api/instance/powers-of-attorney/${powerOfAttorneyId}`,
      kind: 'power_of_attorney',
    },
    {
      what: 'the report',
      as: 'head',
      url: () => '/api/instance/reports?from=2026-01-01&to=2026-12-31',
      kind: 'report',
    },
    {
      what: 'the report as CSV',
      as: 'head',
      url: () => '/api/instance/reports?from=2026-01-01&to=2026-12-31&format=csv',
      kind: 'export',
    },
    {
      what: 'the table exported in the browser',
      as: 'examiner',
      url: () => '/api/instance/personal-data-access/exports',
      method: 'POST',
      body: { what: 'statements', rows: 12 },
      kind: 'export',
    },
    { what: 'the workload', as: 'head', url: () => '/api/instance/team', kind: 'workload' },
    { what: 'the list of examiners', as: 'head', url: () => '/api/admin/examiners', kind: 'people' },
    { what: 'the registrations', as: 'head', url: () => '/api/admin/registrations', kind: 'registrations' },
  ];

  it.each(reads)('writes one entry: $what', async ({ as, url, method, body, kind }) => {
    const before = await entries();
    const response = await call(as, url(), method, body);
    expect(response.statusCode).toBeLessThan(300);
    const added = (await entries()).slice(before.length);
    expect(added).toHaveLength(1);
    const [entry] = added;
    expect(entry).toMatchObject({ kind, user_id: users[as].id, user_name: users[as].fio });
    expect(entry?.address).toBeTruthy();
    if (kind === 'statement' || kind === 'file') expect(entry?.statement_id).toBe(statement.id);
  });

  it('writes nothing for the company’s own reads, nor for a read refused', async () => {
    const before = (await entries()).length;
    for (const as of ['owner', 'employee'] as const) {
      expect((await call(as, `/api/statements/${statement.id}`)).statusCode).toBe(200);
      expect((await call(as, `/api/files?path=${statement.key}`)).statusCode).toBe(200);
      expect((await call(as, '/api/employees')).statusCode).toBe(200);
    }
    expect((await call('examiner', '/api/instance/statements/999999')).statusCode).toBe(404);
    expect((await call('examiner', '/api/files?path=not-a-key')).statusCode).toBe(404);
    expect((await entries()).length).toBe(before);
  });
});

describe('the log a head reads', () => {
  it('finds, for one applicant, every examiner who opened their statements and when', async () => {
    await call('head', `/api/instance/statements/${statement.id}`);
    const page = (
      await call('head', `/api/admin/personal-data-access?person=${encodeURIComponent('петрова')}`)
    ).json<PersonalDataAccessPage>();
    const readers = new Set(page.entries.map((entry) => entry.userName));
    expect(readers).toEqual(new Set([demoUsers.examiner1.fio, demoUsers.head.fio]));
    expect(
      page.entries.every((entry) => entry.statementId === statement.id || entry.personId === statement.applicantId),
    ).toBe(true);
    const byStatement = (
      await call(
        'head',
        `/api/admin/personal-data-access?statement=${statement.visibleId}&user=${encodeURIComponent('Смирнов')}`,
      )
    ).json<PersonalDataAccessPage>();
    expect(byStatement.total).toBeGreaterThanOrEqual(3);
    expect(byStatement.entries.every((entry) => entry.statementNumber === statement.visibleId)).toBe(true);
    expect(byStatement.entries.every((entry) => entry.userName === demoUsers.examiner1.fio)).toBe(true);
    const none = (
      await call('head', '/api/admin/personal-data-access?from=2001-01-01&to=2001-12-31')
    ).json<PersonalDataAccessPage>();
    expect(none.total).toBe(0);
  });

  it('exports what the filter keeps as CSV', async () => {
    const csv = await call('head', `/api/admin/personal-data-access?statement=${statement.visibleId}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Когда;Кто;Адрес;Что;Заявление;Субъект;Подробности');
    expect(lines.slice(1).every((line) => line.includes(`;${statement.visibleId};`))).toBe(true);
    expect(lines.length).toBeGreaterThan(3);
  });
});

describe('the log is append-only', () => {
  it('is changed by no route: the contract has no operation that writes it but the reads', () => {
    const contract = readFileSync(path.resolve('openapi.yaml'), 'utf8');
    const paths = [...contract.matchAll(/^ {2}(\/api\/[^:]*personal-data-access[^:]*):/gm)].map((match) => match[1]);
    expect(paths).toEqual(['/api/admin/personal-data-access', '/api/instance/personal-data-access/exports']);
    // Only the destruction of personal data updates or deletes its rows.
    const writers = sourceFiles('server/src').filter((file) =>
      /(updateTable|deleteFrom)\(\s*'personal_data_access'/.test(readFileSync(file, 'utf8')),
    );
    expect(writers.every((file) => file.includes('destruction'))).toBe(true);
  });

  it('is refused by the database to UPDATE and DELETE', async () => {
    await call('examiner', `/api/instance/statements/${statement.id}`);
    const before = await entries();
    await expect(sql`update personal_data_access set user_name = 'x'`.execute(portal.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from personal_data_access`.execute(portal.db)).rejects.toThrow(/append-only/);
    expect(await entries()).toEqual(before);
  });

  it('counts and logs a write that fails, and the read still answers', async () => {
    const failures = async () =>
      (await portal.app.metrics.accessLogFailures.get()).values.reduce((sum, value) => sum + value.value, 0);
    const before = await failures();
    await sql`alter table personal_data_access rename to personal_data_access_away`.execute(portal.db);
    try {
      expect((await call('examiner', `/api/instance/statements/${statement.id}`)).statusCode).toBe(200);
    } finally {
      await sql`alter table personal_data_access_away rename to personal_data_access`.execute(portal.db);
    }
    expect(await failures()).toBe(before + 1);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}
