import type { InstanceProfile, InstanceProfileInput, User } from '#domain/contract.ts';
import { EMAIL_INVALID_TEXT, isEmail } from '#domain/email.ts';
import { type ServiceContext, withDb } from '../context.ts';
import { type Db, nowIso } from '../db/database.ts';
import { ApiError, apiError, fieldError } from '../errors.ts';
import { optionalText, requiredText } from '../text.ts';
import { requireExaminer } from './guards.ts';
import { normalizeEmail, type UserRow } from './user.ts';
import * as users from './users.repository.ts';

/**
 * The API shape of the current user (docs/product.md «Entities»); rows never leave the server as they are. A company
 * user who has not consented to `consentVersion` (the consent's current version; null while none can be given) is
 * asked to.
 */
function toApiUser(row: UserRow, consentVersion: string | null, reviewBodyMember: boolean | undefined): User {
  return {
    id: row.id,
    fio: row.fio,
    // A logged-in user always has an e-mail: it is how they logged in.
    email: row.email ?? '',
    role: row.role,
    isOwner: row.role === 'owner',
    isHead: row.role === 'examiner' && Boolean(row.is_head),
    company:
      row.company_id !== null
        ? { id: row.company_id, legalEntity: row.company_legal_entity ?? '', state: row.company_state ?? 'active' }
        : null,
    instance: row.instance_id !== null ? { id: row.instance_id, name: row.instance_name ?? '' } : null,
    ...(reviewBodyMember === undefined ? {} : { reviewBodyMember }),
    consentRequired: consentVersion !== null && row.company_id !== null && row.consent_version !== consentVersion,
  };
}

/**
 * The API shape of a user: for the committee's examiners and outside bodies' staff, whether they belong to a reviewing
 * body (read here, for `/api/users/me` and a new session, not with every request's user).
 */
export async function apiUser(ctx: ServiceContext, row: UserRow, consentVersion: string | null): Promise<User> {
  const staff = row.role === 'examiner' || row.role === 'reviewer';
  return toApiUser(row, consentVersion, staff ? await users.isReviewBodyMember(ctx.db, row.id) : undefined);
}

/** The API shape of an active user by id, or null (removed or unknown): what a new session answers with. */
export async function activeApiUser(
  ctx: ServiceContext,
  id: number,
  consentVersion: string | null,
): Promise<User | null> {
  const row = await users.findUserById(ctx.db, id);
  return row ? apiUser(ctx, row, consentVersion) : null;
}

/** Keeps what a user consented to: the consent's version, when, from which address. */
export function recordConsent(db: Db, id: number, consent: { version: string; at: string; address: string }) {
  return users.updateConsent(db, id, consent);
}

/** Keeps when and how a user withdrew their consent (docs/product.md «Personal data»); false when it already was. */
export function recordConsentWithdrawn(db: Db, id: number, at: string, via: string): Promise<boolean> {
  return users.updateConsentWithdrawn(db, id, at, via);
}

/** 409 `email_taken` naming the field: another active user has this e-mail. */
export function emailTaken(email: string): ApiError {
  return new ApiError('email_taken', {
    message: `E-mail ${email} уже используется другим пользователем портала`,
    extra: { field: 'email' },
  });
}

/**
 * A valid e-mail that no active user has yet (texts of docs/product.md «Validation»); null stays null (an employee may
 * have none).
 */
export async function freeEmail(ctx: ServiceContext, email: string | null | undefined): Promise<string | null> {
  const text = optionalText(email);
  if (text === null) return null;
  const normalized = normalizeEmail(text);
  if (!isEmail(normalized)) {
    throw new ApiError('validation_error', { message: EMAIL_INVALID_TEXT, extra: { field: 'email' } });
  }
  if (await users.findUserByEmail(ctx.db, normalized)) throw emailTaken(normalized);
  return normalized;
}

/**
 * A new login (an owner, an examiner): an e-mail is required; in one transaction it is taken (free among active users)
 * and `make` inserts the user, and what it belongs to, with it and the creation moment.
 */
