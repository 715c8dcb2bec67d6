// Logging in by the mailed code over HTTP, as a browser does: the start sets the login attempt cookie, and the verify
// must send it back (docs/product.md «Login codes and sessions»). For tests, bench and scripts that use fetch.

/** A cookie a reply set, by name (`login_attempt`, `refresh_token`, or their `__Secure-` forms), or null. */
export function setCookieValue(response: Response, name: string): string | null {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    const key = pair.slice(0, eq);
    if (key === name || key === `__Secure-${name}`) return pair.slice(eq + 1);
  }
  return null;
}

/** The `Cookie` header that carries a start's login attempt to its verify. */
export function attemptCookieHeader(started: Response): Record<string, string> {
  const name = started.headers.getSetCookie().some((line) => line.startsWith('__Secure-login_attempt='))
    ? '__Secure-login_attempt'
    : 'login_attempt';
  const value = setCookieValue(started, 'login_attempt');
  return value ? { cookie: `${name}=${value}` } : {};
}

export interface LoggedIn {
  accessToken: string;
  /** The refresh cookie, as `name=value`'s parts. */
  cookie: { name: string; value: string };
  verified: Response;
}

/**
 * Starts a login at `startUrl`'s server and verifies it at `verifyUrl`'s (the same one unless given: two instances
 * behind one nginx share the attempt), with the code `waitForCode` reads from the mail.
 */
export async function logInByCode(
  baseUrl: string,
  email: string,
  waitForCode: (email: string) => Promise<string>,
  verifyBaseUrl = baseUrl,
): Promise<LoggedIn> {
  const json = { 'content-type': 'application/json' };
  const started = await fetch(`${baseUrl}/api/authentication/start-email-login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  });
  if (started.status !== 204) throw new Error(`start-email-login ${email}: ${started.status} ${await started.text()}`);
  const code = await waitForCode(email);
  const verified = await fetch(`${verifyBaseUrl}/api/authentication/verify-email-login`, {
    method: 'POST',
    headers: { ...json, ...attemptCookieHeader(started) },
    body: JSON.stringify({ email, code }),
  });
  if (!verified.ok) throw new Error(`verify-email-login ${email}: ${verified.status} ${await verified.clone().text()}`);
  const { access_token: accessToken } = (await verified.clone().json()) as { access_token: string };
  const refreshName = verified.headers.getSetCookie().some((line) => line.startsWith('__Secure-refresh_token='))
    ? '__Secure-refresh_token'
    : 'refresh_token';
  return {
    accessToken,
    cookie: { name: refreshName, value: setCookieValue(verified, 'refresh_token') ?? '' },
    verified,
  };
}
