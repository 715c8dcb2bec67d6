import type {
  AdminExaminer,
  AdminExaminerDeactivation,
  AdminExaminerInput,
  AdminExaminerPatch,
} from '#domain/contract.ts';
import { askHeadsForInventories } from '../approved-sets/approved-sets.service.ts';
import { revokeUserSessions } from '../auth/session.service.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { ApiError, apiError, fieldError } from '../errors.ts';
import { optionalText } from '../text.ts';
import {
  findExaminer,
  findUserByEmail,
  insertExaminer,
  listAllExaminers,
  lockHeads,
  markExaminerRestored,
  markUserRemoved,
  updateExaminer as updateExaminerRow,
} from '../users/users.service.ts';
import { handOverToHead } from '../workflow/assigning.ts';
import { removeUnissuedFiles } from '../workflow/unissued.ts';
import { type Actor, inAdminTransaction, recordChange } from './admin-log.ts';

// The committee's examiners (docs/product.md «Administration»): added, edited, made or unmade head, deactivated and
// reactivated by a head on the screens, or by the admin CLI (create-examiner, set-head) through these same functions.
// Each change runs in one transaction with its administration log entry.

/** What the examiners' administration refuses with. */
export const EXAMINER_TEXTS = {
  notFound: 'Эксперт не найден',
  noExaminer: 'Активного эксперта с таким e-mail нет',
  lastHead: 'Это единственный руководитель отдела — должен остаться хотя бы один руководитель',
  lastHeadDeactivated: 'Это единственный руководитель отдела: сначала назначьте другого руководителя',
  inactive: 'Эксперт деактивирован: сначала верните ему доступ',
  alreadyInactive: 'Эксперт уже деактивирован',
  alreadyActive: 'Эксперт и так активен',
  fioRequired: 'Укажите ФИО',
  emailTakenMeanwhile: (email: string) => `E-mail ${email} уже используется другим пользователем портала`,
} as const;

type ExaminerRow = NonNullable<Awaited<ReturnType<typeof findExaminer>>>;

const toAdminExaminer = (row: ExaminerRow): AdminExaminer => ({
  id: row.id,
  email: row.email,
  fio: row.fio,
  phone: row.phone,
  position: row.position,
  isHead: row.removed_at === null && Boolean(row.is_head),
  active: row.removed_at === null,
  deactivatedAt: row.removed_at,
  createdAt: row.created_at,
});

/** What the log names an examiner as. */
const named = (row: Pick<ExaminerRow, 'fio' | 'email'>) => `${row.fio ?? '—'} (${row.email ?? 'без e-mail'})`;

async function examinerRow(db: Db, id: number): Promise<ExaminerRow> {
  const row = await findExaminer(db, id);
  if (!row) throw apiError('not_found', EXAMINER_TEXTS.notFound);
  return row;
}

/** Every examiner, deactivated ones included: active first, then by name. */
export async function adminExaminers(ctx: ServiceContext): Promise<AdminExaminer[]> {
  return (await listAllExaminers(ctx.db)).map(toAdminExaminer);
}

/**
 * Adds an examiner who can log in at once (a code to their e-mail); the committee's first examiner becomes its head.
 * The e-mail valid and free among active users (400 / 409 naming `email`), the name not blank (400 naming `fio`).
 */
export async function addExaminer(
  ctx: ServiceContext,
  actor: Actor,
  input: AdminExaminerInput,
): Promise<AdminExaminer> {
  return inAdminTransaction(ctx, async (trx, at) => {
    const { userId, isHead } = await insertExaminer(trx, input);
    const row = await examinerRow(trx.db, userId);
    await recordChange(trx.db, actor, at, 'examiner_created', named(row), {
      email: row.email,
      fio: row.fio,
      phone: row.phone,
      position: row.position,
      isHead,
    });
    return toAdminExaminer(row);
  });
}

/**
 * Changes an examiner's name, phone, position or head's flag (only what is sent). The committee keeps at least one
 * active head: unmaking the last one is refused (409); a deactivated examiner is not made head (409).
 */
