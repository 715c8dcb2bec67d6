import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_MAIL_SUBJECT } from '../../server/src/auth/login.service.ts';
import { REUSE_GRACE_MS } from '../../server/src/auth/session.service.ts';
import type { deferredMailer } from '../../server/src/mail/outbox.ts';
import { demoUsers, wrongCode } from '../../tools/demo.ts';
import type { TestPortal } from './helpers.ts';
import { cookieFrom, login, refreshLogin, startLogin, startTestPortal, verifyLogin } from './helpers.ts';

const OWNER = demoUsers.owner.email;

let portal: TestPortal;
beforeEach(async () => {
  portal = await startTestPortal();
});
afterEach(async () => {
  await portal.close();
});

/**
 * Waits until every mail the app has queued has reached the sink: the outbox's flush settles with each delivery, and
 * the sink keeps a message before it accepts it. What an answer queued is queued before the answer.
 */
const mailDelivered = () => (portal.app.mailer as ReturnType<typeof deferredMailer>).flush();

describe('login by e-mailed code', () => {
  it('mails a Russian code that logs the owner in and sets an HttpOnly, SameSite=Strict refresh cookie', async () => {
    const started = await startLogin(portal, 'Owner@Demo.Example');
    expect(started.statusCode).toBe(204);
    const code = await portal.mailbox.waitForCode(OWNER);
    const mail = portal.mailbox.messagesTo(OWNER)[0];
    expect(mail?.subject).toBe(LOGIN_MAIL_SUBJECT);
    expect(mail?.text).toContain('Комитет по архитектуре и градостроительству');

    const verified = await verifyLogin(portal, OWNER, code);
    expect(verified.statusCode).toBe(200);
    const setCookie = refreshSetCookie(verified);
    expect(setCookie).toMatch(/^refresh_token=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/authentication');
    expect(verified.body).not.toContain(cookieFrom(verified, 'refresh_token'));

    const { access_token } = verified.json<{ access_token: string }>();
    const me = await portal.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: OWNER,
      role: 'owner',
      isOwner: true,
      isHead: false,
      fio: 'Иванов Иван Иванович',
      company: { legalEntity: 'ООО «СтройПроект»' },
      instance: null,
    });
  });

  it('stores only a hash of the code and marks the user verified on first login', async () => {
    await startLogin(portal, 'employee@demo.example');
    const code = await portal.mailbox.waitForCode('employee@demo.example');
    const row = await portal.db.selectFrom('login_codes').selectAll().executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const verified = async () => {
      const user = await portal.db
        .selectFrom('users')
        .select('is_verify')
        .where('email', '=', 'employee@demo.example')
        .executeTakeFirstOrThrow();
      return Boolean(user.is_verify);
    };
    expect(await verified()).toBe(false);
    expect((await verifyLogin(portal, 'employee@demo.example', code)).statusCode).toBe(200);
    expect(await verified()).toBe(true);
  });

  it('answers an unknown e-mail exactly like a known one and mails nothing', async () => {
    const known = await startLogin(portal, OWNER);
    const unknown = await startLogin(portal, 'stranger@example.org');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await portal.mailbox.waitForCode(OWNER);
    await mailDelivered();
    expect(portal.mailbox.messagesTo('stranger@example.org')).toHaveLength(0);
    const guess = await verifyLogin(portal, 'stranger@example.org', '123456');
    expect(guess.statusCode).toBe(401);
    expect(guess.json()).toMatchObject({ error: 'invalid_code', attempts_left: 4 });
  });

  it('counts wrong codes down; the fifth wrong one ends the code, which then refuses even the right code', async () => {
    await startLogin(portal, OWNER);
    const code = await portal.mailbox.waitForCode(OWNER);
    for (const left of [4, 3, 2, 1]) {
      const response = await verifyLogin(portal, OWNER, wrongCode(code));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'invalid_code', attempts_left: left });
    }
    const fifth = await verifyLogin(portal, OWNER, wrongCode(code));
    expect(fifth.json()).toMatchObject({
      error: 'too_many_attempts',
      message: 'Слишком много неверных попыток. Запросите код заново.',
    });
    const right = await verifyLogin(portal, OWNER, code);
    expect(right.statusCode).toBe(401);
    expect(right.json().error).toBe('too_many_attempts');
  });

  it('lets at most 5 of 50 parallel wrong attempts be compared', async () => {
    await startLogin(portal, OWNER);
    const code = await portal.mailbox.waitForCode(OWNER);
    const responses = await Promise.all(Array.from({ length: 50 }, () => verifyLogin(portal, OWNER, wrongCode(code))));
    const errors = responses.map((r) => r.json<{ error: string }>().error);
    expect(errors.filter((e) => e === 'invalid_code')).toHaveLength(4);
    expect(errors.filter((e) => e === 'too_many_attempts')).toHaveLength(46);
    const compared = await portal.db.selectFrom('login_failures').selectAll().where('email', '=', OWNER).execute();
    expect(compared).toHaveLength(5);
  });

  it('makes one code and one mail for two parallel code requests from one browser', async () => {
    await startLogin(portal, OWNER);
    await portal.mailbox.waitForCode(OWNER);
    portal.clock.advance(61_000);
    const mailsBefore = portal.mailbox.messagesTo(OWNER).length;
    const [a, b] = await Promise.all([startLogin(portal, OWNER), startLogin(portal, OWNER)]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([204, 429]);
    const winner = [a, b].find((answer) => answer?.statusCode === 204);
    await mailDelivered();
    expect(portal.mailbox.messagesTo(OWNER)).toHaveLength(mailsBefore + 1);
    const code = await portal.mailbox.waitForCode(OWNER);
    const attempt = cookieFrom(winner as LightMyRequestResponse, 'login_attempt') ?? undefined;
    expect((await verifyLogin(portal, OWNER, code, attempt)).statusCode).toBe(200);
  });

  it('gives one success to two parallel verifies of the same code', async () => {
    await startLogin(portal, OWNER);
    const code = await portal.mailbox.waitForCode(OWNER);
    const [a, b] = await Promise.all([verifyLogin(portal, OWNER, code), verifyLogin(portal, OWNER, code)]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 401]);
    const again = await verifyLogin(portal, OWNER, code);
    expect(again.json().error).toBe('expired_or_not_started');
  });

  it('refuses a code never started, expired after 10 minutes, or already used', async () => {
    expect((await verifyLogin(portal, OWNER, '000000')).json().error).toBe('expired_or_not_started');
    await startLogin(portal, OWNER);
    const code = await portal.mailbox.waitForCode(OWNER);
    portal.clock.advance(10 * 60 * 1000 + 1000);
    const late = await verifyLogin(portal, OWNER, code);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ error: 'expired_or_not_started', message: 'Код истёк. Отправьте новый.' });
  });

  it('sends one code per e-mail per 60 s; a new code replaces the old one', async () => {
    await startLogin(portal, OWNER);
    const first = await portal.mailbox.waitForCode(OWNER);
    const soon = await startLogin(portal, OWNER);
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(soon.json().error).toBe('too_many_requests');
    const before = await portal.db.selectFrom('login_codes').selectAll().executeTakeFirstOrThrow();
    portal.clock.advance(61_000);
    expect((await startLogin(portal, OWNER)).statusCode).toBe(204);
    const second = await portal.mailbox.waitForCode(OWNER);
    const after = await portal.db.selectFrom('login_codes').selectAll().executeTakeFirstOrThrow();
    expect(after.code_hash).not.toBe(before.code_hash);
    expect(after.created_at).not.toBe(before.created_at);
    if (first !== second) expect((await verifyLogin(portal, OWNER, first)).json().error).toBe('invalid_code');
    expect((await verifyLogin(portal, OWNER, second)).statusCode).toBe(200);
  });

  it('keeps a per-account budget of wrong codes across resends', async () => {
    const at = new Date(portal.clock.now).toISOString();
    await portal.db
      .insertInto('login_failures')
      .values(Array.from({ length: 100 }, () => ({ email: OWNER, created_at: at })))
      .execute();
    await startLogin(portal, OWNER);
    const code = await portal.mailbox.waitForCode(OWNER);
    expect((await verifyLogin(portal, OWNER, code)).json().error).toBe('too_many_attempts');
    portal.clock.advance(61 * 60 * 1000);
    await startLogin(portal, OWNER);
    const fresh = await portal.mailbox.waitForCode(OWNER);
    expect((await verifyLogin(portal, OWNER, fresh)).statusCode).toBe(200);
  });

  it('rejects a malformed code or e-mail with a Russian 400', async () => {
    const badCode = await verifyLogin(portal, OWNER, '12ab56');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toMatch(/^Некорректные данные запроса/);
    const badEmail = await startLogin(portal, 'not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain('некорректный адрес электронной почты');
  });
});

