// What became of a company's power of attorney, in the history of the statements it matters to (docs/product.md
// «Powers of attorney»): a revocation by the company, or what an examiner found in the ФНС's registry, is entered in
// every undecided statement of the company some signature of which relies on that МЧД. The status stays.
import type { DocumentSignature, PowerOfAttorneyEvent } from '#domain/contract.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../users/user.ts';
import { author, TRANSITIONS } from './transitions.ts';
import { insertHistory, listRepresentedSignatures } from './workflow.repository.ts';

/** A statement still under the committee's consideration: its signatures are still being relied on. */
const UNDECIDED = TRANSITIONS.withdraw.from;

export interface PowerOfAttorneyChange {
  companyId: number;
  powerOfAttorney: { id: number; number: string };
  event: PowerOfAttorneyEvent;
  /** The owner's reason for a revocation, the examiner's note on a registry check. */
  note: string | null;
  actor: UserRow;
  at: string;
}

/**
 * Enters the change in the history of each undecided statement of the company whose stored signatures name this
 * power of attorney, in the caller's transaction (the change's own); the statements' ids.
 */
export async function notePowerOfAttorneyChange(db: Db, change: PowerOfAttorneyChange): Promise<number[]> {
  const signatures = await listRepresentedSignatures(db, change.companyId, UNDECIDED);
  const relying = new Map<number, (typeof signatures)[number]['status']>();
  for (const row of signatures) {
    const check = JSON.parse(row.signature_check ?? 'null') as DocumentSignature | null;
    if (check?.powerOfAttorney?.id === change.powerOfAttorney.id) relying.set(row.statement_id, row.status);
  }
  for (const [statementId, status] of relying) {
    await insertHistory(db, {
      statementId,
      from: status,
      to: status,
      actor: author(change.actor),
      at: change.at,
      powerOfAttorney: { ...change.powerOfAttorney, event: change.event, note: change.note },
    });
  }
  return [...relying.keys()];
}
