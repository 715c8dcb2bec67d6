import type { FileChange } from '#domain/contract.ts';
import { ABSENT_FILE_LABEL, fileChangeLabels } from './viewer-rules.ts';

/** A file's mark against the previous submission ('новый', 'изменён', 'без изменений'), or nothing. */
export function ChangeMark({ change }: { change: FileChange | null }) {
  if (!change) return null;
  return <span className={`file-mark file-mark--${change}`}>{fileChangeLabels[change]}</span>;
}

/** The mark of a previous submission's file this round does not present again. */
export function AbsentMark() {
  return <span className="file-mark file-mark--absent">{ABSENT_FILE_LABEL}</span>;
}
