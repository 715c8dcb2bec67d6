import { CONCLUSION_TEXTS, conclusionTermProblem } from '#domain/conclusions.ts';
import type { ReviewBody, ReviewBodyInput, ReviewBodyMemberInput, ReviewBodyUpdate } from '#domain/contract.ts';
import { EMAIL_INVALID_TEXT, isEmail } from '#domain/email.ts';
import { type Actor, inAdminTransaction, recordChange } from '../administration/admin-log.ts';
import { revokeUserSessions } from '../auth/session.service.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { ApiError, apiError, fieldError } from '../errors.ts';
import { optionalText } from '../text.ts';
import { normalizeEmail } from '../users/user.ts';
import {
  insertBodyInstance,
  insertExaminer,
  insertReviewer,
  markUserRemoved,
  renameBodyInstance,
} from '../users/users.service.ts';
import {
  bodyIdsOf,
  deleteMember,
  findActiveUserByEmail,
  findBody,
  findBodyByName,
  insertBody,
  insertMember,
  listBodies,
  listMembers,
  setBodyInstance,
  updateBody,
} from './conclusions.repository.ts';

// The catalogue 'Согласующие подразделения и органы' (docs/product.md «Conclusions»): a head adds bodies, renames
// them, changes their term, retires and restores them, and attaches their members, on the administration's screen or
// by the admin CLI through these same functions. Each change runs in one transaction with its administration log entry.
// An outside body owns an instance named as it is (its staff's `User.instance`), renamed with it.

type BodyRow = NonNullable<Awaited<ReturnType<typeof findBody>>>;

async function toReviewBodies(db: Db, rows: readonly BodyRow[]): Promise<ReviewBody[]> {
  const members = await listMembers(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    termDays: row.term_days,
    active: row.retired_at === null,
    members: members
      .filter((member) => member.body_id === row.id)
      .map((member) => ({
        id: member.id,
        fio: member.fio,
        email: member.email,
        position: member.position,
        active: member.removed_at === null,
      })),
  }));
}

async function bodyOf(db: Db, id: number): Promise<ReviewBody> {
  const row = await findBody(db, id);
  if (!row) throw apiError('not_found', CONCLUSION_TEXTS.bodyNotFound);
  return (await toReviewBodies(db, [row]))[0] as ReviewBody;
}

/** Every body with its members: active first, then by name. */
export async function reviewBodies(ctx: ServiceContext): Promise<ReviewBody[]> {
  return toReviewBodies(ctx.db, await listBodies(ctx.db));
}

function termDays(value: number): number {
  const problem = conclusionTermProblem(value);
  if (problem) throw fieldError('termDays', problem);
  return value;
}

async function freeName(db: Db, raw: string, except?: number): Promise<string> {
  const name = optionalText(raw);
  if (name === null) throw fieldError('name', CONCLUSION_TEXTS.bodyNameRequired);
  const found = await findBodyByName(db, name);
  if (found && found.id !== except) throw nameTaken();
  return name;
}

const nameTaken = () =>
  new ApiError('review_body_exists', { message: CONCLUSION_TEXTS.bodyNameTaken, extra: { field: 'name' } });

/** Adds a body; an outside body gets an instance of its own for its staff. */
export async function createReviewBody(ctx: ServiceContext, actor: Actor, input: ReviewBodyInput): Promise<ReviewBody> {
  return inAdminTransaction(ctx, async (trx, at) => {
    const name = await freeName(trx.db, input.name);
    const days = termDays(input.termDays);
    const instanceId = input.kind === 'external' ? await insertBodyInstance(trx.db, name, at) : null;
    const id = await insertBody(trx.db, { name, kind: input.kind, termDays: days, instanceId, at });
    await recordChange(trx.db, actor, at, 'review_body_created', name, { kind: input.kind, termDays: days });
    return bodyOf(trx.db, id);
  });
}

