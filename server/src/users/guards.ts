import { apiError } from '../errors.ts';
import type { UserRow } from './users.repository.ts';

// Role guards of docs/product.md «Permissions» for scope hooks and services; in users/, as auth/ already imports users/.

type Actor = Pick<UserRow, 'role' | 'company_id'>;

/** What a 403 of each guard says. */
export const ROLE_REFUSALS = {
  companyUser: 'Раздел доступен только пользователям компаний',
  owner: 'Действие доступно только владельцу компании',
  examiner: 'Раздел доступен только экспертам комитета',
} as const;

/** The caller's company; 403 for a user of none (an examiner). */
export function requireCompanyUser(actor: Actor): number {
  if (actor.company_id === null) throw apiError('forbidden', ROLE_REFUSALS.companyUser);
  return actor.company_id;
}

/** 403 unless the caller owns their company. */
export function requireOwner(actor: Actor): void {
  if (actor.role !== 'owner') throw apiError('forbidden', ROLE_REFUSALS.owner);
}

/** 403 unless the caller is an examiner of the committee. */
export function requireExaminer(actor: Actor): void {
  if (actor.role !== 'examiner') throw apiError('forbidden', ROLE_REFUSALS.examiner);
}
