import { useEffect } from 'react';
import LazyChunk, { chunk } from '#components/ui/LazyChunk.tsx';
import { routes } from '#domain/routes.ts';
import { useStore } from '#stores/prerendered.ts';
import Spinner from '../components/ui/Spinner.tsx';
import { currentPath, navigateTo } from '../lib/browser.ts';
import { guardRedirect } from '../lib/guard.ts';
import { $session, $sessionSettled, initSession, loadCurrentUser } from '../stores/session.ts';
import { gateTexts } from './texts.ts';

/** The consent asked again, loaded only for whoever is asked (a rare screen, out of every page's initial JS). */
const loadConsent = chunk(() => import('../features/personal-data/ConsentAgain.tsx'));

/**
 * Waits for the session, sends anonymous visitors to login and each role out of the other's area, asks a company
 * user for the current consent to the processing of personal data when they have not given it (docs/product.md
 * «Personal data»), then reveals the page (body[data-session="ready"]).
 */
export default function AuthGate() {
  const session = useStore($session);
  const settled = useStore($sessionSettled);
  const redirect = settled && session.status !== 'error' ? guardRedirect(currentPath(), session.user) : null;
  const signedIn = session.status === 'authenticated' && redirect === null;
  const askConsent = signedIn && session.user?.consentRequired === true;
  const ready = signedIn && !askConsent;

  useEffect(() => {
    void initSession();
    // Lists, counters, notifications and an open statement follow changes without a reload; the stream's code (and
    // its parser) loads after the page's own.
    void import('../features/live/live.ts').then((live) => live.startLiveUpdates());
  }, []);

  useEffect(() => {
    if (redirect) navigateTo(redirect, { replace: true });
    if (ready) document.body.dataset.session = 'ready';
    else delete document.body.dataset.session;
  }, [redirect, ready]);

  if (ready) return null;
  if (askConsent) {
    return (
      <LazyChunk
        load={loadConsent}
        props={{}}
        fallback={<Spinner fullscreen label={gateTexts.loading} />}
        failedText={gateTexts.failedText}
        retryLabel={gateTexts.retry}
      />
    );
  }
  if (session.status === 'error') {
    return (
      <div className="loading loading--fullscreen">
        <div className="card gate-card">
          <h1>{gateTexts.failedTitle}</h1>
          <p>{gateTexts.failedText}</p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => void loadCurrentUser()}>
              {gateTexts.retry}
            </button>
            <a href={routes.login}>{gateTexts.relogin}</a>
          </div>
        </div>
      </div>
    );
  }
  return <Spinner fullscreen label={gateTexts.loading} />;
}
