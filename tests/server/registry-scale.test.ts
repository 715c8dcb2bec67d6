// The public register past SQLite's limit of variables (docs/product.md «The public register»: the search runs in
// SQL, each export is built once per state of the register). One test, as its seed is the cost.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedBench } from '../../bench/seed.ts';
import { EXPORT_BUILDS_AT_ONCE, exportBuilds } from '../../server/src/registry/exports.ts';
import { startTestPortal, type TestPortal } from './helpers.ts';

/** SQLite's limit of variables in one statement: a search matching more was refused by the database. */
const SQLITE_MAX_VARIABLES = 32_766;
const DECISIONS = 33_500;

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

let address = 0;
const get = (url: string) =>
  portal.app.inject({
    method: 'GET',
    url,
    remoteAddress: `10.77.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
  });

it('searches and exports a register of more decisions than SQLite takes variables: the search in SQL, each export built once per state', async () => {
  await seedBench(portal.ctx, { statements: DECISIONS, filesDir: null, decisionsOnly: true });
  const all = (await get('/api/public/registry?pageSize=1')).json() as { total: number };
  expect(all.total).toBeGreaterThan(SQLITE_MAX_VARIABLES);

  // Every seeded company's name carries «ООО»: the search matches (nearly) the whole register.
  const wide = await get(`/api/public/registry?query=${encodeURIComponent('ооо')}&pageSize=5`);
  expect(wide.statusCode, wide.body).toBe(200);
  const found = wide.json() as { total: number; items: { companyName: string }[] };
  expect(found.total).toBeGreaterThan(SQLITE_MAX_VARIABLES);
  expect(found.items).toHaveLength(5);
  for (const item of found.items) expect(item.companyName.toLowerCase()).toContain('ооо');

  // A build left half-written by a process that died goes with the next build; one being written now stays.
  const exports = path.join(portal.config.dataDir, 'registry-exports');
  mkdirSync(exports, { recursive: true });
  const abandoned = path.join(exports, 'W-old.csv.0b5e.part');
  const live = path.join(exports, 'W-new.csv.7c1d.part');
  writeFileSync(abandoned, 'Номер;Объект\n1;');
  writeFileSync(live, 'Номер;Объект\n2;');
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  utimesSync(abandoned, twoHoursAgo, twoHoursAgo);

  // A crowd asking for the CSV at once gets one build; later requests are served the built file.
  const before = exportBuilds.count;
  const crowd = await Promise.all(
    Array.from({ length: EXPORT_BUILDS_AT_ONCE + 3 }, () => get('/api/public/registry.csv')),
  );
  for (const answer of crowd) expect(answer.statusCode).toBe(200);
  expect(new Set(crowd.map((answer) => answer.body)).size).toBe(1);
  expect(crowd[0]?.body.split('\n').length).toBeGreaterThan(all.total);
  expect(exportBuilds.count).toBe(before + 1);
  expect(existsSync(abandoned)).toBe(false);
  expect(existsSync(live)).toBe(true);
  const later = await get('/api/public/registry.csv');
  expect(later.body).toBe(crowd[0]?.body);
  expect(Number(later.headers['content-length'])).toBe(Buffer.byteLength(later.body));
  const json = await get('/api/public/registry.json');
  expect((JSON.parse(json.body) as unknown[]).length).toBe(all.total);
  await get('/api/public/registry.json');
  expect(exportBuilds.count).toBe(before + 2);
}, 300_000);
