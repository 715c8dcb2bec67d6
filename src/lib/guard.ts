import { COMPANY_HOME, INSTANCE_HOME, isCompanyUser, isInstanceUser, LOGIN_ROUTE, type UserRoles } from './roles.ts';

const INSTANCE_AREA = /^\/instance(\/|$)/;
const COMPANY_AREA = /^\/(company|statement|employees)(\/|$)/;

/** Area of the portal a protected path belongs to, or null for paths outside both. */
export function areaOf(pathname: string): 'company' | 'instance' | null {
  if (INSTANCE_AREA.test(pathname)) return 'instance';
  if (COMPANY_AREA.test(pathname)) return 'company';
  return null;
}

/**
 * Where the protected layout must send the visitor of `pathname`, or null to stay.
 * Anonymous visitors go to login; each role is kept out of the other role's area.
 */
export function guardRedirect(pathname: string, user: UserRoles | null): string | null {
  if (!user) return LOGIN_ROUTE;
  const company = isCompanyUser(user);
  const instance = isInstanceUser(user);
  if (!company && !instance) return LOGIN_ROUTE;
  const area = areaOf(pathname);
  if (area === 'instance' && !instance) return COMPANY_HOME;
  if (area === 'company' && !company) return INSTANCE_HOME;
  return null;
}
