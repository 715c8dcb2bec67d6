import type { Db } from '../db/database.ts';
import {
  type AttachedFileOwner,
  deleteStageFiles,
  insertFilesFromPrefiles,
  insertStageFile,
  linkSignatureFile,
  type NewStageFile,
  updatePageCount,
} from './files.repository.ts';

// The one writer of the `files` table: a round's files enter it here, whoever makes them (the uploads a round
// attaches, a signature filed for a decision, a letter the committee makes), and only here are they marked (a
// signature's document, a page count) or removed (a held decision dropped unissued). Each runs in the caller's
// transaction.

export type { AttachedFileOwner };

/** Keeps a file the committee made (a refusal letter, an appeal's answer) as a file of its round. */
export function keepStageFile(db: Db, file: NewStageFile): Promise<void> {
  return insertStageFile(db, file);
}

/** Keeps uploads the caller just claimed (prefiles.service.ts:attachToStage) as files of the round. */
export function keepUploadsAsFiles(
  db: Db,
  attached: { stageId: number; prefileIds: readonly number[]; at: string; owner?: AttachedFileOwner },
): Promise<void> {
  if (attached.prefileIds.length === 0) return Promise.resolve();
  return insertFilesFromPrefiles(db, { ...attached, owner: attached.owner ?? {} });
}

/** Marks a round's signature file as the signature of its document, with the verdict. */
export function linkSignature(
  db: Db,
  stageId: number,
  link: { signatureKey: string; documentKey: string; check: string },
): Promise<void> {
  return linkSignatureFile(db, stageId, link);
}

/** Keeps a document's page count in the form the remarks store it. */
export function keepPageCount(db: Db, fileId: number, stored: number): Promise<void> {
  return updatePageCount(db, fileId, stored);
}

/**
 * Forgets the files of a round removed with them (a held decision dropped unissued, workflow/unissued.ts); returns
 * their storage keys, for their bytes to go once the caller's transaction committed.
 */
export function forgetRoundFiles(db: Db, stageId: number): Promise<string[]> {
  return deleteStageFiles(db, stageId);
}
