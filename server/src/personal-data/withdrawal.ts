// The withdrawal of a consent to the processing of personal data (docs/product.md «Personal data»): a company user
// withdraws it in their profile, or a head records one that came on paper. Either way the account is closed at once
// (as a removal: login refused, sessions ended) and the scheduled destruction clears the person's data after
// `CONSENT_WITHDRAWAL_RETENTION_DAYS` from the withdrawal; what decisions and letters issued name stays.
import type { ConsentWithdrawal, ConsentWithdrawalConfirmation, ConsentWithdrawalInput } from '#domain/contract.ts';
import { inAdminTransaction, recordChange } from '../administration/admin-log.ts';
import { revokeUserSessions } from '../auth/session.service.ts';
import type { ServiceContext } from '../context.ts';
import { type Db, nowIso } from '../db/database.ts';
import { localDate } from '../deadlines/calendar.ts';
import { apiError, fieldError } from '../errors.ts';
import { ROLE_REFUSALS, requireHead } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { listCompanyUsers, markUserRemoved, recordConsentWithdrawn } from '../users/users.service.ts';
import { findAccount } from './withdrawal.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the withdrawal says, in Russian. */
export const WITHDRAWAL_TEXTS = {
  ownerWithEmployees:
    'Вы — владелец компании, и в ней есть другие сотрудники: без владельца их учётными записями некому будет ' +
    'управлять. Сначала удалите сотрудников в разделе «Сотрудники» или направьте отзыв согласия в комитет письменно.',
  notFound: 'Пользователь не найден',
  staff:
    'Сотрудники комитета и согласующих органов не дают согласия на обработку персональных данных: их данные ' +
    'обрабатываются в связи с работой',
  already: 'Согласие этого человека уже отозвано',
  futureDay: 'Дата получения не может быть позже сегодняшней',
  confirm: 'Подтвердите, что понимаете последствия отзыва согласия',
} as const;

/** When the destruction may clear the data of a person who withdrew at `at`. */
function destroyAfter(ctx: ServiceContext, at: string): string {
  return nowIso(new Date(new Date(at).getTime() + ctx.config.consentWithdrawalRetentionDays * DAY_MS));
}

/** Closes the account and keeps the withdrawal, in the caller's transaction; false when it was withdrawn already. */
async function closeForWithdrawal(
  db: Db,
  id: number,
  withdrawal: { at: string; closedAt: string; via: ConsentWithdrawal['via'] },
): Promise<boolean> {
  if (!(await recordConsentWithdrawn(db, id, withdrawal.at, withdrawal.via))) return false;
  await markUserRemoved(db, id, withdrawal.closedAt);
  await revokeUserSessions(db, id, withdrawal.closedAt);
  return true;
}

/**
 * A company user withdraws their own consent (`confirm` true): the account is closed at once. 403 for the committee's
 * staff; 409 for the owner of a company with other active employees (the company would be left with nobody to manage
 * them).
 */
export async function withdrawOwnConsent(
  ctx: ServiceContext,
  actor: UserRow,
  input: ConsentWithdrawalConfirmation,
): Promise<void> {
  if (actor.company_id === null) throw apiError('forbidden', ROLE_REFUSALS.companyUser);
  if (input.confirm !== true) throw fieldError('confirm', WITHDRAWAL_TEXTS.confirm);
  const companyId = actor.company_id;
  const at = nowIso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    if (actor.role === 'owner') {
      const others = (await listCompanyUsers(trx, companyId)).filter((user) => user.id !== actor.id);
      if (others.length > 0) throw apiError('invalid_transition', WITHDRAWAL_TEXTS.ownerWithEmployees);
    }
    if (!(await closeForWithdrawal(trx, actor.id, { at, closedAt: at, via: 'portal' }))) {
      throw apiError('invalid_transition', WITHDRAWAL_TEXTS.already);
    }
  });
}

/**
 * A head records a withdrawal that came on paper: the account is closed at once (an owner's too: the law lets the
 * operator refuse no withdrawal), the withdrawal dated the day it came; logged. 404 for an unknown id, 409 for the
 * committee's staff and for a consent already withdrawn, 400 for a day in the future.
 */
export async function recordConsentWithdrawal(
  ctx: ServiceContext,
  actor: UserRow,
  id: number,
  input: ConsentWithdrawalInput,
): Promise<ConsentWithdrawal> {
  requireHead(actor);
  const now = ctx.now();
  const today = localDate(now, ctx.config.timeZone);
  if (input.receivedOn !== undefined && input.receivedOn > today) {
    throw fieldError('receivedOn', WITHDRAWAL_TEXTS.futureDay);
  }
  return inAdminTransaction(ctx, async (trx, closedAt) => {
    const account = await findAccount(trx.db, id);
    if (!account) throw apiError('not_found', WITHDRAWAL_TEXTS.notFound);
    if (account.company_id === null) throw apiError('invalid_transition', WITHDRAWAL_TEXTS.staff);
    const at =
      input.receivedOn === undefined || input.receivedOn === today ? closedAt : `${input.receivedOn}T09:00:00.000Z`;
    if (!(await closeForWithdrawal(trx.db, id, { at, closedAt, via: input.via }))) {
      throw apiError('invalid_transition', WITHDRAWAL_TEXTS.already);
    }
    await recordChange(trx.db, actor, closedAt, 'consent_withdrawn', account.fio ?? account.email ?? `#${id}`, {
      via: input.via,
      receivedOn: input.receivedOn ?? today,
    });
    return { personId: id, fio: account.fio, withdrawnAt: at, via: input.via, destroyAfter: destroyAfter(ctx, at) };
  });
}