/** Renames a body, changes its term, retires or restores it (only what is sent). */
export async function updateReviewBody(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  patch: ReviewBodyUpdate,
): Promise<ReviewBody> {
  return inAdminTransaction(ctx, async (trx, at) => {
    const before = await findBody(trx.db, id);
    if (!before) throw apiError('not_found', CONCLUSION_TEXTS.bodyNotFound);
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    const name = patch.name === undefined ? undefined : await freeName(trx.db, patch.name, id);
    if (name !== undefined && name !== before.name) changes.name = { before: before.name, after: name };
    const days = patch.termDays === undefined ? undefined : termDays(patch.termDays);
    if (days !== undefined && days !== before.term_days) changes.termDays = { before: before.term_days, after: days };
    const wasActive = before.retired_at === null;
    const active = patch.active === undefined || patch.active === wasActive ? undefined : patch.active;
    await updateBody(trx.db, id, {
      ...(changes.name ? { name } : {}),
      ...(changes.termDays ? { termDays: days } : {}),
      ...(active === undefined ? {} : { retiredAt: active ? null : at }),
    });
    if (changes.name && name !== undefined && before.instance_id !== null) {
      await renameBodyInstance(trx.db, before.instance_id, name);
    }
    if (Object.keys(changes).length > 0 || active !== undefined) {
      await recordChange(trx.db, actor, at, 'review_body_updated', name ?? before.name, {
        changes,
        ...(active === undefined ? {} : { active }),
      });
    }
    return bodyOf(trx.db, id);
  });
}

/** The instance an outside body made before bodies kept their own gets one now, named as the body. */
async function ownInstance(db: Db, bodyId: number, name: string, at: string): Promise<number> {
  const instanceId = await insertBodyInstance(db, name, at);
  await setBodyInstance(db, bodyId, instanceId);
  return instanceId;
}

const memberTaken = () =>
  new ApiError('email_taken', { message: CONCLUSION_TEXTS.memberTaken, extra: { field: 'email' } });

/**
 * Attaches a member to a body by e-mail: an active examiner of the committee joins as they are; a new address becomes
 * an examiner (a department's member) or a `reviewer` of the body (an outside body's). A company user's address, or
 * another outside body's staff, is refused (409 naming `email`).
 */
export async function addReviewBodyMember(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: ReviewBodyMemberInput,
): Promise<ReviewBody> {
  const raw = optionalText(input.email);
  const email = raw === null ? null : normalizeEmail(raw);
  if (email === null || !isEmail(email)) {
    throw new ApiError('validation_error', { message: EMAIL_INVALID_TEXT, extra: { field: 'email' } });
  }
  return inAdminTransaction(ctx, async (trx, at) => {
    const body = await findBody(trx.db, id);
    if (!body) throw apiError('not_found', CONCLUSION_TEXTS.bodyNotFound);
    const existing = await findActiveUserByEmail(trx.db, email);
    let userId: number;
    let created = false;
    if (existing) {
      if (existing.role === 'owner' || existing.role === 'employee') throw memberTaken();
      if (existing.role === 'reviewer' && !(await bodyIdsOf(trx.db, existing.id)).includes(id)) throw memberTaken();
      if (existing.role === 'examiner' && body.kind === 'external') throw memberTaken();
      userId = existing.id;
    } else {
      created = true;
      if (body.kind === 'external') {
        const instanceId = body.instance_id ?? (await ownInstance(trx.db, id, body.name, at));
        userId = (await insertReviewer(trx, { email, fio: input.fio, position: input.position ?? null, instanceId }))
          .userId;
      } else {
        userId = (await insertExaminer(trx, { email, fio: input.fio ?? '', position: input.position ?? null })).userId;
      }
    }
    await insertMember(trx.db, id, userId, at);
    const fio = existing?.fio ?? optionalText(input.fio);
    await recordChange(trx.db, actor, at, 'review_body_member_added', body.name, {
      member: `${fio ?? '—'} (${email})`,
      created,
    });
    return bodyOf(trx.db, id);
  });
}

/** Detaches a member; an outside body's staff member is deactivated too (login refused, sessions revoked). */
export async function removeReviewBodyMember(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  userId: number,
): Promise<ReviewBody> {
  const result = await inAdminTransaction(ctx, async (trx, at) => {
    const body = await findBody(trx.db, id);
    if (!body) throw apiError('not_found', CONCLUSION_TEXTS.bodyNotFound);
    const member = (await listMembers(trx.db, [id])).find((row) => row.id === userId);
    if (!member || !(await deleteMember(trx.db, id, userId)))
      throw apiError('not_found', CONCLUSION_TEXTS.memberNotFound);
    const deactivate = member.role === 'reviewer' && (await bodyIdsOf(trx.db, userId)).length === 0;
    if (deactivate) {
      await markUserRemoved(trx.db, userId, at);
      await revokeUserSessions(trx.db, userId, at);
    }
    await recordChange(trx.db, actor, at, 'review_body_member_removed', body.name, {
      member: `${member.fio ?? '—'} (${member.email ?? 'без e-mail'})`,
    });
    return { body: await bodyOf(trx.db, id), deactivate };
  });
  return result.body;
}
