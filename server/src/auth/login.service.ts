import { randomInt } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findUserByEmail, markUserVerified, normalizeEmail } from '../users/users.repository.ts';
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

export interface LoginDeps {
  db: Db;
  secret: string;
  mailer: Mailer;
  now: () => Date;
  logError: (error: unknown) => void;
}

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
 * so verify looks the same for it too. Mail is sent after answering, so timing reveals nothing either.
 */
export async function startEmailLogin(deps: LoginDeps, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const now = deps.now();
  const user = await findUserByEmail(deps.db, email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const made = await replaceLoginCode(
    deps.db,
    {
      email,
      userId: user?.id ?? null,
      codeHash: hashLoginCode(deps.secret, email, code),
      createdAt: nowIso(now),
      expiresAt: nowIso(new Date(now.getTime() + CODE_LIFETIME_MS)),
    },
    nowIso(new Date(now.getTime() - RESEND_INTERVAL_MS)),
  );
  if (!made) {
    const existing = await findLoginCode(deps.db, email);
    const waitMs = existing ? Date.parse(existing.created_at) + RESEND_INTERVAL_MS - now.getTime() : 1000;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new ApiError(
      429,
      'too_many_requests',
      `Код уже отправлен. Повторить можно через ${seconds} с.`,
      {},
      { 'Retry-After': String(seconds) },
    );
  }
  if (user) {
    deps.mailer.send({ to: user.email, subject: LOGIN_MAIL_SUBJECT, text: loginCodeMail(code) }).catch(deps.logError);
  }
  pruneLoginData(
    deps.db,
    nowIso(new Date(now.getTime() - BUDGET_WINDOW_MS)),
    nowIso(new Date(now.getTime() - CODE_LIFETIME_MS)),
  ).catch(deps.logError);
}

const expired = () => new ApiError(401, 'expired_or_not_started', 'Код истёк. Отправьте новый.');
const tooMany = () => new ApiError(401, 'too_many_attempts', 'Слишком много неверных попыток. Запросите код заново.');

/** Checks a code; returns the user id on success, otherwise throws the error the login screen maps to its text. */
export async function verifyEmailLogin(deps: LoginDeps, rawEmail: string, code: string): Promise<number> {
  const email = normalizeEmail(rawEmail);
  const now = deps.now();
  const challenge = await findLoginCode(deps.db, email);
  if (!challenge || challenge.consumed_at !== null || Date.parse(challenge.expires_at) <= now.getTime()) {
    throw expired();
  }
  const failures = await countLoginFailuresSince(deps.db, email, nowIso(new Date(now.getTime() - BUDGET_WINDOW_MS)));
  if (failures >= ACCOUNT_FAILURE_BUDGET) throw tooMany();
  const attempt = await countAttempt(deps.db, challenge.id, challenge.code_hash, MAX_ATTEMPTS);
  if (attempt === null) {
    const current = await findLoginCode(deps.db, email);
    if (!current || current.id !== challenge.id || current.consumed_at !== null) throw expired();
    throw tooMany();
  }
  const matches = sameDigest(hashLoginCode(deps.secret, email, code), challenge.code_hash);
  if (!matches || challenge.user_id === null) {
    await recordLoginFailure(deps.db, email, nowIso(now));
    const left = MAX_ATTEMPTS - attempt;
    // The last wrong attempt ends the code: the user goes back to the e-mail step instead of typing a sixth.
    if (left === 0) throw tooMany();
    throw new ApiError(401, 'invalid_code', `Неверный код. Осталось попыток: ${left}`, { attempts_left: left });
  }
  if (!(await consumeLoginCode(deps.db, challenge.id, challenge.code_hash, nowIso(now)))) throw expired();
  await markUserVerified(deps.db, challenge.user_id);
  return challenge.user_id;
}
