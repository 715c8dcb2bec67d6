import type { User } from '#domain/contract.ts';

/** The part of the current user that decides where they may go. */
export type UserRoles = Pick<User, 'company' | 'instance'> & Partial<Pick<User, 'isOwner' | 'isHead' | 'role'>>;

/** True for an applicant: a company is attached to the profile. */
export function isCompanyUser(user: UserRoles | null): boolean {
  return user?.company != null;
}

/** True for an examiner: an instance is attached to the profile, and it is the committee's, not an outside body's. */
export function isExaminer(user: UserRoles | null): boolean {
  return user?.instance != null && user.role !== 'reviewer';
}

/**
 * True for the staff of an outside reviewing body (role `reviewer`): they see only the conclusion requests sent to
 * their body (docs/product.md «Conclusions»).
 */
export function isReviewer(user: UserRoles | null): boolean {
  return user?.role === 'reviewer';
}

/** True for a company owner (employees and company data management). */
export function isOwnerUser(user: UserRoles | null): boolean {
  return user?.isOwner === true;
}

/** True for the committee's head: an examiner who also assigns statements and sees the workload and the report. */
export function isHeadUser(user: UserRoles | null): boolean {
  return isExaminer(user) && user?.isHead === true;
}