export async function withNewLogin<T>(
  ctx: ServiceContext,
  rawEmail: string,
  make: (trx: Db, login: { email: string | null; createdAt: string }) => Promise<T>,
): Promise<T> {
  if (optionalText(rawEmail) === null) throw apiError('validation_error', 'Некорректный email');
  return ctx.db.transaction().execute(async (trx) => {
    const email = await freeEmail(withDb(ctx, trx), rawEmail);
    return make(trx, { email, createdAt: nowIso(ctx.now()) });
  });
}

export interface NewExaminer {
  email: string;
  fio: string;
  phone?: string | null;
  position?: string | null;
  instanceName?: string;
  /** The committee's head (руководитель отдела). */
  isHead?: boolean;
}

const DEFAULT_INSTANCE_NAME = 'Комитет по архитектуре и градостроительству';

/**
 * Creates an examiner in the committee (the single instance, created on first use), in the caller's transaction
 * (`ctx.db`). The committee always has a head: its first examiner becomes the head unless another is named. The
 * e-mail must be valid and free among active users (400 / 409 naming `email`), the name not blank (400 naming `fio`).
 */
export async function insertExaminer(
  ctx: ServiceContext,
  input: NewExaminer,
): Promise<{ instanceId: number; userId: number; isHead: boolean }> {
  const fio = optionalText(input.fio);
  if (fio === null) throw fieldError('fio', 'Укажите ФИО');
  if (optionalText(input.email) === null) throw fieldError('email', 'Укажите e-mail');
  const email = await freeEmail(ctx, input.email);
  const createdAt = nowIso(ctx.now());
  const instanceId = await ensureInstance(ctx.db, input.instanceName ?? DEFAULT_INSTANCE_NAME, createdAt);
  const isHead = input.isHead === true || (await users.countHeads(ctx.db)) === 0;
  const userId = await users.insertUser(ctx.db, {
    email,
    fio,
    phone: optionalText(input.phone),
    position: optionalText(input.position),
    role: 'examiner',
    instanceId,
    isHead,
    createdAt,
  });
  return { instanceId, userId, isHead };
}

/**
 * Creates a member of an outside reviewing body (role `reviewer`) in the body's own instance (`instanceId`), in the
 * caller's transaction: they can log in at once with a code to their e-mail, valid and free among active users (400 /
 * 409 naming `email`), and see only the conclusion requests sent to their body.
 */
export async function insertReviewer(
  ctx: ServiceContext,
  input: { email: string; fio: string | null | undefined; position?: string | null; instanceId: number },
): Promise<{ instanceId: number; userId: number }> {
  const fio = optionalText(input.fio);
  if (fio === null) throw fieldError('fio', 'Укажите ФИО');
  const email = await freeEmail(ctx, input.email);
  if (email === null) throw fieldError('email', 'Укажите e-mail');
  const createdAt = nowIso(ctx.now());
  const { instanceId } = input;
  const userId = await users.insertUser(ctx.db, {
    email,
    fio,
    position: optionalText(input.position),
    role: 'reviewer',
    instanceId,
    createdAt,
  });
  return { instanceId, userId };
}

/** `insertExaminer` in a transaction of its own (the demo seed, tests). */
export async function createExaminer(
  ctx: ServiceContext,
  input: NewExaminer,
): Promise<{ instanceId: number; userId: number }> {
  return ctx.db.transaction().execute(async (trx) => insertExaminer(withDb(ctx, trx), input));
}

/** The calling examiner's contact details, shown to applicants as the statement's examiner. */
export function examinerProfile(actor: UserRow): InstanceProfile {
  requireExaminer(actor);
  return { id: actor.id, contactFio: actor.fio, contactPhone: actor.phone };
}

/**
 * Saves the examiner's name (required after trimming, docs/product.md «Validation») and phone (empty stored as null).
 */
export async function updateExaminerProfile(
  ctx: ServiceContext,
  actor: UserRow,
  input: InstanceProfileInput,
): Promise<InstanceProfile> {
  examinerProfile(actor);
  const fio = requiredText(input.contactFio, 'Укажите ФИО');
  const phone = optionalText(input.contactPhone);
  await users.updateContact(ctx.db, actor.id, { fio, phone });
  return { id: actor.id, contactFio: fio, contactPhone: phone };
}

// ——— What other areas read and change of users (their SQL stays in users.repository.ts) ———

