// A term's line and tag as every block of a statement's detail draws it (the review term, an intake check's, a
// correction's, an appeal's): overdue marked by '!' as well as by colour, 'предварительно' where the calendar is not
// loaded.
import { type DeadlineLine, deadlineTexts } from '#lib/deadline.ts';

/** 'предварительно' after a term that touches a year without a loaded production calendar, with the reason. */
function Provisional({ line }: { line: DeadlineLine }) {
  if (!line.provisional) return null;
  return (
    <>
      {', '}
      <span className="deadline__provisional" title={deadlineTexts.provisionalHint}>
        {deadlineTexts.provisional}
      </span>
      <span className="visually-hidden"> ({deadlineTexts.provisionalHint})</span>
    </>
  );
}

/** A term's line as a detail shows it (the review term, a correction's): overdue marked by '!' as well as by colour. */
export function TermNote({ line, testId = 'deadline' }: { line: DeadlineLine | null; testId?: string }) {
  if (!line) return null;
  const warning = line.tone === 'overdue' || line.tone === 'late';
  return (
    <p className={`deadline deadline--${line.tone}`} data-testid={testId}>
      {warning && (
        <span className="deadline__icon" aria-hidden="true">
          !
        </span>
      )}
      <span>
        {line.text}
        <Provisional line={line} />
      </span>
    </p>
  );
}

/** A short term line as a tag: the overdue one marked by '!' as well as by colour. */
export function DeadlineMark({ line }: { line: DeadlineLine | null }) {
  if (!line) return null;
  return (
    <span className={`deadline-tag deadline-tag--${line.tone}`}>
      {line.tone === 'overdue' && (
        <span className="deadline__icon" aria-hidden="true">
          !
        </span>
      )}
      {line.text}
      <Provisional line={line} />
    </span>
  );
}
