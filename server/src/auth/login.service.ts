import { randomInt } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { ApiError, apiError } from '../errors.ts';
import { hitLimit } from '../limits/limits.service.ts';
import { normalizeEmail } from '../users/user.ts';
import { findUserByEmail, findUserById, markUserVerified } from '../users/users.service.ts';
import {
  consumeLoginCode,
  countAttempt,
  countLoginFailuresSince,
  endAttempt,
  findLoginCode,
  insertLoginCode,
  pruneLoginData,
  recordLoginFailure,
} from './login-codes.repository.ts';
import { hashLoginCode, randomToken, sameDigest, sha256 } from './tokens.ts';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
const RESEND_INTERVAL_MS = 60 * 1000;
const MAX_ATTEMPTS = 5;
const ACCOUNT_FAILURE_BUDGET = 100;

const BUDGET_WINDOW_MS = 60 * 60 * 1000;

export const LOGIN_MAIL_SUBJECT = 'Код входа на портал согласования АГР';

/** The Russian text of the code mail; the code is its only six-digit number. */
function loginCodeMail(code: string): string {
  return [
    'Здравствуйте!',
    '',
    'Код для входа на портал дистанционного согласования архитектурно-градостроительного решения:',
    '',
    `    ${code}`,
    '',
    'Код действует 10 минут и подходит для одного входа. Никому его не сообщайте.',
    'Если вы не запрашивали вход, просто не обращайте внимания на это письмо.',
    '',
    'Комитет по архитектуре и градостроительству',
  ].join('\n');
}

