import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '#domain/contract.ts';
import { importCalendarYear } from '../../server/src/administration/calendar.service.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { createDatabase, type Db } from '../../server/src/db/database.ts';
import { deadlineClock } from '../../server/src/deadlines/deadlines.service.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import { findUserByEmail } from '../../server/src/users/users.repository.ts';
import { demoUsers } from '../../tools/demo.ts';
import { startTestPortal, type TestPortal, usingPostgres } from './helpers.ts';

/** 2027 as a decree would set it: January 11 off, which moves a term received on 24 December 2026 by one day. */
const CALENDAR_2027 = [
  'нерабочие: 2027-01-01..2027-01-08, 2027-01-11',
  'нерабочие: 2027-02-22, 2027-02-23, 2027-03-08, 2027-05-03, 2027-05-10, 2027-06-14, 2027-11-04',
  'рабочие: 2027-11-06',
  '',
].join('\n');

const RECEIVED = '2026-12-24T10:00:00+03:00';
const TERM = { start: new Date(RECEIVED).toISOString(), days: 10 };
const PROVISIONAL = { dueDate: '2027-01-18', workingDaysLeft: 10, provisional: true };
const FIRM = { dueDate: '2027-01-19', workingDaysLeft: 10, provisional: false };
const FIRM_WITHOUT_JANUARY_11 = { dueDate: '2027-01-18', workingDaysLeft: 10, provisional: false };

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
  portal.clock.now = Date.parse(RECEIVED);
});
afterAll(async () => {
  await portal.close();
});

/** The portal's database as seen through a handle that counts the queries reading the calendar's tables. */
function countingCalendarReads(db: Db): { db: Db; reads: () => number } {
  let reads = 0;
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      if (node.kind === 'SelectQueryNode' && /"calendar_(days|years)"/.test(JSON.stringify(node))) reads += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), reads: () => reads };
}

/** Another API instance (or the admin CLI) on the same database: its own connection, its own process state. */
async function importByAnotherInstance(year: number, text: string): Promise<void> {
  const db = createDatabase({
    databaseUrl: usingPostgres ? (process.env.TEST_DATABASE_URL ?? null) : null,
    dataDir: portal.config.dataDir,
  });
  try {
    await importCalendarYear({ ...portal.ctx, db }, null, year, text);
  } finally {
    await db.destroy();
  }
}

describe('the production calendar behind every deadline', () => {
  it('is read once, not on every read, and again only after an import by another instance', async () => {
    const counted = countingCalendarReads(portal.db);
    const ctx: ServiceContext = { ...portal.ctx, db: counted.db };
    expect((await deadlineClock(ctx)).deadline(TERM)).toEqual(PROVISIONAL);
    const firstLoad = counted.reads();
    expect(firstLoad).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect((await deadlineClock(ctx)).deadline(TERM)).toEqual(PROVISIONAL);
    expect(counted.reads()).toBe(firstLoad);

    await importByAnotherInstance(2027, CALENDAR_2027);
    expect((await deadlineClock(ctx)).deadline(TERM)).toEqual(FIRM);
    expect(counted.reads()).toBe(2 * firstLoad);
    for (let i = 0; i < 5; i++) expect((await deadlineClock(ctx)).deadline(TERM)).toEqual(FIRM);
    expect(counted.reads()).toBe(2 * firstLoad);
  });

  it('shows a calendar imported elsewhere in the next API reply', async () => {
    const owner = await findUserByEmail(portal.db, demoUsers.owner.email);
    if (!owner) throw new Error('no demo owner');
    const prefile = await storePrefile(portal.ctx, owner.id, {
      fileName: 'Альбом.pdf',
      contentType: 'application/pdf',
      source: '%PDF-1.4 альбом',
    });
    const { id } = await submitStatement(portal.ctx, owner, { objectName: 'Сквер', prefileIds: [prefile.id] });
    const authorization = `Bearer ${await signAccessToken(portal.config.jwtSecret, owner.id)}`;
    const deadline = async () => {
      const response = await portal.app.inject({ url: `/api/statements/${id}`, headers: { authorization } });
      expect(response.statusCode).toBe(200);
      return response.json<Statement>().reviewDeadline;
    };
    await importByAnotherInstance(2027, CALENDAR_2027);
    expect(await deadline()).toEqual(FIRM);
    // The year loaded again with January 11 worked moves the due date back a day.
    await importByAnotherInstance(2027, CALENDAR_2027.replace(', 2027-01-11', ''));
    expect(await deadline()).toEqual(FIRM_WITHOUT_JANUARY_11);
  });
});
