/** The part of the current user that decides where they may go (a subset of the API's User). */
export interface UserRoles {
  company: object | null;
  instance: object | null;
  isOwner?: boolean;
}

/** Route of the company user's start page. */
export const COMPANY_HOME = '/company';
/** Route of the examiner's start page (spec §2 entry redirect). */
export const INSTANCE_HOME = '/instance/filter/under_review';
/** Route of the login page. */
export const LOGIN_ROUTE = '/login';

/** True for an applicant: a company is attached to the profile. */
export function isCompanyUser(user: UserRoles | null): boolean {
  return user?.company != null;
}

/** True for an examiner: an instance is attached to the profile. */
export function isInstanceUser(user: UserRoles | null): boolean {
  return user?.instance != null;
}

/** True for a company owner (employees and company data management). */
export function isOwnerUser(user: UserRoles | null): boolean {
  return user?.isOwner === true;
}
