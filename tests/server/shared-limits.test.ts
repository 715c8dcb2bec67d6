import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { hitLimit } from '../../server/src/limits/limits.service.ts';
import { createMailer } from '../../server/src/mail/mailer.ts';
import { startLogin, startTestPortal, type TestPortal } from './helpers.ts';

let portal: TestPortal;
beforeEach(async () => {
  portal = await startTestPortal({ LOGIN_IP_LIMIT: '3' });
});
afterEach(async () => {
  await portal.close();
});

describe('limits shared through the database', () => {
  it('counts code requests per IP across two API instances on one database', async () => {
    const second = await buildApp({
      config: portal.config,
      db: portal.db,
      mailer: createMailer(portal.config.smtpUrl, portal.config.mailFrom),
      now: () => new Date(portal.clock.now),
    });
    try {
      await second.ready();
      const viaSecond = (email: string) =>
        second.inject({ method: 'POST', url: '/api/authentication/start-email-login', payload: { email } });
      const statuses = [
        (await startLogin(portal, 'a@example.org')).statusCode,
        (await viaSecond('b@example.org')).statusCode,
        (await startLogin(portal, 'c@example.org')).statusCode,
      ];
      const refused = await viaSecond('d@example.org');
      expect(statuses).toEqual([204, 204, 204]);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe('too_many_requests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect((await startLogin(portal, 'e@example.org')).statusCode).toBe(429);

      // The window ends for both instances at once.
      portal.clock.advance(600_000);
      expect((await viaSecond('f@example.org')).statusCode).toBe(204);
    } finally {
      await second.close();
    }
  });

  it('lets exactly the limit through when hits arrive in parallel, and answers the seconds left', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitLimit(portal.ctx, 'test:parallel', 5, 60_000)),
    );
    expect(results.filter((seconds) => seconds === 0)).toHaveLength(5);
    expect(results.filter((seconds) => seconds === 60)).toHaveLength(15);
    portal.clock.advance(30_500);
    expect(await hitLimit(portal.ctx, 'test:parallel', 5, 60_000)).toBe(30);
    expect(await hitLimit(portal.ctx, 'test:other', 5, 60_000)).toBe(0);
    portal.clock.advance(30_000);
    expect(await hitLimit(portal.ctx, 'test:parallel', 5, 60_000)).toBe(0);
  });
});
