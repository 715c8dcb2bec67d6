// The appeals' pure rules on the site (docs/product.md «Appeals»): the dialogs' checks with the kernel's texts, when
// the head names an examiner, the term's line, and the register's order.
import { APPEAL_TEXTS } from '#domain/appeals.ts';
import { committeeTime } from '#domain/committee-time.ts';
import type { Appeal, AppealSubject, AppealsRegisterItem } from '#domain/contract.ts';
import { petitionTextProblem } from '#domain/petitions.ts';
import type { DeadlineLine } from '#lib/deadline.ts';
import type { FieldErrors } from '#lib/validators.ts';
import { decisionTexts, filingTexts, termTexts } from '../texts.ts';

/** The company's dialog: a subject among those allowed now, and the text. */
export interface FilingValues {
  [field: string]: string;
  subject: string;
  text: string;
}

/** The subject must be one the statement allows now; the text is required. */
export function validateFiling(values: FilingValues, allowed: readonly AppealSubject[]): FieldErrors<FilingValues> {
  const errors: FieldErrors<FilingValues> = {};
  if (!allowed.includes(values.subject as AppealSubject)) errors.subject = filingTexts.subjectRequired;
  const text = petitionTextProblem(values.text, APPEAL_TEXTS.textRequired);
  if (text) errors.text = text;
  return errors;
}

/** The head's dialog: uphold or dismiss, and the answer. */
export interface DecisionValues {
  [field: string]: string;
  outcome: '' | 'upheld' | 'dismissed';
  text: string;
}

/** An outcome is chosen; the answer is required. */
export function validateDecision(values: DecisionValues): FieldErrors<DecisionValues> {
  const errors: FieldErrors<DecisionValues> = {};
  if (values.outcome !== 'upheld' && values.outcome !== 'dismissed') errors.outcome = decisionTexts.outcomeRequired;
  const text = petitionTextProblem(values.text, APPEAL_TEXTS.answerRequired);
  if (text) errors.text = text;
  return errors;
}

/** True when upholding cancels a refusal: the statement goes back under review, to the examiner the head names. */
export function asksExaminer(subject: AppealSubject, outcome: DecisionValues['outcome']): boolean {
  return outcome === 'upheld' && (subject === 'decision_refusal' || subject === 'acceptance_refusal');
}

/**
 * The appeal's term on a detail, read as the review term's line is: 'Срок ответа — до {date}', its last day, or
 * 'истёк' marked overdue; once answered, when and whether in time. `today`: the committee's day, `YYYY-MM-DD`.
 */
export function appealTermLine(
  appeal: Pick<Appeal, 'status' | 'dueDate' | 'overdue' | 'decision'>,
  today: string | null,
): DeadlineLine | null {
  if (appeal.decision) {
    const day = committeeTime(appeal.decision.decidedAt)?.day;
    if (!day) return null;
    return day <= appeal.dueDate
      ? { tone: 'on-time', text: termTexts.answeredOnTime(day), provisional: false }
      : { tone: 'late', text: termTexts.answeredLate(day, appeal.dueDate), provisional: false };
  }
  if (appeal.overdue) return { tone: 'overdue', text: termTexts.overdue(appeal.dueDate), provisional: false };
  if (appeal.dueDate === today) return { tone: 'due', text: termTexts.lastDay(appeal.dueDate), provisional: false };
  return { tone: 'running', text: termTexts.running(appeal.dueDate), provisional: false };
}

/** The register's tag of an open appeal: 'Ответить до {date}', overdue marked; null once answered. */
export function registerTermLine(
  item: Pick<AppealsRegisterItem, 'status' | 'dueDate' | 'overdue'>,
): DeadlineLine | null {
  if (item.status !== 'filed') return null;
  return item.overdue
    ? { tone: 'overdue', text: termTexts.tagOverdue(item.dueDate), provisional: false }
    : { tone: 'running', text: termTexts.tag(item.dueDate), provisional: false };
}

/** Open appeals first, by due date then filing; then the answered ones in the order given (the newest decision first). */
export function openFirst(items: readonly AppealsRegisterItem[]): AppealsRegisterItem[] {
  const open = items
    .filter((item) => item.status === 'filed')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.filedAt.localeCompare(b.filedAt));
  return [...open, ...items.filter((item) => item.status !== 'filed')];
}
