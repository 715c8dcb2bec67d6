import type { ServiceContext } from '../context.ts';
import { normalizeEmail } from '../users/user.ts';
import { findUserById, markUserVerified } from '../users/users.service.ts';
import { spendCode, startAttempt } from './email-codes.ts';

export { CODE_LIFETIME_MS } from './email-codes.ts';

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

/**
 * Starts a login attempt and answers its token, which only the starting browser holds (the `login_attempt` cookie):
 * the code mailed belongs to that attempt, and only that browser can spend its guesses (docs/product.md «Login codes
 * and sessions»). `presented` is the browser's previous attempt token, if any: the same browser waits 60 s between
 * codes for one e-mail, and its previous attempt ends. Another browser's start voids nothing. The same answer for
 * known and unknown e-mails: an unknown one gets an attempt no mail reveals, so verify looks the same for it too. Mail
 * is sent after answering (deferredMailer), so timing reveals nothing either.
 */
export function startEmailLogin(
  ctx: ServiceContext,
  rawEmail: string,
  source: string,
  presented?: string,
): Promise<string> {
  return startAttempt(ctx, { purpose: 'login', email: rawEmail, source, presented }, ({ user, code }) =>
    user?.email ? { to: user.email, subject: LOGIN_MAIL_SUBJECT, text: loginCodeMail(code) } : null,
  );
}

/**
 * Checks a code of the attempt the browser's token names (`presented`); returns the user id on success, otherwise
 * throws the error the login screen maps to its text. A user removed after the code was sent is as unknown as one who
 * never existed.
 */
export async function verifyEmailLogin(
  ctx: ServiceContext,
  rawEmail: string,
  code: string,
  presented: string | undefined,
): Promise<number> {
  const email = normalizeEmail(rawEmail);
  const attempt = await spendCode(ctx, {
    purpose: 'login',
    email,
    code,
    presented,
    fits: async (userId) => userId !== null && (await findUserById(ctx.db, userId)) !== undefined,
  });
  const userId = attempt.userId as number;
  await markUserVerified(ctx.db, userId);
  return userId;
}
