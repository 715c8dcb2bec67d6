import type { Db } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { seesCompany } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { findDecisionFacts, findFileByKey, findStatementRow } from './statements.repository.ts';

// How other areas (certificates, files) reach a statement: found for an actor (users/guards.ts:seesCompany), its
// files and its decision read.

const NOT_FOUND = 'Заявление не найдено';

/** The bare row of a statement the actor may see; another company's is the same 404 as a wrong id. */
export async function findStatementFor(db: Db, actor: UserRow, id: number) {
  const row = await findStatementRow(db, id);
  if (!row || !seesCompany(actor, row.company_id)) throw apiError('not_found', NOT_FOUND);
  return row;
}

/** A stored file of a statement the actor may see, by its storage key; undefined for any other key. */
export async function findStatementFileFor(db: Db, actor: UserRow, key: string) {
  const file = await findFileByKey(db, key);
  return file && seesCompany(actor, file.company_id) ? file : undefined;
}

/** What the statement's decision is about: as it was when approved, otherwise (or with no snapshot) as it is now. */
export function decisionFacts(db: Db, statement: { id: number; status: string }) {
  return findDecisionFacts(db, statement.id, statement.status === 'approved');
}
