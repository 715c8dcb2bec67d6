import { atom, map } from 'nanostores';
import { api, setAccessToken } from '../../../lib/api/client.ts';
import type { ApiErrorBody } from '../../../lib/api/types.ts';
import { navigateTo, replaceQueryParam } from '../../../lib/browser.ts';
import { emptyCode, enterCodeText, eraseCodeCell } from '../../../lib/login-code.ts';
import { routes } from '../../../lib/routes.ts';
import { validateLoginEmail } from '../../../lib/validators.ts';
import { createForm } from '../../../stores/form.ts';
import { loadCurrentUser } from '../../../stores/session.ts';
import { type ApiFailure, submit } from '../../../stores/submit.ts';
import { loginTexts } from '../texts.ts';

/** Step of the login flow: enter the e-mail, then the code sent to it. */
export type LoginStep = 'email' | 'code';

/** State of the login form. */
export interface LoginState {
  step: LoginStep;
  email: string;
  /** Error text shown in the alert, or null. */
  error: string | null;
  /** Neutral notice (code re-sent), or null. */
  notice: string | null;
  busy: boolean;
}

/** Query parameter that keeps the e-mail while the code step is open (spec §2). */
export const EMAIL_PARAM = 'email';

/** The login form: step, e-mail, error, busy flag. */
export const $login = map<LoginState>({ step: 'email', email: '', error: null, notice: null, busy: false });

/** The six code cells, one digit or '' each. */
export const $codeCells = atom<string[]>(emptyCode());

/** The e-mail step's form: its value, and the error shown after leaving the field or submitting. */
export const emailForm = createForm({ email: '' }, validateLoginEmail);

/** What a failed verify means for the form: the text to show and whether to go back to the e-mail step. */
interface VerifyFailure {
  text: string;
  backToEmail: boolean;
}

/** Maps the server's error body of verify-email-login to the form's reaction (spec §8). */
function describeVerifyError(body: ApiErrorBody | null): VerifyFailure {
  switch (body?.error) {
    case 'too_many_attempts':
      return { text: loginTexts.tooManyAttempts, backToEmail: true };
    case 'expired_or_not_started':
      return { text: loginTexts.codeExpired, backToEmail: true };
    default:
      return {
        text:
          typeof body?.attempts_left === 'number' ? loginTexts.wrongCodeLeft(body.attempts_left) : loginTexts.wrongCode,
        backToEmail: false,
      };
  }
}

/** A refused code or verify: the server's own text for a rate limit (it names the wait), otherwise the action's. */
function rateLimitText(failure: ApiFailure): string | null {
  return failure.status === 429 ? (failure.body?.message ?? null) : null;
}

/** Opens the form; an e-mail from `?email=` means the code was sent already, so the code step shows. */
export function openLogin(emailFromUrl: string | null): void {
  const email = emailFromUrl?.trim() ?? '';
  $login.set({ step: email ? 'code' : 'email', email, error: null, notice: null, busy: false });
  emailForm.reset({ email });
  $codeCells.set(emptyCode());
}

function requestCode(email: string) {
  return submit($login, () => api.POST('/api/authentication/start-email-login', { body: { email } }), {
    failureText: loginTexts.sendFailed,
    describe: rateLimitText,
    failureAs: 'inline',
  });
}

/** Checks `email`, sends a login code to it and opens the code step (the e-mail goes to `?email=`). */
export async function startLogin(email: string): Promise<void> {
  emailForm.setValue('email', email);
  if (!emailForm.validate()) return;
  const trimmed = email.trim();
  $login.set({ ...$login.get(), email: trimmed, error: null, notice: null });
  const result = await requestCode(trimmed);
  if (!result.ok) return;
  $codeCells.set(emptyCode());
  replaceQueryParam(EMAIL_PARAM, trimmed);
  $login.setKey('step', 'code');
}

/** Sends a new code to the same e-mail, staying on the code step. */
export async function resendCode(): Promise<void> {
  $login.setKey('notice', null);
  const result = await requestCode($login.get().email);
  $codeCells.set(emptyCode());
  if (result.ok) $login.setKey('notice', loginTexts.resent);
}

/** Returns to the e-mail step, keeping the e-mail in the field and dropping `?email=`. */
export function backToEmail(error: string | null = null): void {
  replaceQueryParam(EMAIL_PARAM, null);
  $codeCells.set(emptyCode());
  emailForm.reset({ email: $login.get().email });
  $login.set({ ...$login.get(), step: 'email', error, notice: null, busy: false });
}

/** What verifyCode ended with: signed in, code cleared for another try, or back at the e-mail step. */
export type VerifyOutcome = 'signed-in' | 'retry' | 'email';

/** A wrong, expired or exhausted code (400/401) as spec §8 words it; null for any other failure. */
function verifyFailureOf(failure: ApiFailure): VerifyFailure | null {
  return failure.status === 401 || failure.status === 400 ? describeVerifyError(failure.body) : null;
}

/** Checks the code; on success stores the token, loads the user and opens `/`. */
export async function verifyCode(code: string): Promise<VerifyOutcome> {
  const { email } = $login.get();
  $login.setKey('notice', null);
  const result = await submit(
    $login,
    () => api.POST('/api/authentication/verify-email-login', { body: { email, code } }),
    {
      failureText: loginTexts.verifyFailed,
      describe: (failure) => verifyFailureOf(failure)?.text ?? rateLimitText(failure),
      failureAs: 'inline',
    },
  );
  if (result.ok) {
    setAccessToken(result.data.access_token);
    await loadCurrentUser();
    navigateTo(routes.entry);
    return 'signed-in';
  }
  if (verifyFailureOf(result.failure)?.backToEmail) {
    backToEmail(result.text);
    return 'email';
  }
  $codeCells.set(emptyCode());
  return 'retry';
}

/** Types or pastes `text` into cell `index`; returns the cell to focus next. */
export function enterCode(index: number, text: string): number {
  const { cells, focus } = enterCodeText($codeCells.get(), index, text);
  $codeCells.set(cells);
  return focus;
}

/** Backspace in cell `index`; returns the cell to focus next. */
export function eraseCode(index: number): number {
  const { cells, focus } = eraseCodeCell($codeCells.get(), index);
  $codeCells.set(cells);
  return focus;
}
