import type { User } from '#domain/contract.ts';

/** The part of the current user that decides where they may go. */
export type UserRoles = Pick<User, 'company' | 'instance'> & Partial<Pick<User, 'isOwner' | 'isHead'>>;

/** True for an applicant: a company is attached to the profile. */
export function isCompanyUser(user: UserRoles | null): boolean {
  return user?.company != null;
}

/** True for an examiner: an instance is attached to the profile. */
export function isExaminer(user: UserRoles | null): boolean {
  return user?.instance != null;
}

/** True for a company owner (employees and company data management). */
export function isOwnerUser(user: UserRoles | null): boolean {
  return user?.isOwner === true;
}

/** True for the committee's head: an examiner who also assigns statements and sees the workload and the report. */
export function isHeadUser(user: UserRoles | null): boolean {
  return isExaminer(user) && user?.isHead === true;
}
