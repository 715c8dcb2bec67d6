// Six-digit codes mailed to an address (docs/product.md «Login codes and sessions», «Registration»): a login's, or
// the confirmation of a registration's e-mail. One rule for both, the purpose passed in: the attempt belongs to the
// browser that started it (its token in a cookie), the code lives 10 minutes and takes 5 guesses, the same browser
// waits 60 s between codes for one address, and per-address-and-network and per-account budgets hold.
import { randomInt } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { ApiError, apiError } from '../errors.ts';
import { hitLimit } from '../limits/limits.service.ts';
import type { Mail } from '../mail/mailer.ts';
import { normalizeEmail } from '../users/user.ts';
import { findUserByEmail } from '../users/users.service.ts';
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

/** What a code confirms. */
export type CodePurpose = 'login' | 'registration';

/** Seconds until `at` (an ISO time), at least 1, for `Retry-After` and the Russian wait message. */
function secondsUntil(at: number, now: Date): number {
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

export function tooSoon(seconds: number, message: string): ApiError {
  return new ApiError('too_many_requests', { message, headers: { 'Retry-After': String(seconds) } });
}

/**
 * Starts an attempt of `purpose` for the address a browser typed, whoever it belongs to, and answers the attempt's
 * token: `mailOf` says what to mail for the address's account (or none) and the code, or nothing; the mail is queued
 * last, with nothing awaited after it, so a known address is not slower to answer than an unknown one (the mailer
 * hands it over once the answer is written, server/src/mail/outbox.ts).
 */
export async function startAttempt(
  ctx: ServiceContext,
  request: { purpose: CodePurpose; email: string; source: string; presented?: string | undefined },
  mailOf: (found: {
    email: string;
    user: { id: number; email: string | null } | undefined;
    code: string;
  }) => Mail | null,
): Promise<string> {
  const email = normalizeEmail(request.email);
  const user = await findUserByEmail(ctx.db, email);
  const { token, code } = await issueCode(ctx, {
    purpose: request.purpose,
    email,
    source: request.source,
    ...(request.presented ? { presented: request.presented } : {}),
    userId: user?.id ?? null,
  });
  const mail = mailOf({ email, user, code });
  if (mail) {
    ctx.mailer.send(mail).catch((error: unknown) => ctx.logError(error, `${request.purpose} mail failed`));
  }
  return token;
}

/**
 * Starts an attempt for `email` and answers its token (the browser's cookie) and the code. `presented` is the
 * browser's previous attempt token, if any: the same browser waits 60 s between codes for one e-mail, and its
 * previous attempt ends. Another browser's start voids nothing. `userId` is whom the address belongs to (null: nobody).
 * The caller mails the code, or not, last: nothing it awaits may depend on whether the address is known.
 */
export async function issueCode(
  ctx: ServiceContext,
  attempt: { purpose: CodePurpose; email: string; source: string; presented?: string; userId: number | null },
): Promise<{ token: string; code: string }> {
  const { purpose, email, source, presented } = attempt;
  const now = ctx.now();
  if (presented) {
    // The same browser asks again: 60 s after its previous code, and one of parallel requests only (the counter is
    // atomic and shared by every API process). Its previous attempt then ends.
    const previousHash = sha256(presented);
    const previous = await findLoginCode(ctx.db, purpose, previousHash);
    const madeAt = previous?.email === email ? Date.parse(previous.created_at) : null;
    if (madeAt !== null && madeAt + RESEND_INTERVAL_MS > now.getTime()) {
      const seconds = secondsUntil(madeAt + RESEND_INTERVAL_MS, now);
      throw tooSoon(seconds, `Код уже отправлен. Повторить можно через ${seconds} с.`);
    }
    const wait = await hitLimit(ctx, `${purpose}-resend:${previousHash}`, 1, RESEND_INTERVAL_MS);
    if (wait > 0) throw tooSoon(wait, `Код уже отправлен. Повторить можно через ${wait} с.`);
    await endAttempt(ctx.db, previousHash);
  }
  // Shared through the database, so every API process counts the same requests.
  // Codes per e-mail from one network (an address, or an IPv6 /64): a flood from one place reaches the mailbox at
  // most `loginEmailLimit` times a window, and cannot stop the owner's own requests from another network.
  const { loginEmailLimit, loginEmailWindowMs } = ctx.config;
  const wait = await hitLimit(ctx, `${purpose}-email:${email}:${source}`, loginEmailLimit, loginEmailWindowMs);
  if (wait > 0) throw tooSoon(wait, `Слишком много запросов кода для этого адреса. Повторить можно через ${wait} с.`);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = randomToken(24);
  await insertLoginCode(ctx.db, {
    purpose,
    attemptHash: sha256(token),
    email,
    userId: attempt.userId,
    codeHash: hashLoginCode(ctx.config.jwtSecret, email, code),
    createdAt: nowIso(now),
    expiresAt: nowIso(new Date(now.getTime() + CODE_LIFETIME_MS)),
  });
  pruneLoginData(
    ctx.db,
    nowIso(new Date(now.getTime() - BUDGET_WINDOW_MS)),
    nowIso(new Date(now.getTime() - CODE_LIFETIME_MS)),
  ).catch((error: unknown) => ctx.logError(error, 'pruning login data failed'));
  return { token, code };
}

const expired = () => apiError('expired_or_not_started');
const tooMany = () => apiError('too_many_attempts');

/** The attempt a code was checked against: whose address it was when the code was sent. */
export interface CheckedAttempt {
  id: number;
  codeHash: string;
  userId: number | null;
}

/**
 * Checks a code of the attempt the browser's token names (`presented`), and spends it; `fits` says whether the
 * attempt still confirms what it was for (a login: its user is still there; a registration: the address still has no
 * account), and a code that does not fit counts as wrong. Throws the error the screens map to their texts. Without the
 * token, or with another e-mail's, there is nothing to check: a guess from another browser spends nobody's attempts.
 */
export async function spendCode(
  ctx: ServiceContext,
  check: {
    purpose: CodePurpose;
    email: string;
    code: string;
    presented: string | undefined;
    fits: (userId: number | null) => Promise<boolean>;
  },
): Promise<CheckedAttempt> {
  const { email } = check;
  const now = ctx.now();
  const attemptHash = check.presented ? sha256(check.presented) : null;
  const challenge = attemptHash ? await findLoginCode(ctx.db, check.purpose, attemptHash) : undefined;
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
    const current = await findLoginCode(ctx.db, check.purpose, challenge.attempt_hash);
    if (!current || current.consumed_at !== null) throw expired();
    throw tooMany();
  }
  const matches = sameDigest(hashLoginCode(ctx.config.jwtSecret, email, check.code), challenge.code_hash);
  if (!matches || !(await check.fits(challenge.user_id))) {
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
  return { id: challenge.id, codeHash: challenge.code_hash, userId: challenge.user_id };
}
