import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { createDatabase } from '../../server/src/db/database.ts';
import { createMailer } from '../../server/src/mail/mailer.ts';
import type { FileStore } from '../../server/src/storage/file-store.ts';
import { startTestPortal, type TestPortal } from './helpers.ts';

let portal: TestPortal;
beforeEach(async () => {
  portal = await startTestPortal();
});
afterEach(async () => {
  await portal.close();
});

const get = (app: TestPortal['app'], url: string) => app.inject({ method: 'GET', url });

describe('health', () => {
  it('answers liveness and readiness without a login, and leaves no probe in the file store', async () => {
    const live = await get(portal.app, '/api/health');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await get(portal.app, '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', unavailable: [] });
  });

  it('is not ready (503 service_unavailable) while the database or the file store fails, yet stays alive', async () => {
    const broken: FileStore = {
      description: 'a broken disk',
      ready: async () => {
        throw new Error('disk gone');
      },
      put: async () => {
        throw new Error('disk gone');
      },
      get: async () => {
        throw new Error('disk gone');
      },
      remove: async () => undefined,
      exists: async () => false,
      list: async function* () {},
    };
    // A database nobody listens for: every query fails (connection refused).
    const closedDb = createDatabase({
      databaseUrl: 'postgres://portal:none@127.0.0.1:1/none',
      dataDir: portal.config.dataDir,
    });
    for (const [db, files, what] of [
      [portal.db, broken, 'хранилище файлов'],
      [closedDb, undefined, 'база данных'],
    ] as const) {
      const app = await buildApp({
        config: portal.config,
        db,
        files,
        mailer: createMailer(portal.config.smtpUrl, portal.config.mailFrom),
      });
      try {
        const ready = await get(app, '/api/health/ready');
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ error: 'service_unavailable' });
        expect(ready.json().message).toContain(what);
        expect((await get(app, '/api/health')).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    }
    await closedDb.destroy();
  });
});
