import { useEffect } from 'react';
import LazyChunk, { chunk } from '#components/ui/LazyChunk.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { registrationTexts as t } from './texts.ts';

/**
 * The form and its stores load as a chunk of their own, started at once: the page's initial JS is the login page's
 * budget (bench figure 1). A failed load offers 'Повторить'.
 */
const loadForm = chunk(() => import('./RegistrationForm.tsx'));

/** '/register': the registration form, loaded on the page's start. */
export default function RegistrationPage() {
  useEffect(() => {
    void loadForm().catch(() => {
      // shown by LazyChunk with its retry
    });
  }, []);
  return (
    <LazyChunk
      load={loadForm}
      props={{}}
      fallback={<Spinner label={t.loading} />}
      failedText={t.formLoadFailed}
      retryLabel={t.retry}
      look="empty"
    />
  );
}
