import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { createDatabase, type Db } from '../../server/src/db/database.ts';
import { removeOrphanFiles } from '../../server/src/files/files.service.ts';
import { isPartialName, isStorageKey } from '../../server/src/storage/file-store.ts';
import type { Child } from '../../tools/child.ts';
import { demoUsers } from '../../tools/demo.ts';
import { freePort } from '../../tools/free-port.ts';
import { type Answer, oneRequest, openRequest } from '../../tools/http.ts';
import { multipartFile } from '../../tools/multipart.ts';
import { type SmtpSink, startSmtpSink } from '../../tools/smtp-sink.ts';
import { serverProcessEnv, startApiProcess, startTestPortal, usingPostgres } from './helpers.ts';

/**
 * The real server process killed with SIGKILL (no shutdown hooks, no flush) in the middle of an upload, a
 * submission and an examiner's reply with files, then started again on the same DATA_DIR and database: the
 * database is consistent, nothing half-made is visible, orphaned bytes are only young ones (and the sweep removes
 * them once old), and the client's retry succeeds.
 */

const JWT_SECRET = 'crash-test-secret-that-is-long-enough-for-hs256';
const DAY_MS = 24 * 60 * 60 * 1000;

let dataDir: string;
let filesDir: string;
let mailbox: SmtpSink;
let server: Child | undefined;
let serverEnv: NodeJS.ProcessEnv;
let port = 0;
let survived = 0;
const startTimes: number[] = [];
const tokens = {} as Record<'owner' | 'employee' | 'examiner1', string>;

/** One request as a real client makes it: its own connection (a killed server leaves no pooled socket behind). */
const request = (method: string, url: string, options: { body?: unknown; token?: string } = {}): Promise<Answer> =>
  oneRequest(port, method, url, options);

async function startServer(): Promise<void> {
  port = await freePort();
  const started = startApiProcess(port, serverEnv);
  server = started;
  const began = performance.now();
  await started.waitForStart({
    name: 'server',
    timeoutMs: 60_000,
    pollMs: 20,
    details: async () => `${started.output()}\n${await diagnose(started.pid)}`,
  });
  startTimes.push(performance.now() - began);
  const ready = await request('GET', '/api/health/ready');
  if (ready.status !== 200) throw new Error(`server not ready: ${ready.status} ${ready.body}\n${started.output()}`);
}

