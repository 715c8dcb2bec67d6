import { atom, map } from 'nanostores';
import { routes } from '#domain/routes.ts';
import { setAccessToken } from '#lib/api/session-core.ts';
import { navigateTo, replaceQueryParam } from '#lib/browser.ts';
import { validateLoginEmail } from '#lib/validators.ts';
import { createForm } from '#stores/form.ts';
import { loadCurrentUser } from '#stores/session.ts';
import { emptyCode, enterCodeText, eraseCodeCell } from '../lib/login-code.ts';
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

/** Query parameter that keeps the e-mail while the code step is open. */
export const EMAIL_PARAM = 'email';

/** The login form: step, e-mail, error, busy flag. */
export const $login = map<LoginState>({ step: 'email', email: '', error: null, notice: null, busy: false });

/** The six code cells, one digit or '' each. */
export const $codeCells = atom<string[]>(emptyCode());

/** The e-mail step's form: its value, and the error shown after leaving the field or submitting. */
export const emailForm = createForm({ email: '' }, validateLoginEmail);

/**
 * The form's requests (typed client, error mapping), loaded on the first submit rather than with the page: the form
 * paints and checks the session without them (the login page's initial JS budget). `preloadLoginActions`
 * fetches them in the background once the form shows.
 */
const loadActions = () => import('./login-actions.ts');

/** Starts loading the form's requests in the background, so the first submit does not wait for them. */
export function preloadLoginActions(): void {
  void loadActions().catch(() => {
    // the submit loads them again and reports a failure there
  });
}

/** The form's requests; when they cannot be loaded (no connection) the form shows `failureText` and false. */
async function actions(failureText: string): Promise<typeof import('./login-actions.ts') | null> {
  try {
    return await loadActions();
  } catch {
    $login.set({ ...$login.get(), busy: false, error: failureText });
    return null;
  }
}

/** Opens the form; an e-mail from `?email=` means the code was sent already, so the code step shows. */
export function openLogin(emailFromUrl: string | null): void {
  const email = emailFromUrl?.trim() ?? '';
  $login.set({ step: email ? 'code' : 'email', email, error: null, notice: null, busy: false });
  emailForm.reset({ email });
  $codeCells.set(emptyCode());
}

async function requestCode(email: string): Promise<boolean> {
  const loaded = await actions(loginTexts.sendFailed);
  return loaded ? loaded.requestCode($login, email) : false;
}

/** Checks `email`, sends a login code to it and opens the code step (the e-mail goes to `?email=`). */
export async function startLogin(email: string): Promise<void> {
  emailForm.setValue('email', email);
  if (!emailForm.validate()) return;
  const trimmed = email.trim();
  $login.set({ ...$login.get(), email: trimmed, error: null, notice: null });
  if (!(await requestCode(trimmed))) return;
  $codeCells.set(emptyCode());
  replaceQueryParam(EMAIL_PARAM, trimmed);
  $login.setKey('step', 'code');
}

/** Sends a new code to the same e-mail, staying on the code step. */
export async function resendCode(): Promise<void> {
  $login.setKey('notice', null);
  const sent = await requestCode($login.get().email);
  $codeCells.set(emptyCode());
  if (sent) $login.setKey('notice', loginTexts.resent);
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

/** Checks the code; on success stores the token, loads the user and opens `/`. */
export async function verifyCode(code: string): Promise<VerifyOutcome> {
  const { email } = $login.get();
  $login.setKey('notice', null);
  const loaded = await actions(loginTexts.verifyFailed);
  if (!loaded) return 'retry';
  const result = await loaded.checkCode($login, email, code);
  if (result.ok) {
    setAccessToken(result.token);
    await loadCurrentUser();
    navigateTo(routes.entry);
    return 'signed-in';
  }
  if (result.backToEmail) {
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
