import type { ReactNode } from 'react';
import Spinner from '#components/ui/Spinner.tsx';
import { COMPANY_HOME } from '#domain/routes.ts';
import { useStore } from '#stores/prerendered.ts';
import { $employeesAccess } from '../stores/employees.ts';
import { employeesTexts } from '../texts.ts';

/**
 * Shows `children` to the company owner only; anyone else reads why not (docs/product.md «Permissions»), instead of a
 * broken page.
 */
export default function OwnerOnly({ children }: { children: ReactNode }) {
  const access = useStore($employeesAccess);
  if (access === 'checking') return <Spinner label={employeesTexts.loading} />;
  if (access === 'refused') {
    return (
      <div className="alert alert--error">
        <p className="alert__title">{employeesTexts.refusedTitle}</p>
        <p>{employeesTexts.refused}</p>
        <p>
          <a href={COMPANY_HOME}>{employeesTexts.toStatements}</a>
        </p>
      </div>
    );
  }
  return children;
}