/** What the server process and the database are doing, for a server that does not come up. */
async function diagnose(pid: number | undefined): Promise<string> {
  const sockets = (() => {
    try {
      return execFileSync('ss', ['-tanp'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes(`pid=${pid},`))
        .join('\n');
    } catch (error) {
      return String(error);
    }
  })();
  if (!usingPostgres) return sockets;
  const activity = await withDb(async (db) => {
    const { rows } = await sql`select pid, datname, state, wait_event_type, wait_event, client_port, query
      from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(db);
    return JSON.stringify(rows);
  }).catch((error: unknown) => String(error));
  return `${sockets}\n${activity}`;
}

/** Ends the server with `signal` and waits for it to be gone. */
async function kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  await server?.stop({ signal, graceMs: Infinity });
}

/** A connection of the test's own to the server's database, for one look. */
async function withDb<T>(look: (db: Db) => Promise<T>): Promise<T> {
  const db = createDatabase({ databaseUrl: usingPostgres ? (process.env.TEST_DATABASE_URL ?? null) : null, dataDir });
  try {
    return await look(db);
  } finally {
    await db.destroy();
  }
}

/** Uploads a file in one go; the prefile's id. */
async function upload(token: string, name: string, content: Buffer): Promise<number> {
  const form = multipartFile(name);
  const { request: req, answer } = openRequest(port, 'POST', '/api/prefiles', {
    token,
    headers: form.headers(content.length),
  });
  req.end(Buffer.concat([form.head, content, form.tail]));
  const uploaded = await answer;
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${uploaded.body}`);
  return uploaded.json<{ id: number }>().id;
}

const JSON_BODY = { 'content-type': 'application/json' };

/** Sends `body` and SIGKILLs the server `delayMs` after the last byte left; the client sees its connection die. */
async function killDuring(method: string, url: string, token: string, body: unknown, delayMs: number) {
  const { request: req, answer } = openRequest(port, method, url, { token, headers: JSON_BODY });
  req.end(JSON.stringify(body), () => {
    // This server, not the one started after it (the answer may come before the timer fires).
    const victim = server;
    // The moment of the kill is the test's input (spread over the answer's time), not a wait for anything.
    setTimeout(() => victim?.kill('SIGKILL'), delayMs);
  });
  const result = await answer.catch(() => null);
  await kill();
  return result;
}

/** How long the server takes to answer `body` (from its last byte sent), to spread the kills over that time. */
async function answerTime(url: string, token: string, body: unknown, expected: number): Promise<number> {
  const { request: req, answer } = openRequest(port, 'POST', url, { token, headers: JSON_BODY });
  let sent = 0;
  let took = 0;
  req.once('response', () => {
    took = performance.now() - sent;
  });
  req.end(JSON.stringify(body), () => {
    sent = performance.now();
  });
  const { status } = await answer;
  if (status !== expected) throw new Error(`answered ${status}`);
  return took;
}

/** The kill moments of `rounds` rounds: from at once to a little past the usual answer. */
const killMoments = (rounds: number, answerMs: number) =>
  Array.from({ length: rounds }, (_, round) => (answerMs * 1.3 * round) / (rounds - 1));

/** What the store holds: name -> size and age. */
function storeEntries(): Map<string, { size: number; modifiedAt: number }> {
  const entries = new Map<string, { size: number; modifiedAt: number }>();
  if (!existsSync(filesDir)) return entries;
  for (const name of readdirSync(filesDir)) {
    // The server's sweep may remove an entry between the listing and this look.
    const info = statSync(path.join(filesDir, name), { throwIfNoEntry: false });
    if (info) entries.set(name, { size: info.size, modifiedAt: info.mtimeMs });
  }
  return entries;
}

/**
 * Every rule a crash could break, read from the database, the store and the API. Returns the store's orphans
 * (bytes no row refers to), which must all be younger than the sweep's 24 h.
 */
async function checkConsistency(label: string): Promise<string[]> {
  const problems: string[] = [];
  const store = storeEntries();
  const facts = await withDb(async (db) => {
    if (!usingPostgres) {
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      if (integrity.rows[0]?.integrity_check !== 'ok')
        problems.push(`integrity_check: ${JSON.stringify(integrity.rows)}`);
      const foreign = await sql`pragma foreign_key_check`.execute(db);
      if (foreign.rows.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(foreign.rows)}`);
    }
    return {
      statements: await db.selectFrom('statements').select(['id', 'status', 'company_id']).execute(),
      stages: await db.selectFrom('stages').select(['id', 'statement_id', 'n', 'status', 'date_create']).execute(),
      history: await db
        .selectFrom('status_history')
        .select(['statement_id', 'from_status', 'to_status', 'changed_at'])
        .orderBy('changed_at')
        .orderBy('id')
        .execute(),
      files: await db.selectFrom('files').select(['stage_id', 'storage_key', 'size']).execute(),
      prefiles: await db.selectFrom('prefiles').select(['id', 'storage_key', 'size', 'attached_at']).execute(),
      powersOfAttorney: await db.selectFrom('powers_of_attorney').select(['xml_key', 'signature_key']).execute(),
    };
  });
  // An attached upload is a stage's file, or the XML or signature of a company's power of attorney (the demo's).
  const fileKeys = new Set([
    ...facts.files.map((file) => file.storage_key),
    ...facts.powersOfAttorney.flatMap((power) => [power.xml_key, power.signature_key]),
  ]);
  for (const statement of facts.statements) {
    const stages = facts.stages.filter((stage) => stage.statement_id === statement.id);
    const history = facts.history.filter((entry) => entry.statement_id === statement.id);
    const first = stages.find((stage) => stage.n === 1);
    if (first?.status !== 'sent') problems.push(`statement ${statement.id}: no first stage`);
    if (history.at(-1)?.to_status !== statement.status) {
      problems.push(`statement ${statement.id}: status ${statement.status}, history ends ${history.at(-1)?.to_status}`);
    }
    // Every status change but taking into work brings a stage, and every stage its status change.
    const taken = history.filter((entry) => entry.from_status === 'sent' && entry.to_status === 'under_review');
    if (stages.length !== history.length - taken.length) {
      problems.push(`statement ${statement.id}: ${stages.length} stages for ${history.length} status changes`);
    }
    for (const stage of stages) {
      if (!history.some((entry) => entry.to_status === stage.status && entry.changed_at === stage.date_create)) {
        problems.push(`stage ${stage.id}: no status change of its own`);
      }
    }
  }
  const stageIds = new Set(facts.stages.map((stage) => stage.id));
  for (const file of facts.files) {
    if (!stageIds.has(file.stage_id)) problems.push(`file ${file.storage_key}: no stage`);
    if (store.get(file.storage_key)?.size !== Number(file.size))
      problems.push(`file ${file.storage_key}: bytes missing`);
  }
  for (const prefile of facts.prefiles) {
    if (store.get(prefile.storage_key)?.size !== Number(prefile.size)) {
      problems.push(`prefile ${prefile.id}: bytes missing`);
    }
    if ((prefile.attached_at !== null) !== fileKeys.has(prefile.storage_key)) {
      problems.push(`prefile ${prefile.id}: attached_at ${prefile.attached_at} disagrees with what keeps it`);
    }
  }
  const known = new Set([...fileKeys, ...facts.prefiles.map((prefile) => prefile.storage_key)]);
  const orphans = [...store.keys()].filter((name) => !known.has(name));
  for (const name of orphans) {
    if (!isStorageKey(name) && !isPartialName(name)) problems.push(`store: a stranger ${name}`);
  }

  // What people see agrees with the database: the examiner's list, each statement's stages, the company's list.
  const all = await request('GET', '/api/instance/all/statements', { token: tokens.examiner1 });
  const listed = all.json<{ id: number }[]>().map((s) => s.id);
  const stored = facts.statements.map((s) => s.id);
  if (listed.toSorted().join() !== stored.toSorted().join()) problems.push('examiner list differs from the database');
  for (const id of stored) {
    const detail = await request('GET', `/api/instance/statements/${id}`, { token: tokens.examiner1 });
    const stages = detail.json<{ stages: { files: unknown[] }[] }>().stages;
    if (stages.length !== facts.stages.filter((stage) => stage.statement_id === id).length) {
      problems.push(`statement ${id}: the API shows ${stages.length} stages`);
    }
  }
  const companyA = facts.statements.find((s) => s.id === stored[0])?.company_id;
  const own = await request('GET', '/api/statements', { token: tokens.owner });
  const ownIds = own.json<{ id: number }[]>().map((s) => s.id);
  const expected = facts.statements.filter((s) => s.company_id === companyA).map((s) => s.id);
  if (ownIds.toSorted().join() !== expected.toSorted().join()) problems.push('company list differs from the database');

  expect(problems, `${label}:\n${problems.join('\n')}`).toEqual([]);
  return orphans;
}

async function takeInto(id: number): Promise<void> {
  const taken = await request('POST', '/api/instance/StartWorkOnStatement', { token: tokens.examiner1, body: { id } });
  expect(taken.status, taken.body).toBe(200);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
  filesDir = path.join(dataDir, 'files');
  mailbox = await startSmtpSink();
  serverEnv = { ...(await serverProcessEnv(dataDir, mailbox.smtpUrl)), JWT_SECRET };
  await startServer();
  await withDb(async (db) => {
    for (const role of ['owner', 'employee', 'examiner1'] as const) {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', demoUsers[role].email)
        .executeTakeFirstOrThrow();
      tokens[role] = await signAccessToken(JWT_SECRET, user.id);
    }
  });
}, 60_000);
afterAll(async () => {
  await kill();
  const slowest = Math.max(...startTimes).toFixed(0);
  console.log(
    `crash points survived: ${survived} on ${usingPostgres ? 'PostgreSQL' : 'SQLite'} (${startTimes.length} starts, slowest ${slowest} ms)`,
  );
  await mailbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server killed with SIGKILL and started again', () => {
  it.skipIf(usingPostgres)('runs SQLite with WAL, synchronous FULL, foreign keys and a busy timeout', async () => {
    const file = path.join(dataDir, 'portal.sqlite');
    // The journal mode is the file's: read on a connection of our own beside the running server.
    const side = new DatabaseSync(file, { readOnly: true });
    try {
      expect(side.prepare('pragma journal_mode').get()).toEqual({ journal_mode: 'wal' });
    } finally {
      side.close();
    }
    expect(existsSync(`${file}-wal`)).toBe(true);
    // The others are per connection: read on one opened the way the server opens its own.
    await withDb(async (db) => {
      const read = async (pragma: string) =>
        Object.values((await sql.raw(`pragma ${pragma}`).execute(db)).rows[0] as object)[0];
      expect(await read('journal_mode')).toBe('wal');
      expect(await read('synchronous')).toBe(2);
      expect(await read('foreign_keys')).toBe(1);
      expect(Number(await read('busy_timeout'))).toBeGreaterThan(0);
    });
  });

  it('in the middle of an upload: nothing half-kept is visible, and the retry succeeds', async () => {
    const content = Buffer.alloc(8 * 1024 * 1024, 0x42);
    const form = multipartFile('Проект.pdf');
    // Killed (a) with part of the body on disk, (b) just as the last byte arrived, (c) a moment after it.
    for (const moment of ['partial', 'end', 'after'] as const) {
      const { request: req, answer } = openRequest(port, 'POST', '/api/prefiles', {
        token: tokens.employee,
        headers: form.headers(content.length),
      });
      const failed = answer.then(
        () => {},
        () => {},
      );
      const send = (chunk: Buffer) => new Promise<void>((resolve) => req.write(chunk, () => resolve()));
      await send(form.head);
      const chunk = 256 * 1024;
      const upTo = moment === 'partial' ? content.length / 2 : content.length;
      for (let offset = 0; offset < upTo; offset += chunk) await send(content.subarray(offset, offset + chunk));
      if (moment === 'partial') {
        // Until the server has written part of it to disk.
        await vi.waitFor(
          () => {
            if (![...storeEntries()].some(([name, e]) => isPartialName(name) && e.size > 1024 * 1024)) {
              throw new Error('no partial upload on disk');
            }
          },
          { timeout: 10_000, interval: 10 },
        );
        await kill();
      } else {
        const victim = server;
        // The moment of the kill is the input: as the last byte arrives, or a random moment after it.
        req.end(form.tail, () => setTimeout(() => victim?.kill('SIGKILL'), moment === 'end' ? 0 : Math.random() * 20));
        await failed;
        await kill();
      }
      req.destroy();
      await startServer();
      const orphans = await checkConsistency(`upload killed (${moment})`);
      for (const name of orphans) {
        expect(Date.now() - (storeEntries().get(name)?.modifiedAt ?? 0)).toBeLessThan(DAY_MS);
      }
      // The client tries again: the upload and the statement it was for go through.
      const prefileId = await upload(tokens.employee, 'Проект.pdf', content);
      const created = await request('POST', '/api/statements', {
        token: tokens.employee,
        body: { objectName: `Объект после сбоя загрузки (${moment})`, prefileIds: [prefileId] },
      });
      expect(created.status, created.body).toBe(201);
      expect(created.json<{ stages: { files: { size: number }[] }[] }>().stages[0]?.files[0]?.size).toBe(
        content.length,
      );
      survived += 1;
    }
  }, 120_000);

  it('in the middle of a submission with files: the statement is whole or absent, and the retry succeeds', async () => {
    const files = async () => {
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) ids.push(await upload(tokens.owner, `Лист ${i + 1}.pdf`, Buffer.alloc(2048, i)));
      return ids;
    };
    const usual = await answerTime(
      '/api/statements',
      tokens.owner,
      { objectName: 'Объект для замера', prefileIds: await files() },
      201,
    );
    const moments = killMoments(5, usual);
    const outcomes: string[] = [];
    for (const [round, delay] of moments.entries()) {
      const prefileIds = await files();
      const objectName = `Объект прерванной подачи ${round}`;
      const answer = await killDuring('POST', '/api/statements', tokens.owner, { objectName, prefileIds }, delay);
      await startServer();
      await checkConsistency(`submission killed after ${delay.toFixed(1)} ms`);
      const own = (await request('GET', '/api/statements', { token: tokens.owner })).json<
        { id: number; title: string }[]
      >();
      const made = own.filter((s) => s.title === objectName);
      if (made.length === 0) {
        // Lost with the process: the same files can be sent again.
        expect(answer?.status ?? 0).not.toBe(201);
        const retry = await request('POST', '/api/statements', {
          token: tokens.owner,
          body: { objectName, prefileIds },
        });
        expect(retry.status, retry.body).toBe(201);
        outcomes.push('lost, retried');
      } else {
        outcomes.push(answer ? 'committed, answered' : 'committed, answer lost');
        expect(made).toHaveLength(1);
        const detail = await request('GET', `/api/statements/${made[0]?.id}`, { token: tokens.owner });
        expect(detail.json<{ stages: { files: unknown[] }[] }>().stages[0]?.files).toHaveLength(20);
      }
      survived += 1;
    }
    console.log(`submission crash outcomes (answer ${usual.toFixed(1)} ms): ${outcomes.join(', ')}`);
  }, 120_000);

  it('in the middle of an examiner reply with files: no stage without its status change, and the retry succeeds', async () => {
    const outcomes: string[] = [];
    /** A statement under review by examiner 1, and an answer to it with 20 files. */
    const prepare = async (round: number) => {
      const first = await upload(tokens.employee, 'Раздел АР.pdf', Buffer.alloc(4096, 1));
      const created = await request('POST', '/api/statements', {
        token: tokens.employee,
        body: { objectName: `Объект прерванного ответа ${round}`, prefileIds: [first] },
      });
      const id = created.json<{ id: number }>().id;
      await takeInto(id);
      const prefileIds: number[] = [];
      for (let i = 0; i < 20; i++) {
        prefileIds.push(await upload(tokens.examiner1, `Замечания ${i + 1}.pdf`, Buffer.alloc(2048, i)));
      }
      return { id, reply: { status: 'has_comments', isInstance: true, comment: 'Исправьте раздел АР', prefileIds } };
    };
    const calibration = await prepare(-1);
    const usual = await answerTime(`/api/instance/${calibration.id}/stages`, tokens.examiner1, calibration.reply, 201);
    for (const [round, delay] of killMoments(8, usual).entries()) {
      const { id, reply } = await prepare(round);
      const answer = await killDuring('POST', `/api/instance/${id}/stages`, tokens.examiner1, reply, delay);
      await startServer();
      await checkConsistency(`reply killed after ${delay.toFixed(1)} ms`);
      const seen = (await request('GET', `/api/instance/statements/${id}`, { token: tokens.examiner1 })).json<{
        status: string;
        stages: { files: unknown[] }[];
      }>();
      if (seen.status === 'under_review') {
        expect(seen.stages).toHaveLength(1);
        expect(answer?.status ?? 0).not.toBe(201);
        // The examiner sends the same answer again (the same uploaded files): it goes through whole.
        const retry = await request('POST', `/api/instance/${id}/stages`, { token: tokens.examiner1, body: reply });
        expect(retry.status, retry.body).toBe(201);
        expect(retry.json<{ stages: { files: unknown[] }[] }>().stages[1]?.files).toHaveLength(20);
        outcomes.push('lost, retried');
      } else {
        // It committed before the kill: the retry is told the status moved on, and the answer is whole.
        expect(seen.status).toBe('has_comments');
        expect(seen.stages[1]?.files).toHaveLength(20);
        const retry = await request('POST', `/api/instance/${id}/stages`, { token: tokens.examiner1, body: reply });
        expect(retry.status, retry.body).toBe(409);
        outcomes.push(answer ? 'committed, answered' : 'committed, answer lost');
      }
      survived += 1;
    }
    console.log(`reply crash outcomes (answer ${usual.toFixed(1)} ms): ${outcomes.join(', ')}`);
  }, 180_000);

  it('removes the orphaned bytes once they are older than 24 h, and nothing else', async () => {
    const orphans = await checkConsistency('before the sweep');
    // The crashes above left at least the partial upload.
    expect(orphans.length).toBeGreaterThan(0);
    const old = (Date.now() - DAY_MS - 60_000) / 1000;
    for (const name of orphans) utimesSync(path.join(filesDir, name), old, old);
    const before = storeEntries().size;
    // A restart runs the housekeeping at once.
    await kill('SIGTERM');
    await startServer();
    await vi.waitFor(
      () => {
        if (orphans.some((name) => storeEntries().has(name))) throw new Error(`orphans kept:\n${server?.output()}`);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(storeEntries().size).toBe(before - orphans.length);
    expect(await checkConsistency('after the sweep')).toEqual([]);
  }, 60_000);
});

describe('orphan sweep on S3-compatible storage', () => {
  it('removes an old object no row refers to and keeps the ones rows refer to', async () => {
    const portal = await startTestPortal({}, { fileStore: 's3' });
    try {
      const { ctx } = portal;
      await ctx.files.put('orphanorphanorphan01', Buffer.from('left by a killed process'));
      const kept = await portal.db.selectFrom('files').select('storage_key').execute();
      expect(kept.length).toBeGreaterThan(0);
      expect(await removeOrphanFiles(ctx)).toBe(0);
      portal.clock.advance(DAY_MS + 60_000);
      expect(await removeOrphanFiles(ctx)).toBe(1);
      expect(await ctx.files.exists('orphanorphanorphan01')).toBe(false);
      for (const { storage_key } of kept) expect(await ctx.files.exists(storage_key)).toBe(true);
    } finally {
      await portal.close();
    }
  }, 60_000);
});