export async function updateExaminer(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  patch: AdminExaminerPatch,
): Promise<AdminExaminer> {
  return inAdminTransaction(ctx, async (trx, at) => {
    const before = await examinerRow(trx.db, id);
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    let fio: string | undefined;
    if (patch.fio !== undefined) {
      const text = optionalText(patch.fio);
      if (text === null) throw fieldError('fio', EXAMINER_TEXTS.fioRequired);
      fio = text;
      if (text !== before.fio) changes.fio = { before: before.fio, after: text };
    }
    const phone = patch.phone === undefined ? undefined : optionalText(patch.phone);
    if (phone !== undefined && phone !== before.phone) changes.phone = { before: before.phone, after: phone };
    const position = patch.position === undefined ? undefined : optionalText(patch.position);
    if (position !== undefined && position !== before.position) {
      changes.position = { before: before.position, after: position };
    }
    const wasHead = before.removed_at === null && Boolean(before.is_head);
    if (patch.isHead !== undefined && patch.isHead !== wasHead) {
      if (before.removed_at !== null) throw apiError('invalid_transition', EXAMINER_TEXTS.inactive);
      if (!patch.isHead && (await lockHeads(trx.db)).filter((head) => head !== id).length === 0) {
        throw apiError('invalid_transition', EXAMINER_TEXTS.lastHead);
      }
      changes.isHead = { before: wasHead, after: patch.isHead };
    }
    await updateExaminerRow(trx.db, id, {
      ...(fio === undefined ? {} : { fio }),
      ...(phone === undefined ? {} : { phone }),
      ...(position === undefined ? {} : { position }),
      ...(changes.isHead ? { isHead: patch.isHead } : {}),
    });
    const after = await examinerRow(trx.db, id);
    if (Object.keys(changes).length > 0) {
      await recordChange(trx.db, actor, at, 'examiner_updated', named(after), { changes });
    }
    return toAdminExaminer(after);
  });
}

/**
 * Makes the active examiner with this e-mail the head or not (the admin CLI's set-head): `updateExaminer` by e-mail.
 */
export async function setHeadByEmail(ctx: ServiceContext, actor: Actor, email: string, isHead: boolean) {
  const user = await findUserByEmail(ctx.db, email);
  if (user?.role !== 'examiner') throw apiError('validation_error', EXAMINER_TEXTS.noExaminer);
  return updateExaminer(ctx, actor, user.id, { isHead });
}

/**
 * Deactivates an examiner in one transaction: they can no longer log in (their sessions and refresh tokens are
 * revoked; every request reads the user, so an access token stops at once too), everything they did keeps their name,
 * and their statements in work go to the head's queue without an examiner (the team's workload lists them). The
 * last active head is not deactivated (409), by themself or another head.
 */
export async function deactivateExaminer(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<AdminExaminerDeactivation> {
  const done = await inAdminTransaction(ctx, async (trx, at) => {
    const before = await examinerRow(trx.db, id);
    if (before.removed_at !== null) throw apiError('invalid_transition', EXAMINER_TEXTS.alreadyInactive);
    if (before.is_head) {
      if ((await lockHeads(trx.db)).filter((head) => head !== id).length === 0) {
        throw apiError('invalid_transition', EXAMINER_TEXTS.lastHeadDeactivated);
      }
      await updateExaminerRow(trx.db, id, { isHead: false });
    }
    if (!(await markUserRemoved(trx.db, id, at))) throw apiError('invalid_transition', EXAMINER_TEXTS.alreadyInactive);
    await revokeUserSessions(trx.db, id, at);
    const { handedOver, discardedFiles } = await handOverToHead(trx.db, {
      examiner: { id, fio: before.fio },
      by: actor,
      at,
    });
    const after = await examinerRow(trx.db, id);
    await recordChange(trx.db, actor, at, 'examiner_deactivated', named(after), {
      wasHead: Boolean(before.is_head),
      handedOver,
    });
    return { deactivation: { examiner: toAdminExaminer(after), handedOver: handedOver.length }, discardedFiles };
  });
  await removeUnissuedFiles(ctx, done.discardedFiles);
  // The approved sets still waiting for their signature pass to the heads, who are told.
  await askHeadsForInventories(ctx, id);
  return done.deactivation;
}

/**
 * Lets a deactivated examiner log in again (as an examiner, not as head); their former statements stay with whoever
 * has them now. 409 when they are active, or when an active user took their e-mail meanwhile.
 */
export async function reactivateExaminer(ctx: ServiceContext, actor: Actor, id: number): Promise<AdminExaminer> {
  return inAdminTransaction(ctx, async (trx, at) => {
    const before = await examinerRow(trx.db, id);
    if (before.removed_at === null) throw apiError('invalid_transition', EXAMINER_TEXTS.alreadyActive);
    if (before.email !== null && (await findUserByEmail(trx.db, before.email))) {
      throw new ApiError('email_taken', { message: EXAMINER_TEXTS.emailTakenMeanwhile(before.email) });
    }
    if (!(await markExaminerRestored(trx.db, id))) throw apiError('invalid_transition', EXAMINER_TEXTS.alreadyActive);
    const after = await examinerRow(trx.db, id);
    await recordChange(trx.db, actor, at, 'examiner_reactivated', named(after));
    return toAdminExaminer(after);
  });
}
