import type { ReactNode } from 'react';
import AccessRefused from '#components/ui/AccessRefused.tsx';
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
    return <AccessRefused texts={employeesTexts} home={COMPANY_HOME} />;
  }
  return children;
}