/** Seconds until `at` (an ISO time), at least 1, for `Retry-After` and the Russian wait message. */
function secondsUntil(at: number, now: Date): number {
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

function tooSoon(seconds: number, message: string): ApiError {
  return new ApiError('too_many_requests', { message, headers: { 'Retry-After': String(seconds) } });
}

/**
 * Starts a login attempt and answers its token, which only the starting browser holds (the `login_attempt` cookie):
 * the code mailed belongs to that attempt, and only that browser can spend its guesses (docs/product.md «Login codes
 * and sessions»). `presented` is the browser's previous attempt token, if any: the same browser waits 60 s between
 * codes for one e-mail, and its previous attempt ends. Another browser's start voids nothing. The same answer for
 * known and unknown e-mails: an unknown one gets an attempt no mail reveals, so verify looks the same for it too. Mail
 * is sent after answering (deferredMailer), so timing reveals nothing either.
 */
export async function startEmailLogin(
  ctx: ServiceContext,
  rawEmail: string,
  source: string,
  presented?: string,
): Promise<string> {
  const email = normalizeEmail(rawEmail);
  const now = ctx.now();
  if (presented) {
    // The same browser asks again: 60 s after its previous code, and one of parallel requests only (the counter is
    // atomic and shared by every API process). Its previous attempt then ends.
    const previousHash = sha256(presented);
    const previous = await findLoginCode(ctx.db, previousHash);
    const madeAt = previous?.email === email ? Date.parse(previous.created_at) : null;
    if (madeAt !== null && madeAt + RESEND_INTERVAL_MS > now.getTime()) {
      const seconds = secondsUntil(madeAt + RESEND_INTERVAL_MS, now);
      throw tooSoon(seconds, `Код уже отправлен. Повторить можно через ${seconds} с.`);
    }
    const wait = await hitLimit(ctx, `login-resend:${previousHash}`, 1, RESEND_INTERVAL_MS);
    if (wait > 0) throw tooSoon(wait, `Код уже отправлен. Повторить можно через ${wait} с.`);
    await endAttempt(ctx.db, previousHash);
  }
  // Shared through the database, so every API process counts the same requests.
  // Codes per e-mail from one network (an address, or an IPv6 /64): a flood from one place reaches the mailbox at
  // most `loginEmailLimit` times a window, and cannot stop the owner's own requests from another network.
  const { loginEmailLimit, loginEmailWindowMs } = ctx.config;
  const wait = await hitLimit(ctx, `login-email:${email}:${source}`, loginEmailLimit, loginEmailWindowMs);
  if (wait > 0) throw tooSoon(wait, `Слишком много запросов кода для этого адреса. Повторить можно через ${wait} с.`);
  const user = await findUserByEmail(ctx.db, email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = randomToken(24);
  await insertLoginCode(ctx.db, {
    attemptHash: sha256(token),
    email,
    userId: user?.id ?? null,
    codeHash: hashLoginCode(ctx.config.jwtSecret, email, code),
    createdAt: nowIso(now),
    expiresAt: nowIso(new Date(now.getTime() + CODE_LIFETIME_MS)),
  });
  pruneLoginData(
    ctx.db,
    nowIso(new Date(now.getTime() - BUDGET_WINDOW_MS)),
    nowIso(new Date(now.getTime() - CODE_LIFETIME_MS)),
  ).catch((error: unknown) => ctx.logError(error, 'pruning login data failed'));
  // Last, with nothing awaited after it: the API's mailer only queues, and hands the mail over once this answer has
  // been written (server/src/mail/outbox.ts), so a known e-mail is not slower to answer than an unknown one.
  if (user?.email) {
    ctx.mailer
      .send({ to: user.email, subject: LOGIN_MAIL_SUBJECT, text: loginCodeMail(code) })
      .catch((error: unknown) => ctx.logError(error, 'login mail failed'));
  }
  return token;
}

const expired = () => apiError('expired_or_not_started');
const tooMany = () => apiError('too_many_attempts');

/**
 * Checks a code of the attempt the browser's token names (`presented`); returns the user id on success, otherwise
 * throws the error the login screen maps to its text. Without the token, or with another e-mail's, there is nothing
 * to check: a guess from another browser spends nobody's attempts.
 */
export async function verifyEmailLogin(
  ctx: ServiceContext,
  rawEmail: string,
  code: string,
  presented: string | undefined,
): Promise<number> {
  const email = normalizeEmail(rawEmail);
  const now = ctx.now();
  const attemptHash = presented ? sha256(presented) : null;
  const challenge = attemptHash ? await findLoginCode(ctx.db, attemptHash) : undefined;
  if (
    !challenge ||
    challenge.email !== email ||
    challenge.consumed_at !== null ||
    Date.parse(challenge.expires_at) <= now.getTime()
  ) {
    throw expired();
  }
  const failures = await countLoginFailuresSince(ctx.db, email, nowIso(new Date(now.getTime() - BUDGET_WINDOW_MS)));
  if (failures >= ACCOUNT_FAILURE_BUDGET) throw tooMany();
  const attempt = await countAttempt(ctx.db, challenge.id, challenge.code_hash, MAX_ATTEMPTS);
  if (attempt === null) {
    const current = await findLoginCode(ctx.db, challenge.attempt_hash);
    if (!current || current.consumed_at !== null) throw expired();
    throw tooMany();
  }
  const matches = sameDigest(hashLoginCode(ctx.config.jwtSecret, email, code), challenge.code_hash);
  // A user removed after the code was sent is as unknown as one who never existed.
  const user = challenge.user_id === null ? undefined : await findUserById(ctx.db, challenge.user_id);
  if (!matches || !user) {
    await recordLoginFailure(ctx.db, email, nowIso(now));
    const left = MAX_ATTEMPTS - attempt;
    // The last wrong attempt ends the code: the user goes back to the e-mail step instead of typing a sixth.
    if (left === 0) throw tooMany();
    throw new ApiError('invalid_code', {
      message: `Неверный код. Осталось попыток: ${left}`,
      extra: { attempts_left: left },
    });
  }
  if (!(await consumeLoginCode(ctx.db, challenge.id, challenge.code_hash, nowIso(now)))) throw expired();
  await markUserVerified(ctx.db, user.id);
  return user.id;
}
