import { randomInt } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { ApiError, apiError } from '../errors.ts';
import { findUserByEmail, findUserById, markUserVerified, normalizeEmail } from '../users/users.repository.ts';
import {
  consumeLoginCode,
  countAttempt,
  countLoginFailuresSince,
  findLoginCode,
  pruneLoginData,
  recordLoginFailure,
  replaceLoginCode,
} from './login-codes.repository.ts';
import { hashLoginCode, sameDigest } from './tokens.ts';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const RESEND_INTERVAL_MS = 60 * 1000;
export const MAX_ATTEMPTS = 5;
export const ACCOUNT_FAILURE_BUDGET = 100;
const BUDGET_WINDOW_MS = 60 * 60 * 1000;

export const LOGIN_MAIL_SUBJECT = 'Код входа на портал согласования АГР';

/** The Russian text of the code mail; the code is its only six-digit number. */
export function loginCodeMail(code: string): string {
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

/**
 * Starts a login: the same answer for known and unknown e-mails. An unknown one gets a challenge no mail reveals,
 * so verify looks the same for it too. Mail is sent after answering (deferredMailer), so timing reveals nothing either.
 */
export async function startEmailLogin(ctx: ServiceContext, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const made = await replaceLoginCode(
    ctx.db,
    {
      email,
      userId: user?.id ?? null,
      codeHash: hashLoginCode(ctx.config.jwtSecret, email, code),
      createdAt: nowIso(now),
      expiresAt: nowIso(new Date(now.getTime() + CODE_LIFETIME_MS)),
    },
    nowIso(new Date(now.getTime() - RESEND_INTERVAL_MS)),
  );
  if (!made) {
    const existing = await findLoginCode(ctx.db, email);
    const waitMs = existing ? Date.parse(existing.created_at) + RESEND_INTERVAL_MS - now.getTime() : 1000;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new ApiError('too_many_requests', {
      message: `Код уже отправлен. Повторить можно через ${seconds} с.`,
      headers: { 'Retry-After': String(seconds) },
    });
  }
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
}

const expired = () => apiError('expired_or_not_started');
const tooMany = () => apiError('too_many_attempts');

/** Checks a code; returns the user id on success, otherwise throws the error the login screen maps to its text. */
export async function verifyEmailLogin(ctx: ServiceContext, rawEmail: string, code: string): Promise<number> {
  const email = normalizeEmail(rawEmail);
  const now = ctx.now();
  const challenge = await findLoginCode(ctx.db, email);
  if (!challenge || challenge.consumed_at !== null || Date.parse(challenge.expires_at) <= now.getTime()) {
    throw expired();
  }
  const failures = await countLoginFailuresSince(ctx.db, email, nowIso(new Date(now.getTime() - BUDGET_WINDOW_MS)));
  if (failures >= ACCOUNT_FAILURE_BUDGET) throw tooMany();
  const attempt = await countAttempt(ctx.db, challenge.id, challenge.code_hash, MAX_ATTEMPTS);
  if (attempt === null) {
    const current = await findLoginCode(ctx.db, email);
    if (!current || current.id !== challenge.id || current.consumed_at !== null) throw expired();
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
