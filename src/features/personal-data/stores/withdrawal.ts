// A company user's own withdrawal of the consent to the processing of personal data (docs/product.md «Personal
// data»): the account closes at once, so the page logs out after it.
import { api } from '#stores/api.ts';
import { logoutUser } from '#stores/session.ts';
import { withdrawalTexts as t } from '../texts.ts';

/** Withdraws the consent and logs out; answers the failure's text, or null when withdrawn. */
export async function withdrawOwnConsent(): Promise<string | null> {
  try {
    const { error, response } = await api.POST('/api/users/me/consent/withdrawal', { body: { confirm: true } });
    if (!response.ok) return (error as { message?: string } | undefined)?.message || t.failed;
  } catch {
    return t.failed;
  }
  await logoutUser();
  return null;
}
