// A server whose OpenSSL verifies no GOST signature (no engine, no provider: a fresh machine where packages cannot be
// installed): it starts with the whole demo, says what is missing, and refuses only what it cannot do, with a 503
// (docs/operations.md «Signatures on a machine without GOST»). And what the start reads of the trust directory.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { DEMO_SIGNATURES_DIR, DEMO_TRUST_DIR } from '../../server/src/demo-trust.ts';
import { createMailer } from '../../server/src/mail/mailer.ts';
import { DEMO_PDF, seedDemo } from '../../server/src/seed/demo.ts';
import { createServiceContext } from '../../server/src/service-context.ts';
import {
  openSignatureChecker,
  SIGNATURES_UNAVAILABLE_MESSAGE,
  trustedChecker,
} from '../../server/src/signatures/checker.ts';
import type { NoGost } from '../../server/src/signatures/openssl.ts';
import { loadTrustStore } from '../../server/src/signatures/signature.ts';
import { createFileStore } from '../../server/src/storage/create-file-store.ts';
import { type FileStore, withPut } from '../../server/src/storage/file-store.ts';
import { demoUsers } from '../../tools/demo.ts';
import { freePort } from '../../tools/free-port.ts';
import {
  createTestDatabase,
  login,
  startTestPortal,
  type TestPortal,
  uploadPrefile,
  usingPostgres,
} from './helpers.ts';

const run = promisify(execFile);
const NO_GOST: NoGost = { source: null, detail: 'OpenSSL 3.0.19 не проверяет подпись ГОСТ ни провайдером, ни движком' };

describe('a portal whose OpenSSL has no GOST', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    const checker = trustedChecker(loadTrustStore(DEMO_TRUST_DIR, NO_GOST));
    portal = await startTestPortal({}, { signatures: checker });
  }, 60_000);
  afterAll(async () => {
    await portal.close();
  });

  it('is ready, degraded: readiness names the signature check', async () => {
    const ready = await portal.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'degraded',
      unavailable: [
        {
          check: 'signatures',
          message: 'Проверка электронных подписей недоступна: у OpenSSL нет движка ГОСТ (libengine-gost-openssl)',
        },
      ],
    });
  });

  it('answers a filing with a signature 503 in Russian, stores nothing, and files the same documents without it', async () => {
    const { accessToken } = await login(portal, demoUsers.owner.email);
    const bearer = { authorization: `Bearer ${accessToken}` };
    const signature = await readFile(path.join(DEMO_SIGNATURES_DIR, 'demo-document.director.sig'));
    const album = (await uploadPrefile(portal, accessToken, 'Альбом.pdf', DEMO_PDF)).json() as { id: number };
    const sig = (
      await uploadPrefile(portal, accessToken, 'Альбом.pdf.sig', signature, 'application/pkcs7-signature')
    ).json() as { id: number };
    const statements = async () => (await portal.db.selectFrom('statements').select('id').execute()).length;
    const before = await statements();
    const filing = { cipher: '', objectName: 'Дом без проверки подписей', address: 'ул. Тестовая, 1' };
    const refused = await portal.app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: bearer,
      payload: { ...filing, prefileIds: [album.id, sig.id] },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: 'service_unavailable', message: SIGNATURES_UNAVAILABLE_MESSAGE });
    expect(SIGNATURES_UNAVAILABLE_MESSAGE).toMatch(
      /^Проверка электронных подписей на этом сервере сейчас недоступна: /,
    );
    expect(await statements()).toBe(before);
    // The uploads are still the user's to file: the same album, now without its signature.
    const filed = await portal.app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: bearer,
      payload: { ...filing, prefileIds: [album.id] },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(await statements()).toBe(before + 1);
  });
});

