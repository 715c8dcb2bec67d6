// The review term's line under a detail's status, and the terms' tags of the lists (a card, the team's queue, the
// news), drawn the same way on both sides (docs/product.md «Deadlines and history»).
import { DeadlineMark, TermNote } from '#components/statement/TermNote.tsx';
import type { ReviewDeadline } from '#domain/contract.ts';
import type { StatusView } from '#domain/statuses.ts';
import { type DeadlineSource, deadlineLine, intakeTermLine, shortDeadline } from '#lib/deadline.ts';

/** The deadline line under a detail's status; nothing when no term is known. */
export function DeadlineNote({ statement }: { statement: DeadlineSource }) {
  return <TermNote line={deadlineLine(statement)} />;
}

/** The intake check's term under a detail's status while the statement waits for it; nothing otherwise. */
export function IntakeTermNote({
  deadline,
  reader,
}: {
  deadline: ReviewDeadline | null | undefined;
  reader: StatusView;
}) {
  return <TermNote line={intakeTermLine(deadline, reader)} testId="intake-term" />;
}

/** The due date of a running term on a list card ('Срок: до 4 декабря', 'Просрочено на …'); nothing otherwise. */
export function DeadlineTag({ deadline }: { deadline: ReviewDeadline | null | undefined }) {
  return <DeadlineMark line={shortDeadline(deadline)} />;
}

/** The intake check's term on the news ('Проверить до 4 декабря 2026 г.', overdue marked); nothing when none runs. */
export function IntakeTermTag({ deadline }: { deadline: ReviewDeadline | null | undefined }) {
  return <DeadlineMark line={intakeTermLine(deadline)} />;
}
