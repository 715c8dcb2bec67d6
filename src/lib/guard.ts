import { areaOf, COMPANY_HOME, EXAMINER_HOME, normalizePath, routes } from '#domain/routes.ts';
import { isCompanyUser, isExaminer, isReviewer, type UserRoles } from './roles.ts';

/**
 * Where the protected layout must send the visitor of `pathname`, or null to stay.
 * Anonymous visitors go to login; each role is kept out of the other role's area; an outside body's staff member
 * sees only 'Запросы на заключение'.
 */
export function guardRedirect(pathname: string, user: UserRoles | null): string | null {
  if (!user) return routes.login;
  if (isReviewer(user)) {
    return normalizePath(pathname) === routes.conclusionRequests ? null : routes.conclusionRequests;
  }
  const company = isCompanyUser(user);
  const instance = isExaminer(user);
  if (!company && !instance) return routes.login;
  const area = areaOf(pathname);
  if (area === 'examiner' && !instance) return COMPANY_HOME;
  if (area === 'company' && !company) return EXAMINER_HOME;
  return null;
}
