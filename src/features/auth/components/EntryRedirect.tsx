import { useEffect } from 'react';
import Spinner from '#components/ui/Spinner.tsx';
import { navigateTo } from '#lib/browser.ts';
import { useStore } from '#stores/prerendered.ts';
import { $session, $sessionSettled, initSession } from '#stores/session.ts';
import { loginFrameTexts as loginTexts } from '../frame-texts.ts';
import { entryRouteFor } from '../lib/entry.ts';

/** The entry page `/`: a spinner while the session starts, then the user's start page or login. */
export default function EntryRedirect() {
  const session = useStore($session);
  const settled = useStore($sessionSettled);

  useEffect(() => {
    void initSession();
  }, []);

  useEffect(() => {
    if (settled) navigateTo(entryRouteFor(session.user), { replace: true });
  }, [settled, session.user]);

  return <Spinner fullscreen label={loginTexts.loading} />;
}
