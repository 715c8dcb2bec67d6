import type { WithdrawInput } from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { closeRemarksWithWithdrawal } from '../remarks/remarks.service.ts';
import { optionalText } from '../text.ts';
import { requireCompanyUser } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { findStatementFor, requireApplicantOrOwner } from './statement-access.ts';
import { changeStatus, MOVED, startsFrom, TRANSITIONS } from './transitions.ts';
import { dropHeldRound, removeUnissuedFiles } from './unissued.ts';
import type { HeldDecision } from './workflow.repository.ts';

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
  if (!startsFrom(TRANSITIONS.withdraw, row.status)) throw apiError('invalid_transition', NOT_WITHDRAWABLE);
  const reason = optionalText(input.reason);
  // A decision awaiting its signature has not been issued: the withdrawal comes first and drops it (the company never
  // knew of it, so it may withdraw as before).
  const held = row.held_status as HeldDecision | null;
  const dropped: string[] = [];
  await changeStatus(ctx, actor, {
    move: { id: statementId, from: row.status, to: to[0], ...(held ? { discarding: held } : {}) },
    event: { kind: 'withdrawn', examinerId: row.examiner_id, reason },
    explainFailure: async () => {
      throw apiError('invalid_transition', MOVED);
    },
    stage: { byCommittee: false, comment: reason, prefileIds: [] },
    alongside: async (db, { at }) => {
      if (held) dropped.push(...(await dropHeldRound(db, statementId, held)));
      await closeRemarksWithWithdrawal(db, statementId, actor, at);
      return undefined;
    },
  });
  await removeUnissuedFiles(ctx, dropped);
}
