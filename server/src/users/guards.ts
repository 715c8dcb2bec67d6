import { apiError } from '../errors.ts';
import type { UserRow } from './user.ts';

// Role guards of docs/product.md «Permissions» for scope hooks and services; in users/, as auth/ already imports users/.

type Actor = Pick<UserRow, 'role' | 'company_id'> & Partial<Pick<UserRow, 'is_head' | 'company_state'>>;

/** What a 403 of each guard says. */
export const ROLE_REFUSALS = {
  companyUser: 'Раздел доступен только пользователям компаний',
  owner: 'Действие доступно только владельцу компании',
  examiner: 'Раздел доступен только экспертам комитета',
  head: 'Раздел доступен только руководителю отдела',
  /** A registered organisation not yet confirmed may prepare, not file (docs/product.md «Registration»). */
  pendingCompany: 'Организация ещё не подтверждена комитетом',
} as const;

/** The caller's company; 403 for a user of none (an examiner). */
export function requireCompanyUser(actor: Actor): number {
  if (actor.company_id === null) throw apiError('forbidden', ROLE_REFUSALS.companyUser);
  return actor.company_id;
}

/** The caller's company, confirmed: 403 for a user of none, and for a `pending` one with why. */
export function requireConfirmedCompany(actor: Actor): number {
  const companyId = requireCompanyUser(actor);
  if (actor.company_state === 'pending') throw apiError('forbidden', ROLE_REFUSALS.pendingCompany);
  return companyId;
}

/** 403 unless the caller owns their company. */
export function requireOwner(actor: Actor): void {
  if (actor.role !== 'owner') throw apiError('forbidden', ROLE_REFUSALS.owner);
}

/**
 * Whether the caller sees what a company submitted (its statements, their files and remarks): any examiner, and that
 * company's users. Anything else is answered as missing (404), never as forbidden.
 */
export function seesCompany(actor: Actor, companyId: number): boolean {
  return actor.role === 'examiner' || (actor.company_id !== null && actor.company_id === companyId);
}

/** 403 unless the caller is an examiner of the committee. */
export function requireExaminer(actor: Actor): void {
  if (actor.role !== 'examiner') throw apiError('forbidden', ROLE_REFUSALS.examiner);
}

/** 403 unless the caller is the committee's head (an examiner with the head's flag). */
export function requireHead(actor: Actor): void {
  if (actor.role !== 'examiner' || !actor.is_head) throw apiError('forbidden', ROLE_REFUSALS.head);
}
