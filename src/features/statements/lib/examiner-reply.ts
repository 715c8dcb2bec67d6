// Pure rules of the examiner's reply (docs/product.md «Transitions», «Permissions»): who may answer, the three
// answers, and who may refuse to accept a statement.
import type { Statement } from '#domain/contract.ts';

/** The statuses an examiner's reply moves a statement to. */
export type ReplyStatus = 'has_comments' | 'approved' | 'rejected';

/** The choices of 'Предоставить ответ', in the product's order, with their labels. */
export const REPLY_CHOICES: ReadonlyArray<{ status: ReplyStatus; label: string }> = [
  { status: 'has_comments', label: 'На доработку' },
  { status: 'approved', label: 'Согласовать' },
  { status: 'rejected', label: 'Отклонить' },
];

/** The label of a reply choice. */
export function replyLabel(status: ReplyStatus): string {
  return REPLY_CHOICES.find((choice) => choice.status === status)?.label ?? status;
}

/** Only the assigned examiner (examinerId equals the user's id), and only in under_review, may answer. */
export function canReply(
  statement: Pick<Statement, 'status' | 'examinerId'> | null,
  user: { id: number; instance?: unknown } | null,
): boolean {
  if (!statement || !user || user.instance == null) return false;
  return statement.status === 'under_review' && statement.examinerId === user.id;
}

/** Any examiner may refuse to accept the documents of a statement still in `sent` (the intake check's outcome). */
export function canRefuseAcceptance(
  statement: Pick<Statement, 'status'> | null,
  user: { instance?: unknown } | null,
): boolean {
  return statement?.status === 'sent' && user != null && user.instance != null;
}
