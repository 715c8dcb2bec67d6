import { atom, map } from 'nanostores';
import { api, setAccessToken } from '../../../lib/api/client.ts';
import { navigateTo, replaceQueryParam } from '../../../lib/browser.ts';
import { emptyCode, enterCodeText, eraseCodeCell } from '../../../lib/login-code.ts';
import { routes } from '../../../lib/routes.ts';
import { loadCurrentUser } from '../../../stores/session.ts';
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

/** What a failed verify means for the form: the text to show and whether to go back to the e-mail step. */
export interface VerifyFailure {
  text: string;
  backToEmail: boolean;
}

/** Maps the server's error body of verify-email-login to the form's reaction (spec §8). */
export function describeVerifyError(body: { error?: string; attempts_left?: number } | undefined): VerifyFailure {
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

/** Opens the form; an e-mail from `?email=` means the code was sent already, so the code step shows. */
export function openLogin(emailFromUrl: string | null): void {
  const email = emailFromUrl?.trim() ?? '';
  $login.set({ step: email ? 'code' : 'email', email, error: null, notice: null, busy: false });
  $codeCells.set(emptyCode());
}

async function requestCode(email: string): Promise<string | null> {
  try {
    const { error, response } = await api.POST('/api/authentication/start-email-login', { body: { email } });
    if (response.ok) return null;
    if (response.status === 429 && error?.message) return error.message;
  } catch {
    // network failure or timeout: same text as a refused send
  }
  return loginTexts.sendFailed;
}

/** Sends a login code to `email` and opens the code step (the e-mail goes to `?email=`). */
export async function startLogin(email: string): Promise<void> {
  const trimmed = email.trim();
  $login.set({ ...$login.get(), email: trimmed, busy: true, error: null, notice: null });
  const failure = await requestCode(trimmed);
  if (failure) {
    $login.set({ ...$login.get(), busy: false, error: failure });
    return;
  }
  $codeCells.set(emptyCode());
  replaceQueryParam(EMAIL_PARAM, trimmed);
  $login.set({ ...$login.get(), step: 'code', busy: false });
}

/** Sends a new code to the same e-mail, staying on the code step. */
export async function resendCode(): Promise<void> {
  const { email } = $login.get();
  $login.set({ ...$login.get(), busy: true, error: null, notice: null });
  const failure = await requestCode(email);
  $codeCells.set(emptyCode());
  $login.set({ ...$login.get(), busy: false, error: failure, notice: failure ? null : loginTexts.resent });
}

/** Returns to the e-mail step, keeping the e-mail in the field and dropping `?email=`. */
export function backToEmail(error: string | null = null): void {
  replaceQueryParam(EMAIL_PARAM, null);
  $codeCells.set(emptyCode());
  $login.set({ ...$login.get(), step: 'email', error, notice: null, busy: false });
}

/** What verifyCode ended with: signed in, code cleared for another try, or back at the e-mail step. */
export type VerifyOutcome = 'signed-in' | 'retry' | 'email';

/** Checks the code; on success stores the token, loads the user and opens `/`. */
export async function verifyCode(code: string): Promise<VerifyOutcome> {
  const { email } = $login.get();
  $login.set({ ...$login.get(), busy: true, error: null, notice: null });
  let failure: VerifyFailure;
  try {
    const { data, error, response } = await api.POST('/api/authentication/verify-email-login', {
      body: { email, code },
    });
    if (data) {
      setAccessToken(data.access_token);
      await loadCurrentUser();
      navigateTo(routes.entry);
      return 'signed-in';
    }
    if (response.status === 401 || response.status === 400) failure = describeVerifyError(error);
    else failure = { text: (response.status === 429 && error?.message) || loginTexts.verifyFailed, backToEmail: false };
  } catch {
    failure = { text: loginTexts.verifyFailed, backToEmail: false };
  }
  if (failure.backToEmail) {
    backToEmail(failure.text);
    return 'email';
  }
  $codeCells.set(emptyCode());
  $login.set({ ...$login.get(), busy: false, error: failure.text });
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
