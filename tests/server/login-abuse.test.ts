// Login abuse (SECURITY.md): the login-code rules of docs/product.md «Login codes and sessions» that
// tests/server/authentication.test.ts does not already pin, tried the way an attacker would. The timing of known and
// unknown e-mails is in security-findings.test.ts.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS } from '../../server/src/auth/login.service.ts';
import { REUSE_GRACE_MS } from '../../server/src/auth/session.service.ts';
import type { deferredMailer } from '../../server/src/mail/outbox.ts';
import { demoUsers, wrongCode } from '../../tools/demo.ts';
import type { TestPortal } from './helpers.ts';
import { cookieFrom, login, refreshLogin, startLogin, startTestPortal, verifyLogin } from './helpers.ts';

const OWNER = demoUsers.owner.email;
const STRANGER = 'stranger@example.org';

let portal: TestPortal;
beforeEach(async () => {
  portal = await startTestPortal({ LOGIN_IP_LIMIT: '1000' });
});
afterEach(async () => {
  await portal.close();
});

/**
 * Waits until every mail the app has queued has reached the sink: the outbox's flush settles with each delivery, and
 * the sink keeps a message before it accepts it. What an answer queued is queued before the answer.
 */
const mailDelivered = () => (portal.app.mailer as ReturnType<typeof deferredMailer>).flush();

async function mailedCode(email: string): Promise<string> {
  const started = await startLogin(portal, email);
  expect(started.statusCode).toBe(204);
  return portal.mailbox.waitForCode(email.trim().toLowerCase());
}

describe('a code lives exactly 10 minutes', () => {
  it('logs in at 9:59 and is expired at 10:00 (fake clock)', async () => {
    const code = await mailedCode(OWNER);
    portal.clock.advance(CODE_LIFETIME_MS - 1000);
    expect((await verifyLogin(portal, OWNER, code)).statusCode).toBe(200);

    portal.clock.advance(61_000);
    const next = await mailedCode(OWNER);
    portal.clock.advance(CODE_LIFETIME_MS);
    const late = await verifyLogin(portal, OWNER, next);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: 'expired_or_not_started', message: 'Код истёк. Отправьте новый.' });
    // An expired code costs no attempt and is not counted against the account.
    const failures = await portal.db.selectFrom('login_failures').selectAll().execute();
    expect(failures).toHaveLength(0);
  });

  it('expires a wrong guess the same way at 10:00, so a guesser learns nothing from it', async () => {
    const code = await mailedCode(OWNER);
    portal.clock.advance(CODE_LIFETIME_MS);
    const wrong = await verifyLogin(portal, OWNER, wrongCode(code));
    const right = await verifyLogin(portal, OWNER, code);
    expect(wrong.json()).toEqual(right.json());
  });
});

describe('single use', () => {
  it('gives exactly one success to 20 parallel verifies of the right code', async () => {
    const code = await mailedCode(OWNER);
    const answers = await Promise.all(Array.from({ length: 20 }, () => verifyLogin(portal, OWNER, code)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 401)) {
      expect(['expired_or_not_started', 'too_many_attempts']).toContain(answer.json().error);
    }
    // One login, one refresh family.
    const families = await portal.db.selectFrom('refresh_tokens').select('family_id').distinct().execute();
    expect(families).toHaveLength(1);
    expect((await verifyLogin(portal, OWNER, code)).json().error).toBe('expired_or_not_started');
  });
});

