import type { Stage, StageFile } from '#domain/contract.ts';

/** A stage's file as stored: what the comparison reads. */
type StoredStageFile = Omit<StageFile, 'change' | 'previousUrl'>;

/** A stage as stored, before its files are compared with the previous submission. */
export type StoredStage = Omit<Stage, 'files' | 'absentFiles'> & { files: StoredStageFile[] };

const alone = (file: StoredStageFile): StageFile => ({ ...file, change: null, previousUrl: null });

/** A document's detached signature as the comparison sees it: its bytes, or none. */
const signatureOf = (file: StoredStageFile) => file.signatureFile?.sha256 ?? file.signatureFile?.url ?? null;

/**
 * Marks each file of a company submission against the company's previous submission of the statement
 * (docs/product.md «Rounds»): the same name with the same SHA-256 is unchanged, with other bytes changed; a file
 * under a new name whose bytes the previous submission had is unchanged (renamed); anything else is new. What the
 * previous submission had and this one does not present again is absent. A document whose detached signature was
 * added, removed or replaced is changed like one whose bytes changed. The committee's replies stand alone.
 * `stages` are oldest first; names are matched before hashes, so a renamed copy never takes another file's match.
 */
export function compareRounds(stages: readonly StoredStage[]): Stage[] {
  let previous: StoredStage | null = null;
  return stages.map((stage) => {
    const base = { ...stage, files: stage.files.map(alone), absentFiles: [] as StageFile[] };
    if (stage.isGovernmentAgency) return base;
    const before = previous;
    previous = stage;
    if (!before) return base;

    const unmatched = new Set(before.files);
    const take = (found: StoredStageFile | undefined) => {
      if (found) unmatched.delete(found);
      return found;
    };
    const byName = stage.files.map((file) => take([...unmatched].find((old) => old.fileName === file.fileName)));
    const files = stage.files.map((file, index): StageFile => {
      const sameName = byName[index];
      if (sameName) {
        if (file.sha256 === null || sameName.sha256 === null) return { ...file, change: null, previousUrl: null };
        return {
          ...file,
          change:
            file.sha256 === sameName.sha256 && signatureOf(file) === signatureOf(sameName) ? 'unchanged' : 'changed',
          previousUrl: sameName.url,
        };
      }
      const sameBytes =
        file.sha256 === null ? undefined : take([...unmatched].find((old) => old.sha256 === file.sha256));
      return sameBytes
        ? {
            ...file,
            change: signatureOf(file) === signatureOf(sameBytes) ? 'unchanged' : 'changed',
            previousUrl: sameBytes.url,
          }
        : { ...file, change: 'new', previousUrl: null };
    });
    return { ...base, files, absentFiles: [...unmatched].map(alone) };
  });
}
