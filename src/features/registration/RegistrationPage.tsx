import { useEffect, useState } from 'react';
import LazyChunk, { chunk } from '#components/ui/LazyChunk.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { registrationTexts as t } from './texts.ts';

/**
 * The form and its stores load as a chunk of their own, started at once: the page's initial JS is the login page's
 * budget (bench figure 1). A failed load offers 'Повторить'.
 */
const loadForm = chunk(() => import('./RegistrationForm.tsx'));

/**
 * '/register': the registration form, loaded on the page's start. The prerendered page shows the spinner only: the
 * build would otherwise render the form into the HTML (the chunk resolves at build time), a form that takes typing and
 * Enter before its script has hydrated it, losing what was typed or sending it as a plain GET with the e-mail in the
 * address. The form appears once it works.
 */
export default function RegistrationPage() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    void loadForm().catch(() => {
      // shown by LazyChunk with its retry
    });
  }, []);
  const spinner = <Spinner label={t.loading} />;
  if (!mounted) return spinner;
  return (
    <LazyChunk
      load={loadForm}
      props={{}}
      fallback={spinner}
      failedText={t.formLoadFailed}
      retryLabel={t.retry}
      look="empty"
    />
  );
}
