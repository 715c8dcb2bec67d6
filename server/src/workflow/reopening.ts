import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { requireHead } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { changeStatus, MOVED, startsFrom, TRANSITIONS } from './transitions.ts';
import { deleteStatementRefusalGrounds } from './workflow.repository.ts';

/** A refusal an upheld appeal cancels: which statement, from which refusal, the appeal, and who reviews again. */
export interface Reopening {
  statementId: number;
  from: 'rejected' | 'not_accepted';
  examiner: { id: number; fio: string | null };
  appealId: number;
  /** Written in the status change's transaction at its moment (the appeal's decision and its letter). */
  alongside: (db: Db, at: string) => Promise<void>;
  /** Why the status did not move (read in the failed transaction): always throws. */
  explainFailure: (db: Db) => Promise<never>;
}

/**
 * An upheld appeal cancels a refusal (docs/product.md «Appeals»): `rejected` or `not_accepted` back to `under_review`
 * with a new review term and the examiner the head chose, the history naming the appeal, the cancelled refusal's
 * grounds forgotten (its letter keeps them), the examiner told; the appeal's decision and answer are written in the
 * same transaction. The appeals area calls it when its head upholds such an appeal.
 */
export async function reopenByAppeal(ctx: ServiceContext, actor: UserRow, reopening: Reopening): Promise<void> {
  requireHead(actor);
  if (!startsFrom(TRANSITIONS.appealUpheld, reopening.from)) throw apiError('invalid_transition', MOVED);
  const { statementId, examiner } = reopening;
  await changeStatus(ctx, actor, {
    move: {
      id: statementId,
      from: reopening.from,
      to: TRANSITIONS.appealUpheld.to[0],
      reviewBy: examiner.id,
      appeal: { appealId: reopening.appealId, examinerId: examiner.id, examinerName: examiner.fio },
    },
    event: { kind: 'appeal_upheld', examinerId: examiner.id },
    explainFailure: reopening.explainFailure,
    alongside: async (db, { at }) => {
      await deleteStatementRefusalGrounds(db, statementId);
      await reopening.alongside(db, at);
      return undefined;
    },
  });
}