describe('a new code voids the old one', () => {
  it('refuses the first code after a resend, even before the first expired, and counts the attempt', async () => {
    const first = await mailedCode(OWNER);
    portal.clock.advance(61_000);
    const second = await mailedCode(OWNER);
    // Both codes are random: in one case in a million they are the same, and then the old one is the new one.
    if (first !== second) {
      const old = await verifyLogin(portal, OWNER, first);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toMatchObject({ error: 'invalid_code', attempts_left: 4 });
    }
    expect((await verifyLogin(portal, OWNER, second)).statusCode).toBe(200);
  });

  it('resets the attempts with the new code, while the hourly budget keeps counting', async () => {
    const first = await mailedCode(OWNER);
    for (let i = 1; i <= 5; i++) await verifyLogin(portal, OWNER, wrongCode(first, i));
    expect((await verifyLogin(portal, OWNER, first)).json().error).toBe('too_many_attempts');
    portal.clock.advance(61_000);
    const second = await mailedCode(OWNER);
    const wrong = await verifyLogin(portal, OWNER, wrongCode(second));
    expect(wrong.json()).toMatchObject({ error: 'invalid_code', attempts_left: 4 });
    const failures = await portal.db.selectFrom('login_failures').selectAll().where('email', '=', OWNER).execute();
    expect(failures).toHaveLength(6);
  });
});

describe('the resend limit', () => {
  it('answers 429 with a Retry-After that counts down to the end of the 60 s, for known and unknown e-mails alike', async () => {
    for (const email of [OWNER, STRANGER]) {
      expect((await startLogin(portal, email)).statusCode).toBe(204);
    }
    portal.clock.advance(20_000);
    const known = await startLogin(portal, OWNER);
    const unknown = await startLogin(portal, STRANGER);
    for (const answer of [known, unknown]) {
      expect(answer.statusCode).toBe(429);
      expect(answer.headers['retry-after']).toBe('40');
      expect(answer.json()).toEqual({
        error: 'too_many_requests',
        message: 'Код уже отправлен. Повторить можно через 40 с.',
      });
    }
    portal.clock.advance(39_000);
    expect((await startLogin(portal, OWNER)).headers['retry-after']).toBe('1');
    portal.clock.advance(1000);
    expect((await startLogin(portal, OWNER)).statusCode).toBe(204);
    await portal.mailbox.waitForCode(OWNER);
    await portal.mailbox.waitForCode(OWNER);
  });

  it('lets a flood of parallel requests for one e-mail from one network send at most five mails', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => startLogin(portal, OWNER)));
    expect(answers.filter((answer) => answer.statusCode === 204)).toHaveLength(portal.config.loginEmailLimit);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(30 - portal.config.loginEmailLimit);
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json().message).toMatch(/^Слишком много запросов кода для этого адреса/);
    }
    await portal.mailbox.waitForCode(OWNER);
    await mailDelivered();
    expect(portal.mailbox.messagesTo(OWNER)).toHaveLength(portal.config.loginEmailLimit);
  });
});

describe('unknown e-mails look like known ones', () => {
  it('gives the same statuses, bodies and headers through the whole flow: start, wrong codes, lock-out, expiry', async () => {
    const code = await mailedCode(OWNER);
    expect((await startLogin(portal, STRANGER)).statusCode).toBe(204);
    const strip = (headers: Record<string, unknown>) =>
      Object.keys(headers)
        .filter((name) => !['date', 'content-length'].includes(name))
        .sort();
    for (let i = 1; i <= 6; i++) {
      const known = await verifyLogin(portal, OWNER, wrongCode(code, i));
      const unknown = await verifyLogin(portal, STRANGER, wrongCode(code, i));
      expect(unknown.statusCode, `attempt ${i}`).toBe(known.statusCode);
      expect(unknown.json(), `attempt ${i}`).toEqual(known.json());
      expect(strip(unknown.headers), `attempt ${i}`).toEqual(strip(known.headers));
    }
    portal.clock.advance(CODE_LIFETIME_MS);
    const known = await verifyLogin(portal, OWNER, code);
    const unknown = await verifyLogin(portal, STRANGER, code);
    expect(unknown.json()).toEqual(known.json());
    // No mail ever went to the unknown address; the right code of the unknown challenge is unknowable.
    expect(portal.mailbox.messagesTo(STRANGER)).toHaveLength(0);
  });

  it('never logs in an unknown e-mail, whatever code is tried', async () => {
    expect((await startLogin(portal, STRANGER)).statusCode).toBe(204);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await verifyLogin(portal, STRANGER, String(i).repeat(6)));
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(await portal.db.selectFrom('refresh_tokens').selectAll().execute()).toHaveLength(0);
  });
});

