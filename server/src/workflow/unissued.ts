import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { forgetRoundFiles } from '../files/stage-files.ts';
import { forgetUploads } from '../prefiles/prefiles.service.ts';
import { deleteStage, deleteStatementRefusalGrounds, findHeldRound, type HeldDecision } from './workflow.repository.ts';

// A held decision dropped unissued (docs/product.md «Signatures»): its examiner was deactivated before signing it, or
// the applicant withdrew the statement first. It never reached the applicant, so nothing of it is kept but the
// history entry that names it: its round, files and refusal grounds go.

/**
 * Removes a held decision's round (the statement's latest of that decision) with its files and the grounds of the
 * refusal it gave, in the caller's transaction; returns its files' keys for `removeUnissuedFiles`. Clearing
 * `held_status` is the caller's.
 */
export async function dropHeldRound(db: Db, statementId: number, decision: HeldDecision): Promise<string[]> {
  const round = await findHeldRound(db, statementId, decision);
  if (round === null) return [];
  const keys = await forgetRoundFiles(db, round);
  await forgetUploads(db, keys);
  await deleteStage(db, round);
  await deleteStatementRefusalGrounds(db, statementId);
  return keys;
}

/** The bytes of dropped rounds' files, once their removal committed. */
export async function removeUnissuedFiles(ctx: ServiceContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) await ctx.files.remove(key).catch((error: unknown) => ctx.logError(error, 'file removal'));
}
