import type { MapStore } from 'nanostores';
import type { ApiErrorBody } from '#domain/contract.ts';
import { api } from '#stores/api.ts';
import { type ApiFailure, type SubmitState, submit } from '#stores/submit.ts';
import { loginTexts } from '../texts.ts';

// The login form's requests, loaded on the first submit (or in the background once the form shows) rather than with
// the page: the typed client and the error mapping are not needed to paint the form (login.ts).

/** What a failed verify means for the form: the text to show and whether to go back to the e-mail step. */
interface VerifyFailure {
  text: string;
  backToEmail: boolean;
}

/** What checking a code ended with: the new access token, or the text to show and where to go. */
export type CodeCheck = { ok: true; token: string } | { ok: false; text: string; backToEmail: boolean };

/** Maps the server's error body of verify-email-login to the form's reaction (docs/product.md «Error texts»). */
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

/**
 * A wrong, expired or exhausted code (400/401) as docs/product.md «Error texts» words it; null for any other failure.
 */
function verifyFailureOf(failure: ApiFailure): VerifyFailure | null {
  return failure.status === 401 || failure.status === 400 ? describeVerifyError(failure.body) : null;
}

/** Sends a login code to `email`; busy and the failure text go to `$state`. True when it was sent. */
export async function requestCode<S extends SubmitState>($state: MapStore<S>, email: string): Promise<boolean> {
  const result = await submit($state, () => api.POST('/api/authentication/start-email-login', { body: { email } }), {
    failureText: loginTexts.sendFailed,
    describe: rateLimitText,
    failureAs: 'inline',
  });
  return result.ok;
}

/** Checks the code sent to `email`; busy and the failure text go to `$state`. */
export async function checkCode<S extends SubmitState>(
  $state: MapStore<S>,
  email: string,
  code: string,
): Promise<CodeCheck> {
  const result = await submit(
    $state,
    () => api.POST('/api/authentication/verify-email-login', { body: { email, code } }),
    {
      failureText: loginTexts.verifyFailed,
      describe: (failure) => verifyFailureOf(failure)?.text ?? rateLimitText(failure),
      failureAs: 'inline',
    },
  );
  if (result.ok) return { ok: true, token: result.data.access_token };
  return { ok: false, text: result.text, backToEmail: verifyFailureOf(result.failure)?.backToEmail ?? false };
}
