import type { Db } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { seesCompany } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { NOT_FOUND } from './transitions.ts';
import { findDecisionFacts, findFirstApplicantId, findStatementRow } from './workflow.repository.ts';

// How a procedure and other areas (statements, certificates) reach a statement: found for an actor
// (users/guards.ts:seesCompany), who of the company may act on it, and its decision read.

/** The bare row of a statement, whoever asks (the areas that apply their own rule of access: conclusions). */
export function findStatementById(db: Db, id: number) {
  return findStatementRow(db, id);
}

/** The bare row of a statement the actor may see; another company's is the same 404 as a wrong id. */
export async function findStatementFor(db: Db, actor: UserRow, id: number) {
  const row = await findStatementRow(db, id);
  if (!row || !seesCompany(actor, row.company_id)) throw apiError('not_found', NOT_FOUND);
  return row;
}

/**
 * Only the first stage's applicant or the company's owner may delete or withdraw a statement of their company
 * (docs/product.md «Permissions»): 403 with `message` for anyone else.
 */
export async function requireApplicantOrOwner(
  db: Db,
  actor: UserRow,
  statementId: number,
  message: string,
): Promise<void> {
  if (actor.role !== 'owner' && (await findFirstApplicantId(db, statementId)) !== actor.id) {
    throw apiError('forbidden', message);
  }
}

/** What the statement's decision is about: as it was when approved, otherwise (or with no snapshot) as it is now. */
export function decisionFacts(db: Db, statement: { id: number; status: string }) {
  return findDecisionFacts(db, statement.id, statement.status === 'approved');
}
