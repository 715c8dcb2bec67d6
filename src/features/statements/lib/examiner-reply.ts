// Pure rules of the examiner's reply (docs/product.md «Transitions», «Permissions»): who may answer, and the three
// answers.
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
