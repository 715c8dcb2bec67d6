import type { ReactNode } from 'react';
import AccessRefused from '#components/ui/AccessRefused.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { EXAMINER_HOME } from '#domain/routes.ts';
import { useStore } from '#stores/prerendered.ts';
import { $adminAccess } from '../stores/access.ts';
import { adminTexts as t } from '../texts.ts';

/** A page of the committee's head: a spinner until the session is known, the portal's refusal for anyone else. */
export default function HeadOnly({ children }: { children: ReactNode }) {
  const access = useStore($adminAccess);
  if (access === 'checking') return <Spinner label={t.loading} />;
  if (access === 'refused') {
    return <AccessRefused texts={t} home={EXAMINER_HOME} />;
  }
  return <>{children}</>;
}
