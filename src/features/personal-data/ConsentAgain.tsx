import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import Button from '#components/ui/Button.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import type { PersonalDataDocument } from '#domain/contract.ts';
import { accountRoutes, routes } from '#domain/routes.ts';
import { navigateTo } from '#lib/browser.ts';
import { api } from '#stores/api.ts';
import { $session, logoutUser } from '#stores/session.ts';
import ConsentField from './ConsentField.tsx';
import { DocumentText, fetchPersonalDataDocument } from './PersonalDataDocument.tsx';
import { consentAgainTexts as t } from './texts.ts';

/**
 * The consent asked once at login (docs/product.md «Personal data»): a company user who has not consented to the
 * current version reads it and consents before the page opens, or leaves. The auth gate shows it in the page's place.
 */
export default function ConsentAgain() {
  const [document, setDocument] = useState<PersonalDataDocument | null | 'loading'>('loading');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** A failure that is not about the checkbox (no connection, the server's refusal). */
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const checkbox = useRef<HTMLInputElement>(null);

  const load = useCallback(() => fetchPersonalDataDocument('consent').then(setDocument), []);
  useEffect(() => {
    heading.current?.focus();
    void load();
  }, [load]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (document === 'loading' || document === null || busy) return;
    if (!agreed) {
      setError(t.required);
      checkbox.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setAlert(null);
    try {
      const { data, error: refusal } = await api.POST('/api/users/me/consent', {
        body: { consentVersion: document.version },
      });
      if (data) {
        // The answer is the user as /api/users/me would give them: the gate opens the page.
        $session.set({ status: 'authenticated', user: data });
        return;
      }
      if (refusal?.field === 'consentVersion') {
        // A newer version was published meanwhile: it is read again and agreed to again.
        setError(refusal.message);
        setAgreed(false);
        await load();
      } else {
        setAlert(refusal?.message ?? t.failed);
      }
    } catch {
      setAlert(t.failed);
    } finally {
      setBusy(false);
    }
  };

  const leave = async () => {
    await logoutUser();
    navigateTo(routes.login, { replace: true });
  };

  return (
    <div className="loading loading--fullscreen consent-again">
      <form className="card gate-card consent-again__card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <h1 ref={heading} tabIndex={-1}>
          {t.title}
        </h1>
        <p>{t.lead}</p>
        {alert && (
          <div className="alert alert--error" role="alert">
            <p>{alert}</p>
          </div>
        )}
        {document === 'loading' && <Spinner label={t.title} />}
        {document === null && (
          <div className="alert alert--error" role="alert">
            <p>{t.loadFailed}</p>
          </div>
        )}
        {document !== 'loading' && document !== null && (
          <>
            <section className="consent-again__document" aria-label={t.documentLabel}>
              <DocumentText document={document} />
            </section>
            <ConsentField
              id="consent-again"
              label={t.checkbox}
              checked={agreed}
              onChange={(checked) => {
                setAgreed(checked);
                setError(null);
              }}
              error={error}
              inputRef={checkbox}
              links={
                <p className="consent-again__links">
                  <a href={accountRoutes.privacy} target="_blank" rel="noreferrer">
                    {t.privacyLink}
                  </a>
                </p>
              }
            />
          </>
        )}
        <div className="button-row">
          <Button type="submit" busy={busy} disabled={document === 'loading' || document === null}>
            {t.submit}
          </Button>
          <Button variant="secondary" onClick={() => void leave()}>
            {t.logout}
          </Button>
        </div>
      </form>
    </div>
  );
}
