import type { RefuseAcceptanceInput } from '#domain/contract.ts';
import { REFUSAL_TEXTS } from '#domain/refusals.ts';
import { groundsByIds } from '../catalogs/catalogs.service.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apiError, fieldError } from '../errors.ts';
import { attachToStage } from '../prefiles/prefiles.service.ts';
import { holdsDecision } from '../signatures/signed-decisions.ts';
import { recordRoundSignatures, type SignatureLink } from '../signatures/signed-uploads.ts';
import { requireExaminer } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { storeRefusalLetter } from './refusal-letters.ts';
import { author, changeStatus, MOVED, NOT_FOUND, openRound, TRANSITIONS } from './transitions.ts';
import { findStatementRow, insertHistory, insertStatementRefusalGrounds } from './workflow.repository.ts';

// A statement's intake (docs/product.md «The regulation's procedures»): its first round when the company files it,
// then the intake check's outcome: an examiner takes it into work, or refuses to accept its documents.

/**
 * The first round of a statement just created in `trx` (`sent`): its history's first entry, the applicant's stage
 * with the uploads and their checked signatures. The statements area creates the statement and calls this in the
 * same transaction.
 */
export async function openSubmission(
  trx: Db,
  actor: UserRow,
  submission: { statementId: number; comment: string | null; prefileIds: readonly number[]; at: string },
  signatures: readonly SignatureLink[],
): Promise<void> {
  const { statementId, at } = submission;
  await insertHistory(trx, { statementId, from: null, to: 'sent', actor: author(actor), at });
  const round = { statementId, status: 'sent', byCommittee: false, comment: submission.comment, at } as const;
  const { id: stageId } = await openRound(trx, actor, round);
  await attachToStage(trx, actor.id, submission.prefileIds, stageId, at);
  await recordRoundSignatures(trx, stageId, signatures);
}

/** An examiner takes a `sent` statement into work and becomes its examiner; of two at once exactly one wins. */
export async function takeIntoWork(ctx: ServiceContext, actor: UserRow, statementId: number): Promise<void> {
  requireExaminer(actor);
  const { from, to } = TRANSITIONS.takeIntoWork;
  await changeStatus(ctx, actor, {
    move: { id: statementId, from: from[0], to: to[0], assignExaminerId: actor.id },
    event: { kind: 'taken' },
    explainFailure: async (db) => {
      if (!(await findStatementRow(db, statementId))) throw apiError('not_found', NOT_FOUND);
      throw apiError('invalid_transition', 'Заявление уже взято в работу');
    },
  });
}

/**
 * Any examiner refuses to accept a `sent` statement's documents (the intake check's outcome) and becomes its
 * examiner: with at least one ground of the intake catalogue, kept as worded now, and the notice 'Уведомление об
 * отказе в приёме документов' as a file of the refusal's round. Of two examiners at once (or one taking it into work)
 * exactly one wins; the other gets 409 and nothing is stored.
 */
export async function refuseAcceptance(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: RefuseAcceptanceInput,
): Promise<void> {
  requireExaminer(actor);
  if (input.groundIds.length === 0) throw fieldError('groundIds', REFUSAL_TEXTS.intakeGroundRequired);
  const grounds = await groundsByIds(ctx, 'intake', input.groundIds);
  if (!grounds) throw fieldError('groundIds', REFUSAL_TEXTS.unknownGround);
  const { from, to } = TRANSITIONS.refuseAcceptance;
  const held = await holdsDecision(ctx, actor, to[0], [], 0);
  await changeStatus(ctx, actor, {
    move: { id: statementId, from: from[0], to: to[0], assignExaminerId: actor.id, ...(held ? { held: 'hold' } : {}) },
    event: { kind: 'not_accepted', grounds },
    explainFailure: async (db) => {
      if (!(await findStatementRow(db, statementId))) throw apiError('not_found', NOT_FOUND);
      throw apiError('invalid_transition', MOVED);
    },
    stage: { byCommittee: true, comment: input.comment, prefileIds: [] },
    alongside: async (db, { stageId, at }) => {
      await insertStatementRefusalGrounds(db, statementId, grounds);
      if (stageId !== null) await storeRefusalLetter(db, ctx, { statementId, stageId, kind: 'intake', at });
      return undefined;
    },
  });
}
