// `npm test`'s stage fresh-machine: README's two commands on a fresh clone (docs/operations.md «Signatures on a
// machine without GOST»). `npm ci` in a clone of HEAD (its postinstall installs the GOST engine where it may), then:
//   1. where OpenSSL loads no GOST (OPENSSL_ENGINES and OPENSSL_MODULES on an empty folder, for the portal's processes
//      only): `npm start` seeds the whole demo with its signatures' verdicts, says in one line what is missing,
//      readiness and the metric name it, and a filing with a signature gets the 503 and stores nothing;
//   2. the same with NODE_ENV=production and SIGNATURES_REQUIRED: the start refuses, naming the package;
//   3. with GOST: the clone's own signature tests, every verdict of the test authority (valid, foreign_organization,
//      revoked, untrusted, expired, invalid…).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startChild } from '../tools/child.ts';
import { freePort } from '../tools/free-port.ts';
import { logInByCode } from '../tools/login.ts';
import { startSmtpSink } from '../tools/smtp-sink.ts';

const root = path.join(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'fresh-machine-'));
const clone = path.join(work, 'clone');
const failures: string[] = [];
const began = Date.now();
const check = (ok: boolean, what: string, detail = '') => {
  const at = `${Math.round((Date.now() - began) / 1000)} s`.padStart(6);
  console.log(
    `${at} ${ok ? 'ok  ' : 'FAIL'} ${what}${!ok && detail ? `\n     ${detail.replace(/\n/g, '\n     ')}` : ''}`,
  );
  if (!ok) failures.push(what);
};
const sh = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => {
  const run = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
};
// The clone's commands find the system's Node and npm, as on a fresh machine; npm puts the clone's Node 24 first.
const systemPath = (process.env.PATH ?? '')
  .split(':')
  .filter((dir) => !dir.startsWith(path.join(root, 'node_modules')))
  .join(':');
const cloneEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: systemPath, ...extra };
  for (const name of ['NODE_COMPILE_CACHE', 'DATABASE_URL', 'TEST_DATABASE_URL', 'SIGNATURE_TRUST_DIR', 'FILES_DIR']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
};