describe('the code is never stored as it is', () => {
  it('keeps no trace of the mailed code, nor an unkeyed hash of it, in any login table', async () => {
    const code = await mailedCode(OWNER);
    await verifyLogin(portal, OWNER, wrongCode(code));
    const tables = ['login_codes', 'login_failures', 'rate_limits', 'refresh_tokens'] as const;
    const dump = JSON.stringify(
      await Promise.all(tables.map((table) => portal.db.selectFrom(table).selectAll().execute())),
    );
    expect(dump).not.toContain(code);
    const row = await portal.db
      .selectFrom('login_codes')
      .selectAll()
      .where('email', '=', OWNER)
      .executeTakeFirstOrThrow();
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    // An unkeyed hash of six digits is undone by trying all million: the stored value must need the server key.
    for (const guessable of [code, `${OWNER}\n${code}`, `${OWNER}${code}`, `${code}${OWNER}`]) {
      expect(row.code_hash).not.toBe(sha256(guessable));
    }
    // Nor is it in the mail log of the server: the sink is the only place the code went.
    expect(portal.mailbox.messagesTo(OWNER)).toHaveLength(1);
  });
});

describe('refresh tokens', () => {
  const refresh = (token: string, headers?: Record<string, string>) => refreshLogin(portal, token, headers);

  it('revokes only the replayed family: the same person logged in on another device keeps that session', async () => {
    const laptop = await login(portal, OWNER);
    portal.clock.advance(61_000);
    const phone = await login(portal, OWNER);
    const rotated = cookieFrom(await refresh(laptop.refreshToken), 'refresh_token') as string;
    portal.clock.advance(REUSE_GRACE_MS + 1000);
    // A thief replays the laptop's spent token: the laptop's family ends, the phone's does not.
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(401);
    expect((await refresh(rotated)).statusCode).toBe(401);
    const phoneNext = await refresh(phone.refreshToken);
    expect(phoneNext.statusCode).toBe(200);
    const revoked = await portal.db.selectFrom('refresh_tokens').select(['family_id', 'revoked_at']).execute();
    const families = new Map<string, boolean>();
    for (const row of revoked)
      families.set(row.family_id, (families.get(row.family_id) ?? false) || row.revoked_at !== null);
    expect([...families.values()].sort()).toEqual([false, true]);
  });

  it('rotates on every refresh: each token works once, the newest only', async () => {
    let { refreshToken } = await login(portal, OWNER);
    const seen = new Set([refreshToken]);
    for (let i = 0; i < 5; i++) {
      portal.clock.advance(60_000);
      const answer = await refresh(refreshToken);
      expect(answer.statusCode).toBe(200);
      refreshToken = cookieFrom(answer, 'refresh_token') as string;
      expect(seen.has(refreshToken)).toBe(false);
      seen.add(refreshToken);
    }
    // Tokens are stored only as hashes.
    const stored = JSON.stringify(await portal.db.selectFrom('refresh_tokens').selectAll().execute());
    for (const token of seen) expect(stored).not.toContain(token);
  });
});

