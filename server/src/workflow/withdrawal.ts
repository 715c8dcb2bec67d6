import type { WithdrawInput } from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { closeRemarksWithWithdrawal } from '../remarks/remarks.service.ts';
import { optionalText } from '../text.ts';
import { requireCompanyUser } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { findStatementFor, requireApplicantOrOwner } from './statement-access.ts';
import { changeStatus, MOVED, startsFrom, TRANSITIONS } from './transitions.ts';

const NOT_WITHDRAWABLE = 'Заявление уже нельзя отозвать: рассмотрение завершено';
const NOT_WITHDRAWER = 'Отозвать заявление может только подавший его сотрудник или владелец компании';

/**
 * The first stage's applicant or the owner withdraws the statement while it is `sent`, `under_review` or
 * `has_comments` (оставление без рассмотрения по заявлению заявителя): the reason as a company stage, the term
 * stopped, the remarks still open closed, the assigned examiner (every examiner when none is) told. Another
 * company's statement is as missing as a wrong id (404); after a decision or a withdrawal, 409.
 */
export async function withdrawStatement(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: WithdrawInput,
): Promise<void> {
  requireCompanyUser(actor);
  const row = await findStatementFor(ctx.db, actor, statementId);
  await requireApplicantOrOwner(ctx.db, actor, statementId, NOT_WITHDRAWER);
  const { to } = TRANSITIONS.withdraw;
  // A decision awaiting its signature is made: the review is over, though it has not reached the company yet.
  if (!startsFrom(TRANSITIONS.withdraw, row.status) || row.held_status !== null) {
    throw apiError('invalid_transition', NOT_WITHDRAWABLE);
  }
  const reason = optionalText(input.reason);
  await changeStatus(ctx, actor, {
    move: { id: statementId, from: row.status, to: to[0] },
    event: { kind: 'withdrawn', examinerId: row.examiner_id, reason },
    explainFailure: async () => {
      throw apiError('invalid_transition', MOVED);
    },
    stage: { byCommittee: false, comment: reason, prefileIds: [] },
    alongside: async (db, { at }) => {
      await closeRemarksWithWithdrawal(db, statementId, actor, at);
      return undefined;
    },
  });
}
