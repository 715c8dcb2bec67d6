import { areaOf, COMPANY_HOME, EXAMINER_HOME, routes } from '#domain/routes.ts';
import { isCompanyUser, isExaminer, type UserRoles } from './roles.ts';

/**
 * Where the protected layout must send the visitor of `pathname`, or null to stay.
 * Anonymous visitors go to login; each role is kept out of the other role's area.
 */
export function guardRedirect(pathname: string, user: UserRoles | null): string | null {
  if (!user) return routes.login;
  const company = isCompanyUser(user);
  const instance = isExaminer(user);
  if (!company && !instance) return routes.login;
  const area = areaOf(pathname);
  if (area === 'examiner' && !instance) return COMPANY_HOME;
  if (area === 'company' && !company) return EXAMINER_HOME;
  return null;
}
