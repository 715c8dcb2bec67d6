import type { ReactNode } from 'react';
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
    return (
      <div className="alert alert--error">
        <p className="alert__title">{t.refusedTitle}</p>
        <p>{t.refused}</p>
        <p>
          <a href={EXAMINER_HOME}>{t.toStatements}</a>
        </p>
      </div>
    );
  }
  return <>{children}</>;
}
