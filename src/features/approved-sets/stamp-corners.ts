import { atom, map, type ReadableAtom } from 'nanostores';
import type { ForeseenNotStampedFile, StageFile, StampCorner, Statement } from '#domain/contract.ts';
import { viewKind } from '#domain/files.ts';
import { api } from '#stores/api.ts';

// Where the stamp 'СОГЛАСОВАНО' goes on each document of the approved submission (docs/product.md «The approved
// set»): bottom right unless the examiner chooses another corner in the approval dialog.

export const STAMP_CORNERS: readonly StampCorner[] = ['bottom-right', 'bottom-left', 'top-right', 'top-left'];

/** The documents of a submission that get the stamp: PDFs and images (a Word file is listed as not stamped). */
export function stampableDocuments(files: readonly StageFile[]): StageFile[] {
  return files.filter((file) => viewKind(file.fileName) !== 'none');
}

/** The files of the submission an approval answers: the company's last round. */
export function approvedSubmissionFiles(statement: Statement): readonly StageFile[] {
  return statement.stages.findLast((stage) => !stage.isGovernmentAgency)?.files ?? [];
}

/**
 * The corners of one approval dialog, by file id, and what the server foresees will go unstamped (null while it is
 * asked, and when it could not be asked: the set names them after the approval anyway).
 */
export function createStampCorners() {
  const $corners = map<Record<string, StampCorner>>({});
  const $notStamped = atom<readonly ForeseenNotStampedFile[] | null>(null);
  let asked = 0;
  return {
    $corners: $corners as ReadableAtom<Readonly<Record<string, StampCorner>>>,
    $notStamped: $notStamped as ReadableAtom<readonly ForeseenNotStampedFile[] | null>,
    /** Asks which documents of the statement's submission an approval now would leave without a stamp. */
    async foresee(statementId: number) {
      const ask = ++asked;
      $notStamped.set(null);
      try {
        const { data } = await api.GET('/api/instance/statements/{id}/not-stamped', {
          params: { path: { id: statementId } },
        });
        if (ask === asked && data) $notStamped.set(data.notStamped);
      } catch {
        // Not told beforehand: the set lists them once made.
      }
    },
    /** A corner for one document. */
    choose(fileId: number, corner: StampCorner) {
      $corners.setKey(String(fileId), corner);
    },
    /** Every document back at the default (a new dialog). */
    reset() {
      $corners.set({});
    },
    /** What the approval sends: the documents whose corner is not the default. */
    body(): { fileId: number; corner: StampCorner }[] {
      return Object.entries($corners.get())
        .filter(([, corner]) => corner !== 'bottom-right')
        .map(([fileId, corner]) => ({ fileId: Number(fileId), corner }));
    },
  };
}

/** One approval dialog's corners (createStampCorners). */
export type StampCorners = ReturnType<typeof createStampCorners>;
