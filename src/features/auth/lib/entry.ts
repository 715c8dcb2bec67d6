import { COMPANY_HOME, EXAMINER_HOME, routes } from '#domain/routes.ts';
import { isCompanyUser, isExaminer, isReviewer, type UserRoles } from '#lib/roles.ts';

/**
 * Where the entry page `/` sends a user (docs/product.md «Entry redirect (`/`)»): company start, examiner start, an outside body's
 * requests, or login for anyone else.
 */
export function entryRouteFor(user: UserRoles | null): string {
  if (isCompanyUser(user)) return COMPANY_HOME;
  if (isExaminer(user)) return EXAMINER_HOME;
  if (isReviewer(user)) return routes.conclusionRequests;
  return routes.login;
}

/** True when the user has a start page of their own, so the login page can send them on. */
export function hasHomeRoute(user: UserRoles | null): boolean {
  return entryRouteFor(user) !== routes.login;
}
