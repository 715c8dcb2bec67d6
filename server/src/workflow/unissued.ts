import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { forgetUploads } from '../prefiles/prefiles.service.ts';
import { deleteHeldRound, type HeldDecision } from './workflow.repository.ts';

// A held decision dropped unissued (docs/product.md «Signatures»): its examiner was deactivated before signing it, or
// the applicant withdrew the statement first. It never reached the applicant, so nothing of it is kept but the
// history entry that names it: its round, files and refusal grounds go.

/** Removes a held decision's round in the caller's transaction; returns its files' keys for `removeUnissuedFiles`. */
export async function dropHeldRound(db: Db, statementId: number, decision: HeldDecision): Promise<string[]> {
  const keys = await deleteHeldRound(db, statementId, decision);
  await forgetUploads(db, keys);
  return keys;
}

/** The bytes of dropped rounds' files, once their removal committed. */
export async function removeUnissuedFiles(ctx: ServiceContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) await ctx.files.remove(key).catch((error: unknown) => ctx.logError(error, 'file removal'));
}