try {
  console.log(`fresh clone of HEAD in ${clone}`);
  const cloned = sh('git', ['clone', '--quiet', root, clone], work);
  if (cloned.code !== 0) throw new Error(`git clone: ${cloned.out}`);
  const installing = Date.now();
  let installed = sh('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], clone, cloneEnv({}));
  // As .ci/run: the registry here lacks some other-platform optional packages named in the lock.
  if (installed.code !== 0)
    installed = sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], clone, cloneEnv({}));
  check(
    installed.code === 0,
    `npm install (${Math.round((Date.now() - installing) / 1000)} s)`,
    installed.out.slice(-2000),
  );
  check(
    /ensure-system-deps: /.test(installed.out),
    "npm install runs the project's postinstall (ensure-system-deps --portal)",
    installed.out.slice(-2000),
  );
  // The site is built already, from the same sources (npm test's build stage): marked as built after the clone's
  // files were written, so `npm start` serves it instead of building it a second time (the build is the build
  // stage's to prove; this stage is about signatures and the seed).
  cpSync(path.join(root, 'dist'), path.join(clone, 'dist'), { recursive: true });
  writeFileSync(path.join(clone, 'dist', '.build-started'), String(Date.now()));

  // 1. No GOST where OpenSSL looks for it.
  const empty = path.join(work, 'no-gost');
  mkdirSync(empty);
  const dataDir = path.join(work, 'data');
  const mailbox = await startSmtpSink();
  const port = await freePort();
  const metricsPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // A process group of its own: npm runs the portal under `sh -c`, which passes no signal on, so the stop goes to all.
  const portal = startChild('npm', ['start'], {
    cwd: clone,
    detached: true,
    banner: 'Портал запущен',
    env: cloneEnv({
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: mailbox.smtpUrl,
      METRICS_PORT: String(metricsPort),
      OPENSSL_ENGINES: empty,
      OPENSSL_MODULES: empty,
    }),
  });
  try {
    await portal.waitForStart({ name: 'npm start', timeoutMs: 180_000 });
    const log = portal.output();
    const lines = log.split('\n').filter((line) => line.includes('Проверка электронных подписей недоступна'));
    check(
      lines.length === 1 && lines[0]?.includes('sudo apt-get install libengine-gost-openssl') === true,
      'the start says in one line what is missing and the command that installs it',
      log,
    );
    const ready = await fetch(`${url}/api/health/ready`);
    const readiness = (await ready.json()) as { status: string; unavailable: { check: string }[] };
    check(
      ready.status === 200 && readiness.status === 'degraded' && readiness.unavailable[0]?.check === 'signatures',
      'readiness: 200, degraded, naming the signature check',
      JSON.stringify(readiness),
    );
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    check(
      /^portal_signature_check_available\{source="none"\} 0$/m.test(metrics),
      'the metric portal_signature_check_available is 0',
      metrics
        .split('\n')
        .filter((line) => line.includes('signature'))
        .join('\n'),
    );
    const db = new DatabaseSync(path.join(dataDir, 'portal.sqlite'), { readOnly: true });
    const count = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
    const verdicts = (
      db
        .prepare(
          "select json_extract(signature_check, '$.status') as s from files where signature_check is not null order by id",
        )
        .all() as {
        s: string;
      }[]
    ).map((row) => row.s);
    const demo = {
      users: count('select count(*) as n from users'),
      statements: count('select count(*) as n from statements'),
    };
    db.close();
    check(
      demo.users === 6 && demo.statements >= 7 && verdicts.join() === 'valid,valid,foreign_organization,valid',
      'the first start seeds the whole demo with its signatures and their verdicts',
      JSON.stringify({ ...demo, verdicts }),
    );
    const owner = await logInByCode(url, 'owner@demo.example', (email) => mailbox.waitForCode(email));
    const bearer = { authorization: `Bearer ${owner.accessToken}` };
    const upload = async (name: string, bytes: Uint8Array, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const answer = await fetch(`${url}/api/prefiles`, { method: 'POST', headers: bearer, body: form });
      return ((await answer.json()) as { id: number }).id;
    };
    const signatures = path.join(clone, 'server/src/signatures/demo');
    const prefileIds = [
      await upload('Альбом.pdf', readFileSync(path.join(signatures, 'demo-document.pdf')), 'application/pdf'),
      await upload(
        'Альбом.pdf.sig',
        readFileSync(path.join(signatures, 'demo-document.director.sig')),
        'application/pkcs7-signature',
      ),
    ];
    const filed = await fetch(`${url}/api/statements`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ cipher: '', objectName: 'Дом на свежей машине', address: 'ул. Новая, 1', prefileIds }),
    });
    const refusal = (await filed.json()) as { error: string; message: string };
    check(
      filed.status === 503 &&
        refusal.error === 'service_unavailable' &&
        refusal.message.startsWith('Проверка электронных подписей на этом сервере сейчас недоступна: '),
      'a filing with a signature gets the 503 in Russian',
      `${filed.status} ${JSON.stringify(refusal)}`,
    );
    const after = new DatabaseSync(path.join(dataDir, 'portal.sqlite'), { readOnly: true });
    const stored = Number((after.prepare('select count(*) as n from statements').get() as { n: number }).n);
    after.close();
    check(stored === demo.statements, 'and nothing is stored', `${stored} statements, ${demo.statements} before`);
  } finally {
    if (portal.pid && portal.running()) process.kill(-portal.pid, 'SIGTERM');
    await portal.stop();
    await mailbox.close();
  }

  // 2. Production that requires signatures, without GOST: the start refuses, naming the package.
  const trust = path.join(work, 'trust');
  cpSync(path.join(clone, 'server/src/signatures/demo/trust'), trust, { recursive: true });
  const production = sh('node', ['server/src/server.ts'], clone, {
    ...cloneEnv({
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      DATA_DIR: path.join(work, 'production-data'),
      JWT_SECRET: 'x'.repeat(48),
      PUBLIC_ORIGIN: 'https://portal.example',
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'Портал <no-reply@portal.example>',
      SIGNATURE_TRUST_DIR: trust,
      SIGNATURES_REQUIRED: 'documents',
      COMMITTEE_INN: '7705000010',
      OPENSSL_ENGINES: empty,
      OPENSSL_MODULES: empty,
    }),
    PATH: `${path.join(clone, 'node_modules/.bin')}:${systemPath}`,
  });
  check(
    production.code !== 0 && /libengine-gost-openssl/.test(production.out),
    'production with SIGNATURES_REQUIRED and no GOST refuses to start, naming the engine',
    production.out.slice(-1500),
  );

  // 3. With GOST, as the postinstall left it: every verdict of the test authority.
  const verdicts = sh(
    'npx',
    ['vitest', 'run', '--project', 'server', 'tests/server/signatures.test.ts'],
    clone,
    cloneEnv({}),
  );
  check(
    verdicts.code === 0,
    "with GOST, the clone's signature tests pass: every verdict of the test authority",
    verdicts.out.slice(-3000),
  );
} catch (error) {
  failures.push(String(error));
  console.error(error);
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`fresh-machine: ${failures.length} failed: ${failures.join('; ')}`);
  process.exit(1);
}
console.log("fresh-machine: README's two commands hold on a fresh clone, with GOST and without");
