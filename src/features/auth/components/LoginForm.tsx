import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { routes } from '#domain/routes.ts';
import { navigateTo } from '#lib/browser.ts';
import { useStore } from '#stores/prerendered.ts';
import { $session, $sessionSettled, initSession } from '#stores/session.ts';
import { hasHomeRoute } from '../lib/entry.ts';
import { loginTexts } from '../texts.ts';

let stepsLoading: Promise<typeof import('./LoginSteps.tsx')> | null = null;

/**
 * The form's two steps with their stores. Loaded once, while the session is being checked: until that check ends the
 * page shows a spinner only, so the form need not be in the page's initial JS (the login page's budget);
 * the steps and the session check go over the network at the same time.
 */
function loadSteps(): Promise<typeof import('./LoginSteps.tsx')> {
  stepsLoading ??= import('./LoginSteps.tsx').catch((error: unknown) => {
    stepsLoading = null; // the next render tries again
    throw error;
  });
  return stepsLoading;
}

const lazySteps = () => lazy(loadSteps);

/** What the page shows when the form's chunk failed to load (offline, or a deploy replaced it): a retry. */
class StepsBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <LoadFailed
        text={loginTexts.formLoadFailed}
        retryLabel={loginTexts.retry}
        onRetry={this.props.onRetry}
        look="empty"
      />
    );
  }
}

/**
 * Passwordless login (docs/product.md «Screens and routes», the login screen): a signed-in user goes on to their home page, anyone else
 * gets the form.
 */
export default function LoginForm() {
  // A failed chunk stays failed in React.lazy: a retry makes a new lazy component (and a new boundary).
  const [steps, setSteps] = useState(() => ({ LoginSteps: lazySteps(), attempt: 0 }));
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
  const { LoginSteps } = steps;
  return (
    <StepsBoundary
      key={steps.attempt}
      onRetry={() => setSteps((current) => ({ LoginSteps: lazySteps(), attempt: current.attempt + 1 }))}
    >
      <Suspense fallback={spinner}>
        <LoginSteps />
      </Suspense>
    </StepsBoundary>
  );
}