describe('code requests per IP', () => {
  it('limits code requests per client IP, ignoring X-Forwarded-For, trusting X-Real-IP only from the proxy', async () => {
    await portal.close();
    portal = await startTestPortal({ LOGIN_IP_LIMIT: '3', TRUST_PROXY: '127.0.0.1' });
    const emails = ['a@example.org', 'b@example.org', 'c@example.org', 'd@example.org'];
    const statuses = [];
    for (const email of emails) {
      statuses.push(
        (
          await startLogin(portal, email, {
            'x-real-ip': '203.0.113.5',
            'x-forwarded-for': `198.51.100.${statuses.length}`,
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
    const other = await startLogin(portal, 'e@example.org', { 'x-real-ip': '203.0.113.6' });
    expect(other.statusCode).toBe(204);
  });

  it('ignores X-Real-IP from a peer that is not the configured proxy', async () => {
    await portal.close();
    portal = await startTestPortal({ LOGIN_IP_LIMIT: '2', TRUST_PROXY: '10.9.9.9' });
    const statuses = [];
    for (const [index, email] of ['a@example.org', 'b@example.org', 'c@example.org'].entries()) {
      statuses.push((await startLogin(portal, email, { 'x-real-ip': `203.0.113.${index}` })).statusCode);
    }
    expect(statuses).toEqual([204, 204, 429]);
  });
});

describe('refresh and logout', () => {
  const refresh = (token: string, headers?: Record<string, string>) => refreshLogin(portal, token, headers);

  it('rotates the refresh token; replaying a rotated one revokes the whole family', async () => {
    const { refreshToken } = await login(portal, OWNER);
    const first = await refresh(refreshToken);
    expect(first.statusCode).toBe(200);
    expect(first.json().access_token).toEqual(expect.any(String));
    // The user comes with the token, as GET /api/users/me answers it: a page needs one call to start.
    const me = await portal.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${first.json().access_token}` },
    });
    expect(first.json().user).toEqual(me.json());
    expect(first.json().user).toMatchObject({ email: OWNER.toLowerCase(), role: 'owner', isOwner: true });
    const rotated = cookieFrom(first, 'refresh_token');
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(refreshToken);

    // Past the grace for a lost answer, presenting the spent token again is a replay.
    portal.clock.advance(REUSE_GRACE_MS + 1000);
    const replay = await refresh(refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('invalid_refresh_token');
    // The family is revoked: even the legitimate newest token no longer works.
    expect((await refresh(rotated as string)).statusCode).toBe(401);
  });

  it('answers a spent token again within 15 s if its successor was never used (a refresh cut off by navigation)', async () => {
    const { refreshToken } = await login(portal, OWNER);
    const lost = cookieFrom(await refresh(refreshToken), 'refresh_token') as string;
    portal.clock.advance(REUSE_GRACE_MS - 1000);
    const again = await refresh(refreshToken);
    expect(again.statusCode).toBe(200);
    const current = cookieFrom(again, 'refresh_token') as string;
    expect(current).not.toBe(lost);
    // The login goes on with the new token; the lost one, shown after the grace, is a replay that ends it.
    const next = cookieFrom(await refresh(current), 'refresh_token') as string;
    portal.clock.advance(REUSE_GRACE_MS + 1000);
    expect((await refresh(lost)).statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(401);
  });

  it('treats a spent token as a replay once its successor was used, even within the grace', async () => {
    const { refreshToken } = await login(portal, OWNER);
    const next = cookieFrom(await refresh(refreshToken), 'refresh_token') as string;
    const newest = cookieFrom(await refresh(next), 'refresh_token') as string;
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    expect((await refresh(newest)).statusCode).toBe(401);
  });

  it('issues a 15-minute access token; a refresh without a cookie is 401', async () => {
    const { accessToken } = await login(portal, OWNER);
    const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(15 * 60);
    const bare = await portal.app.inject({ method: 'POST', url: '/api/authentication/refresh' });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().error).toBe('invalid_refresh_token');
  });

  it('ends a session 30 days after login even when used every day', async () => {
    let { refreshToken } = await login(portal, OWNER);
    for (let day = 0; day < 29; day++) {
      portal.clock.advance(24 * 60 * 60 * 1000);
      const response = await refresh(refreshToken);
      expect(response.statusCode, `day ${day + 1}`).toBe(200);
      refreshToken = cookieFrom(response, 'refresh_token') as string;
      // The cookie never outlives the login it belongs to.
      const maxAge = response.cookies.find((c) => c.name === 'refresh_token')?.maxAge ?? 0;
      expect(maxAge).toBe((30 - day - 1) * 24 * 60 * 60);
    }
    portal.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('expires a session idle for 7 days', async () => {
    const { refreshToken } = await login(portal, OWNER);
    portal.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('refuses foreign origins and cross-site requests with 403, and GET with 405', async () => {
    const { refreshToken } = await login(portal, OWNER);
    expect((await refresh(refreshToken, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await refresh(refreshToken, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const logoutForeign = await portal.app.inject({
      method: 'POST',
      url: '/api/authentication/logout',
      headers: { origin: 'https://evil.example' },
      cookies: { refresh_token: refreshToken },
    });
    expect(logoutForeign.statusCode).toBe(403);
    const get = await portal.app.inject({ method: 'GET', url: '/api/authentication/refresh' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const sameOrigin = await refresh(refreshToken, { origin: 'http://localhost:8080', host: 'localhost:8080' });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const { refreshToken } = await login(portal, OWNER);
    const out = await portal.app.inject({
      method: 'POST',
      url: '/api/authentication/logout',
      cookies: { refresh_token: refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/refresh_token=;.*Expires=Thu, 01 Jan 1970/);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });
});

describe('production cookie', () => {
  it('uses the __Secure- prefix and the Secure flag', async () => {
    await portal.close();
    portal = await startTestPortal({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://agr.example.ru' });
    await startLogin(portal, OWNER);
    const code = await portal.mailbox.waitForCode(OWNER);
    const verified = await verifyLogin(portal, OWNER, code);
    const setCookie = refreshSetCookie(verified);
    expect(setCookie).toMatch(/^__Secure-refresh_token=/);
    expect(setCookie).toContain('Secure');
    const token = cookieFrom(verified, '__Secure-refresh_token') as string;
    const refreshed = await portal.app.inject({
      method: 'POST',
      url: '/api/authentication/refresh',
      cookies: { '__Secure-refresh_token': token },
    });
    expect(refreshed.statusCode).toBe(200);
  });
});

/** The Set-Cookie line of the refresh cookie (verify also clears the login attempt's cookie). */
function refreshSetCookie(response: LightMyRequestResponse): string {
  const lines = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return lines.find((line) => /^(__Secure-)?refresh_token=/.test(line)) ?? '';
}
