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

/**
 * True when the statement's last round is a decision awaiting its signature ('Ожидает подписи', docs/product.md
 * «Signatures»): it is decided, though its status stays until it is signed, so nobody answers it again meanwhile.
 */
export function awaitsSignature(statement: Partial<Pick<Statement, 'stages'>> | null): boolean {
  return statement?.stages?.at(-1)?.awaitingSignature === true;
}

/** Only the assigned examiner (examinerId equals the user's id), and only in under_review, may answer. */
export function canReply(
  statement: (Pick<Statement, 'status' | 'examinerId'> & Partial<Pick<Statement, 'stages'>>) | null,
  user: { id: number; instance?: unknown } | null,
): boolean {
  if (!statement || !user || user.instance == null || awaitsSignature(statement)) return false;
  return statement.status === 'under_review' && statement.examinerId === user.id;
}

/** Any examiner may refuse to accept the documents of a statement still in `sent` (the intake check's outcome). */
export function canRefuseAcceptance(
  statement: (Pick<Statement, 'status'> & Partial<Pick<Statement, 'stages'>>) | null,
  user: { instance?: unknown } | null,
): boolean {
  return statement?.status === 'sent' && !awaitsSignature(statement) && user != null && user.instance != null;
}