/** An active user by id, or undefined (removed or unknown): every authenticated request reads one. */
export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return users.findUserById(db, id);
}

/** An active user by e-mail (compared normalized), or undefined. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return users.findUserByEmail(db, email);
}

/** Which of these e-mails belong to active users. */
export function findUsersByEmails(db: Db, emails: string[]): Promise<string[]> {
  return users.findUsersByEmails(db, emails);
}

/** Every active user, by id. */
export function listUsers(db: Db): Promise<UserRow[]> {
  return users.listUsers(db);
}

/** Active users of a company, the owner included, by name. */
export function listCompanyUsers(db: Db, companyId: number): Promise<UserRow[]> {
  return users.listCompanyUsers(db, companyId);
}

/** An active user of this company, or undefined (another company's user is as missing as a wrong id). */
export function findCompanyUser(db: Db, companyId: number, id: number): Promise<UserRow | undefined> {
  return users.findCompanyUser(db, companyId, id);
}

/** Active examiners (every user of the committee). */
export function listExaminers(db: Db): Promise<UserRow[]> {
  return users.listExaminers(db);
}

/** A user logged in with their e-mail: it is verified. */
export function markUserVerified(db: Db, id: number): Promise<void> {
  return users.markUserVerified(db, id);
}

/** Inserts a user in the caller's transaction; returns its id. */
export function insertUser(db: Db, user: users.NewUser): Promise<number> {
  return users.insertUser(db, user);
}

/** Changes a person's name, contacts and e-mail. */
export function updatePerson(db: Db, id: number, changes: users.PersonChanges): Promise<void> {
  return users.updatePerson(db, id, changes);
}

/** Soft delete: the row stays for everything the user made; false when already removed. */
export function markUserRemoved(db: Db, id: number, at: string): Promise<boolean> {
  return users.markUserRemoved(db, id, at);
}

// ——— The administration's view of examiners (docs/product.md «Administration») ———

/** Every examiner, deactivated ones included: active first, then by name. */
export function listAllExaminers(db: Db) {
  return users.listAllExaminers(db);
}

/** An examiner by id, active or deactivated. */
export function findExaminer(db: Db, id: number) {
  return users.findExaminer(db, id);
}

/** Changes an examiner's name, contacts, position or head's flag (only the fields given). */
export function updateExaminer(db: Db, id: number, changes: users.ExaminerChanges): Promise<void> {
  return users.updateExaminer(db, id, changes);
}

/** A deactivated examiner active again, not as head; false when they were active. */
export function markExaminerRestored(db: Db, id: number): Promise<boolean> {
  return users.markExaminerRestored(db, id);
}

/** How many active heads the committee has. */
export function countHeads(db: Db): Promise<number> {
  return users.countHeads(db);
}

/** The active heads' ids, locked to the end of the caller's transaction (see users.repository.ts). */
export function lockHeads(db: Db): Promise<number[]> {
  return users.lockHeads(db);
}

/**
 * The instance (the committee, the reviewing body examiners belong to: the contract's `User.instance`) of this name,
 * created on first use; `db` is the transaction that adds its examiner.
 */
async function ensureInstance(db: Db, name: string, createdAt: string): Promise<number> {
  return (await users.findInstanceId(db, name)) ?? users.insertInstance(db, name, createdAt);
}

/**
 * A new instance of its own for an outside reviewing body, named as the body (its staff's `User.instance`), in the
 * caller's transaction; returns its id.
 */
export function insertBodyInstance(db: Db, name: string, createdAt: string): Promise<number> {
  return users.insertInstance(db, name, createdAt);
}

/** Renames an outside body's instance with the body, so its staff read the body's name as it is now. */
export function renameBodyInstance(db: Db, id: number, name: string): Promise<void> {
  return users.renameInstance(db, id, name);
}

/** Deletes a company's users, who filed nothing (a declined registration's), in the caller's transaction. */
export function deleteCompanyUsers(db: Db, companyId: number): Promise<void> {
  return users.deleteCompanyUsers(db, companyId);
}

/** The committee's heads, active. */
export async function listHeads(db: Db): Promise<UserRow[]> {
  return (await users.listExaminers(db)).filter((user) => Boolean(user.is_head));
}