describe("the start's reading of signatures", () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-config-')), JWT_SECRET: 'x'.repeat(40), ...env });

  it('outside production with the demo authority: starts, and its line names the package and the command', async () => {
    const opened = await openSignatureChecker(config({}).signatures, false, Promise.resolve(NO_GOST));
    expect(opened.state).toEqual({ available: false, detail: NO_GOST.detail });
    expect(opened.line).toContain('sudo apt-get install libengine-gost-openssl');
    expect(opened.line).toContain('(ответ 503)');
  });

  it('refuses to start without GOST in production, with SIGNATURES_REQUIRED, or with a trust directory of its own', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'portal-trust-'));
    await copyFile(path.join(DEMO_TRUST_DIR, 'root.pem'), path.join(own, 'root.pem'));
    const cases: Array<[string, Record<string, string>, boolean]> = [
      [
        'production',
        { SIGNATURE_TRUST_DIR: own, COMMITTEE_INN: '7705000010', PUBLIC_ORIGIN: 'https://portal.example' },
        true,
      ],
      ['SIGNATURES_REQUIRED', { SIGNATURES_REQUIRED: 'documents' }, false],
      ['SIGNATURE_TRUST_DIR', { SIGNATURE_TRUST_DIR: own }, false],
    ];
    for (const [what, env, production] of cases) {
      const settings = { ...config(env).signatures };
      await expect(openSignatureChecker(settings, production, Promise.resolve(NO_GOST)), what).rejects.toThrow(
        /у OpenSSL нет движка ГОСТ.*sudo apt-get install libengine-gost-openssl/,
      );
    }
    rmSync(own, { recursive: true, force: true });
  });

  it('stops the start at a file of the trust directory that is neither a certificate nor a CRL, naming it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-trust-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-junk-'));
    try {
      for (const name of ['root.pem', 'intermediate.pem', 'intermediate.crl']) {
        await copyFile(path.join(DEMO_TRUST_DIR, name), path.join(dir, name));
      }
      await writeFile(path.join(dir, 'notes.txt'), 'Сертификаты УЦ положить сюда\n');
      const started = await run(process.execPath, [path.join(import.meta.dirname, '../../server/src/server.ts')], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          SIGNATURE_TRUST_DIR: dir,
          NODE_ENV: 'development',
          DATABASE_URL: '',
        },
        timeout: 60_000,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      );
      expect(started.code).toBe(1);
      expect(started.stderr).toMatch(/^Не удалось запустить портал: SIGNATURE_TRUST_DIR: .*notes\.txt/m);
      // Stopped before anything was opened: no database was made.
      expect(readdirSync(dataDir)).not.toContain('portal.sqlite');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('the demo seed', () => {
  it('is all or nothing: a seed that fails leaves no user, statement or file, and the next one seeds the whole demo', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-seed-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(40),
      ...(usingPostgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {}),
    });
    const db = await createTestDatabase(dataDir);
    try {
      const store = createFileStore(config);
      let puts = 0;
      // The disk fills up at the demo's tenth file.
      const failing = withPut(store, async (key, source, maxBytes) => {
        puts += 1;
        if (puts === 10) throw new Error('ENOSPC: no space left on device');
        return store.put(key, source, maxBytes);
      });
      const context = (files: FileStore) =>
        createServiceContext({
          config,
          db,
          mailer: createMailer(null, config.mailFrom),
          files,
          logError: (error) => {
            throw error;
          },
        });
      await expect(seedDemo(context(failing))).rejects.toThrow(/ENOSPC/);
      const count = async (table: 'users' | 'statements' | 'companies' | 'files') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect({
        users: await count('users'),
        companies: await count('companies'),
        statements: await count('statements'),
      }).toEqual({
        users: 0,
        companies: 0,
        statements: 0,
      });
      const kept: string[] = [];
      for await (const entry of store.list()) kept.push(entry.name);
      expect(kept).toEqual([]);
      expect(await seedDemo(context(store))).toBe(true);
      // The company's two, the committee's three and the outside reviewing body's member.
      expect(await count('users')).toBe(6);
      expect(await count('statements')).toBeGreaterThanOrEqual(7);
    } finally {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