describe('CSRF on the cookie-authenticated calls', () => {
  const call = (url: string, token: string, headers: Record<string, string>) =>
    portal.app.inject({ method: 'POST', url, cookies: { refresh_token: token }, headers });

  it('refuses cross-site and foreign-origin refresh and logout with 403, and changes nothing', async () => {
    const { refreshToken } = await login(portal, OWNER);
    const hostile: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:80.evil.example', host: 'localhost:80' },
      { origin: 'https://localhost', host: 'localhost:8080' },
      { origin: 'not a url' },
    ];
    for (const url of ['/api/authentication/refresh', '/api/authentication/logout']) {
      for (const headers of hostile) {
        const answer = await call(url, refreshToken, headers);
        expect(answer.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(answer.json()).toEqual({ error: 'forbidden_origin', message: 'Запрос с чужого сайта отклонён' });
        expect(answer.headers['set-cookie'], url).toBeUndefined();
      }
      const get = await portal.app.inject({ method: 'GET', url, cookies: { refresh_token: refreshToken } });
      expect(get.statusCode).toBe(405);
    }
    // Nothing was rotated or revoked by the refused calls: the token still refreshes.
    const rows = await portal.db.selectFrom('refresh_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revoked_at).toBeNull();
    expect(
      (await call('/api/authentication/refresh', refreshToken, { 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
  });

  it('with PUBLIC_ORIGIN set, accepts only that origin', async () => {
    await portal.close();
    portal = await startTestPortal({ PUBLIC_ORIGIN: 'https://agr.example.ru' });
    const { refreshToken } = await login(portal, OWNER);
    const sameHostOtherScheme = await call('/api/authentication/refresh', refreshToken, {
      origin: 'http://agr.example.ru',
      host: 'agr.example.ru',
    });
    expect(sameHostOtherScheme.statusCode).toBe(403);
    const own = await call('/api/authentication/refresh', refreshToken, { origin: 'https://agr.example.ru' });
    expect(own.statusCode).toBe(200);
  });
});

describe('one account per e-mail, however it is typed', () => {
  it('maps case and surrounding whitespace variants to one account and one code', async () => {
    const variants = ['OWNER@DEMO.EXAMPLE', '  owner@demo.example', 'Owner@Demo.Example\t', ' oWnEr@dEmO.eXaMpLe '];
    const started = await startLogin(portal, variants[0] as string);
    expect(started.statusCode).toBe(204);
    const code = await portal.mailbox.waitForCode(OWNER);
    // Every variant is the same e-mail for the resend limit.
    for (const variant of variants.slice(1)) {
      expect((await startLogin(portal, variant)).statusCode, JSON.stringify(variant)).toBe(429);
    }
    const verified = await verifyLogin(portal, variants[3] as string, code);
    expect(verified.statusCode).toBe(200);
    const me = await portal.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${verified.json().access_token}` },
    });
    expect(me.json().email).toBe(OWNER);
    expect(await portal.db.selectFrom('login_codes').selectAll().execute()).toHaveLength(1);
  });

  it.each([
    ['Cyrillic а in the domain', 'owner@demo.ex\u0430mple'],
    ['Cyrillic о in the name', '\u043ewner@demo.example'],
    ['Cyrillic е, a whole lookalike', 'd\u0435mo@\u0430pp.ru'],
    ['fullwidth letters', '\uff4fwner@demo.example'],
    ['fullwidth at sign', 'owner\uff20demo.example'],
    ['Kelvin sign for k', 'ma\u212Ae@demo.example'],
    ['long s for s', 'u\u017Fer@demo.example'],
    ['dotless i', 'adm\u0131n@demo.example'],
    ['zero-width space', 'owner\u200b@demo.example'],
    ['combining acute', 'owne\u0301r@demo.example'],
    ['right-to-left override', 'owner@demo.example\u202e'],
  ])('refuses a lookalike (%s) with a clear 400, never a code or another account', async (_what, email) => {
    for (const answer of [await startLogin(portal, email), await verifyLogin(portal, email, '123456')]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        error: 'validation_error',
        message: 'Некорректные данные запроса: некорректный адрес электронной почты',
        field: 'email',
      });
    }
    expect(await portal.db.selectFrom('login_codes').selectAll().execute()).toHaveLength(0);
    await mailDelivered();
    expect(portal.mailbox.messages).toHaveLength(0);
  });
});
