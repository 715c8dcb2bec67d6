import { useEffect } from 'react';
import LazyChunk, { chunk } from '#components/ui/LazyChunk.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { routes } from '#domain/routes.ts';
import { navigateTo } from '#lib/browser.ts';
import { useStore } from '#stores/prerendered.ts';
import { $session, $sessionSettled, initSession } from '#stores/session.ts';
import { loginFrameTexts as loginTexts } from '../frame-texts.ts';
import { hasHomeRoute } from '../lib/entry.ts';

/**
 * The form's two steps with their stores. Loaded once, while the session is being checked: until that check ends the
 * page shows a spinner only, so the form need not be in the page's initial JS (the login page's budget);
 * the steps and the session check go over the network at the same time. A failed load offers 'Повторить'.
 */
const loadSteps = chunk(() => import('./LoginSteps.tsx'));

/**
 * Passwordless login (docs/product.md «Screens and routes», the login screen): a signed-in user goes on to their home page, anyone else
 * gets the form.
 */
export default function LoginForm() {
  const session = useStore($session);
  const settled = useStore($sessionSettled);

  const signedIn = session.status === 'authenticated' && hasHomeRoute(session.user);
  const ready = settled && !signedIn;

  useEffect(() => {
    void loadSteps().catch(() => {
      // shown by the lazy step once the session is known
    });
    void initSession();
  }, []);

  useEffect(() => {
    if (signedIn) navigateTo(routes.entry, { replace: true });
  }, [signedIn]);

  const spinner = <Spinner label={loginTexts.loading} />;
  if (!ready) return spinner;
  return (
    <LazyChunk
      load={loadSteps}
      props={{}}
      fallback={spinner}
      failedText={loginTexts.formLoadFailed}
      retryLabel={loginTexts.retry}
      look="empty"
    />
  );
}
